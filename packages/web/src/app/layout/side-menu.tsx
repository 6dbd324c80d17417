import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import { LOCALES, type Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { isMainlandMobile } from '@vendo/contract/validation';
import { CheckList, List, Popup } from 'antd-mobile';
import { AppstoreOutline, KeyOutline, LinkOutline, LockOutline, UserOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refreshStaleUserInfo } from '../../features/auth/api/get-user-info';
import { signOut } from '../../features/auth/api/logout';
import { currentLocale, LANGUAGE_NAMES, registerNamespace, setLocale } from '../../i18n/i18n';
import layoutTexts from '../../i18n/resources/layout';
import { currentAgent } from '../../lib/agent';
import { loadChunk } from '../../lib/load-chunk';
import { alertDialog } from '../../lib/notify';
import { can, canChangeOwnOperPwd, canResetOwnLoginPwd } from '../../lib/permissions';
import { loginPath } from '../../lib/session';

registerNamespace('layout', layoutTexts);

// The sheets are rarely opened; loading them on demand keeps them out of the first screen's JavaScript.
const ResetLoginPasswordSheet = lazy(() =>
  loadChunk(() => import('../../features/auth/components/reset-login-password')).then((m) => ({
    default: m.ResetLoginPasswordSheet,
  })),
);
const ResetOperPasswordSheet = lazy(() =>
  loadChunk(() => import('../../features/auth/components/reset-oper-password')).then((m) => ({
    default: m.ResetOperPasswordSheet,
  })),
);
const MyAppsSheet = lazy(() =>
  loadChunk(() => import('./my-apps-sheet')).then((m) => ({ default: m.MyAppsSheet })),
);

type Sheet = 'apps' | 'operPwd' | 'loginPwd';

/** Three taps within this window on the name open the hidden overview (spec §2). */
const TRIPLE_TAP_MS = 1500;

interface SideMenuProps {
  user: UserInfo;
  visible: boolean;
  onClose: () => void;
}

export function SideMenu({ user, visible, onClose }: SideMenuProps) {
  const { t } = useTranslation(['layout', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [opened, setOpened] = useState<Set<Sheet>>(new Set());
  const taps = useRef<number[]>([]);
  const locale = currentLocale();
  // Opened, the menu reads the user info again if it is stale: the entries follow the role and apps as they are now.
  useEffect(() => {
    if (visible) refreshStaleUserInfo(queryClient);
  }, [visible, queryClient]);

  const open = (next: Sheet) => {
    onClose();
    setOpened((prev) => new Set(prev).add(next));
    setSheet(next);
  };

  const tapName = () => {
    const now = Date.now();
    taps.current = [...taps.current.filter((at) => now - at < TRIPLE_TAP_MS), now];
    if (taps.current.length >= 3) {
      taps.current = [];
      onClose();
      void navigate('/overview');
    }
  };

  const tip = (content: string) => void alertDialog(content, t('common:actions.ok'));

  const openOperPwd = () => {
    if (!canChangeOwnOperPwd(user)) return tip(t('contactMainForOperPwd'));
    open('operPwd');
  };

  const openLoginPwd = () => {
    if (!canResetOwnLoginPwd(user)) return tip(rcodeText(RCODE.SELF_RESET_DISABLED)?.[locale] ?? '');
    // The code goes to the phone that is the main account's username; without one there is nowhere to send it.
    if (user.isMain && !isMainlandMobile(user.username))
      return tip(rcodeText(RCODE.NO_PHONE_BOUND)?.[locale] ?? '');
    // A staff member's code goes to their own phone, which only the main account can add.
    if (!user.isMain && user.hasPhone === false) return tip(rcodeText(RCODE.STAFF_NO_PHONE)?.[locale] ?? '');
    open('loginPwd');
  };

  const logout = async () => {
    onClose();
    await signOut();
    queryClient.clear();
    void navigate(loginPath(currentAgent()), { replace: true });
  };

  const closeSheet = () => setSheet(null);

  return (
    <>
      <Popup
        visible={visible}
        position="left"
        onMaskClick={onClose}
        onClose={onClose}
        bodyClassName="side-menu-body"
      >
        <nav className="side-menu" aria-label={t('menu')}>
          <button type="button" className="side-menu-head" onClick={tapName}>
            <span className="avatar" aria-hidden="true">
              <UserOutline />
            </span>
            <span>
              <span className="side-menu-name">{user.nickname || user.username}</span>
              <br />
              <span className="side-menu-role">
                {user.isMain ? t('mainAccount') : t('staffAccount')} · {user.username}
              </span>
            </span>
          </button>

          <div className="side-menu-section" id="menu-language">
            {t('language')}
          </div>
          <CheckList
            mode="card"
            value={[locale]}
            onChange={(values) => {
              const next = values[0];
              if (typeof next === 'string' && (LOCALES as readonly string[]).includes(next)) {
                void setLocale(next as Locale);
              }
            }}
          >
            {LOCALES.map((code) => (
              <CheckList.Item key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </CheckList.Item>
            ))}
          </CheckList>

          <List header={t('account')} mode="card">
            {can(user, 'myApps', Date.now()) ? (
              <List.Item prefix={<AppstoreOutline />} onClick={() => open('apps')}>
                {t('myApps')}
              </List.Item>
            ) : null}
            {user.loginType === 'wechat' ? (
              // A messaging-app login switches between, names and unlinks the accounts linked to it.
              <List.Item
                prefix={<LinkOutline />}
                onClick={() => {
                  onClose();
                  void navigate('/BindPassport');
                }}
              >
                {t('linkedAccounts')}
              </List.Item>
            ) : null}
            <List.Item prefix={<KeyOutline />} onClick={openOperPwd}>
              {t('resetOperPwd')}
            </List.Item>
            <List.Item prefix={<LockOutline />} onClick={openLoginPwd}>
              {t('resetLoginPwd')}
            </List.Item>
          </List>

          <List mode="card">
            <List.Item onClick={() => void logout()} arrowIcon={false}>
              <span className="logout-label">{t('logout')}</span>
            </List.Item>
          </List>
        </nav>
      </Popup>

      <Suspense fallback={null}>
        {opened.has('apps') ? (
          <MyAppsSheet user={user} visible={sheet === 'apps'} onClose={closeSheet} />
        ) : null}
        {opened.has('operPwd') ? (
          <ResetOperPasswordSheet user={user} visible={sheet === 'operPwd'} onClose={closeSheet} />
        ) : null}
        {opened.has('loginPwd') ? (
          <ResetLoginPasswordSheet visible={sheet === 'loginPwd'} onClose={closeSheet} />
        ) : null}
      </Suspense>
    </>
  );
}
