import type { UserInfo } from '@vendo/contract/api/account';
import { i18n } from '../i18n/i18n';
import { currentAgent } from './agent';
import { alertDialog } from './notify';
import { clearLogin, hasAppList, loginPath, saveLogin } from './session';
import { rememberAccount } from './recent-accounts';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * A user info without apps cannot drive any screen (spec §4): say so, drop the login and start over at /login.
 */
export function rejectMissingAppList(navigate: Navigate): void {
  clearLogin();
  // Home may call this before any auth screen loaded the texts.
  void i18n
    .loadNamespaces('auth')
    .then(() => alertDialog(i18n.t('auth:appListMissing'), i18n.t('actions.ok')))
    .then(() => navigate(loginPath(currentAgent()), { replace: true }));
}

/** Stores a fresh login and remembers the account for the recent list. Returns false when it was refused. */
export function finishLogin(info: UserInfo, navigate: Navigate): boolean {
  if (!hasAppList(info)) {
    rejectMissingAppList(navigate);
    return false;
  }
  saveLogin(info);
  rememberAccount(info.username);
  return true;
}
