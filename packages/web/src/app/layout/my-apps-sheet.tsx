import type { UserInfo } from '@vendo/contract/api/account';
import { APP_MODULE_LABELS, enumLabel } from '@vendo/contract/enums';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetFrame } from '../../components/sheet/sheet';
import { currentLocale, registerNamespace } from '../../i18n/i18n';
import layoutTexts from '../../i18n/resources/layout';
import { formatDateTime } from '../../lib/format';
import { appDaysLeft, appState } from '../../lib/permissions';

registerNamespace('layout', layoutTexts);

interface MyAppsSheetProps {
  user: UserInfo;
  visible: boolean;
  onClose: () => void;
}

/** The merchant's app modules with their expiry (main account only, spec §6). */
export function MyAppsSheet({ user, visible, onClose }: MyAppsSheetProps) {
  const { t } = useTranslation('layout');
  const locale = currentLocale();
  const now = Date.now();
  const apps = [...user.appList].sort((a, b) => a.expire_at - b.expire_at);

  return (
    <Sheet visible={visible} onClose={onClose} closeOnMaskClick destroyOnClose={false}>
      <SheetFrame title={t('myApps')} onClose={onClose}>
        {apps.length === 0 ? (
          <p className="muted" style={{ padding: 16 }}>
            {t('noApps')}
          </p>
        ) : (
          <List mode="card">
            {apps.map((app) => {
              const state = appState(app, now);
              return (
                <List.Item
                  key={app.app_module_name}
                  extra={
                    state === 'expired' ? (
                      <Tag color="danger" fill="outline">
                        {t('appExpired')}
                      </Tag>
                    ) : state === 'soon' ? (
                      <Tag color="warning" fill="outline">
                        {t('appSoon')}
                      </Tag>
                    ) : null
                  }
                  description={
                    <span className="app-expiry" data-state={state}>
                      {t('expiresAt', { time: formatDateTime(app.expire_at) })}
                      {state === 'soon' ? ` · ${t('daysLeft', { days: appDaysLeft(app, now) })}` : ''}
                    </span>
                  }
                >
                  {enumLabel(APP_MODULE_LABELS, app.app_module_name, locale) ?? app.app_module_name}
                </List.Item>
              );
            })}
          </List>
        )}
      </SheetFrame>
    </Sheet>
  );
}
