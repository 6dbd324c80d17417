import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs/tabs';
import { registerNamespace } from '../../../i18n/i18n';
import staffTexts from '../../../i18n/resources/staff';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useUserInfo } from '../../../lib/session';
import { RoleList } from './role-list';
import { StaffList } from './staff-list';
import '../../../styles/list-page.css';
import './staff.css';

registerNamespace('staff', staffTexts);

type StaffTab = 'staff' | 'roles';

const SuffixSheet = lazyComponent(() => import('./suffix-form').then((m) => m.SuffixSheet));

/** /staff: sub-accounts and roles (spec §2), main account only (the route table); the tab lives in the address. */
export default function StaffScreen() {
  const { t } = useTranslation('staff');
  const user = useUserInfo();
  const [params, setParams] = useSearchParams();
  const tab: StaffTab = params.get('tab') === 'roles' ? 'roles' : 'staff';
  const [suffixOpen, setSuffixOpen] = useState(false);
  const suffixOpened = useOpenedOnce(suffixOpen);
  const suffix = user?.subUserSuffix || user?.username || '';

  return (
    <div className="staff-page">
      <Tabs<StaffTab>
        tabs={[
          { key: 'staff', title: t('tabs.staff') },
          { key: 'roles', title: t('tabs.roles') },
        ]}
        activeKey={tab}
        onChange={(key) => setParams(key === 'roles' ? { tab: 'roles' } : {}, { replace: true })}
      />
      <div className="page">
        {tab === 'staff' ? (
          <>
            <div className="card staff-suffix">
              <div>
                <div className="staff-suffix-label">{t('suffix.label')}</div>
                <div className="staff-suffix-value">@{suffix}</div>
                <div className="muted">{t('suffix.hint')}</div>
              </div>
              <Button size="small" color="primary" fill="outline" onClick={() => setSuffixOpen(true)}>
                {t('suffix.change')}
              </Button>
            </div>
            <StaffList />
          </>
        ) : (
          <RoleList />
        )}
      </div>
      {suffixOpened ? (
        <SuffixSheet visible={suffixOpen} current={suffix} onClose={() => setSuffixOpen(false)} />
      ) : null}
    </div>
  );
}
