import { APP_MODULE_LABELS, enumLabel } from '@vendo/contract/enums';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state/list-state';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import overviewTexts from '../../../i18n/resources/overview';
import { formatDateTime } from '../../../lib/format';
import { useUserInfo } from '../../../lib/session';
import { useOverview } from '../api/get-overview';
import './overview.css';

registerNamespace('overview', overviewTexts);

const STATE_COLOR = { active: 'success', soon: 'warning', expired: 'danger' } as const;

/** /overview (spec §2): what support asks a merchant for, on one screen; opened by 3 taps on the name. */
export default function OverviewScreen() {
  const { t } = useTranslation('overview');
  const locale = currentLocale();
  const overview = useOverview();
  // Without a live sign: not verified yet, or nothing to verify (an account without an operation password).
  const user = useUserInfo();
  const data = overview.data;
  const zone = data?.account.time_zone;
  const time = (ms: number) => formatDateTime(ms, zone);

  return (
    <div className="page overview-page">
      <ListState
        pending={overview.isPending}
        failed={overview.isError && !overview.data}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        empty={false}
      >
        {data ? (
          <>
            <List mode="card" header={t('account')}>
              <List.Item extra={data.account.username}>{t('username')}</List.Item>
              <List.Item extra={data.account.nickname || t('none')}>{t('nickname')}</List.Item>
              <List.Item extra={data.account.merchant_name || t('none')}>{t('merchant')}</List.Item>
              <List.Item extra={data.account.is_main ? t('main') : t('sub')}>{t('kind')}</List.Item>
              <List.Item
                extra={data.account.sub_user_suffix || t('notSet')}
                description={
                  <>
                    {data.account.sub_user_suffix
                      ? t('suffixInUse', { suffix: data.account.login_suffix })
                      : t('suffixDefault', { suffix: data.account.login_suffix })}
                    {/* The suffix is set on /staff, the main account's screen (spec §6). */}
                    {data.account.is_main ? (
                      <>
                        {' '}
                        <Link to="/staff" className="overview-suffix-link">
                          {data.account.sub_user_suffix ? t('changeSuffix') : t('setSuffix')}
                        </Link>
                      </>
                    ) : null}
                  </>
                }
              >
                {t('suffix')}
              </List.Item>
              <List.Item extra={t(data.account.login_type)}>{t('loginType')}</List.Item>
              <List.Item extra={`${data.account.user_id} / ${data.account.merchant_id}`}>
                {t('ids')}
              </List.Item>
              <List.Item extra={data.account.time_zone}>{t('timeZone')}</List.Item>
            </List>
            <List mode="card" header={t('session')}>
              <List.Item extra={time(data.session.expiry)}>{t('expiry')}</List.Item>
              <List.Item
                extra={
                  data.session.oper_expire_at !== null
                    ? time(data.session.oper_expire_at)
                    : user?.isOperPwd === 1
                      ? t('operNotVerified')
                      : t('operNotSet')
                }
              >
                {t('operExpiry')}
              </List.Item>
              <List.Item extra={data.version}>{t('version')}</List.Item>
              <List.Item extra={time(data.server_time)}>{t('serverTime')}</List.Item>
            </List>
            <List mode="card" header={t('apps')}>
              {data.app_list.length === 0 ? <List.Item>{t('noApps')}</List.Item> : null}
              {data.app_list.map((app) => {
                const state = !app.usable ? 'expired' : app.expires_soon ? 'soon' : 'active';
                return (
                  <List.Item
                    key={app.app_module_name}
                    description={
                      t('expiresAt', { time: time(app.expire_at) }) +
                      (state === 'soon' ? ` · ${t('daysLeft', { days: app.days_left })}` : '')
                    }
                    extra={
                      <Tag color={STATE_COLOR[state]} fill="outline">
                        {t(state)}
                      </Tag>
                    }
                  >
                    {enumLabel(APP_MODULE_LABELS, app.app_module_name, locale) ?? app.app_module_name}
                  </List.Item>
                );
              })}
            </List>
            <List mode="card" header={t('health')}>
              <List.Item
                extra={
                  <Tag color={data.health.status === 'ok' ? 'success' : 'danger'} fill="outline">
                    {t(data.health.status)}
                  </Tag>
                }
              >
                {t('status')}
              </List.Item>
              <List.Item extra={`${data.health.db} · ${data.health.db_ok ? t('ok') : t('degraded')}`}>
                {t('database')}
              </List.Item>
              <List.Item extra={t(data.health.gateway)}>{t('gateway')}</List.Item>
              <List.Item
                extra={`${t('sms')} ${data.health.sandbox.sms ? t('yes') : t('no')} · ${t('messaging')} ${
                  data.health.sandbox.messaging ? t('yes') : t('no')
                }`}
              >
                {t('sandbox')}
              </List.Item>
              <List.Item extra={t('minutes', { count: Math.floor(data.health.uptime_ms / 60000) })}>
                {t('uptime')}
              </List.Item>
            </List>
          </>
        ) : null}
      </ListState>
    </div>
  );
}
