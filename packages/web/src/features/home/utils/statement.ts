import { DEVICE_KEYS, isStringList, local, LOGIN_KEYS } from '../../../lib/storage';

/*
 * The statement shows once per login (its marker is a login key, so it goes with the login) unless the account
 * chose "don't show again" on this phone (a device key, so it outlives logins).
 */

function dismissed(): string[] {
  return local.getJson(DEVICE_KEYS.statementDismissed, isStringList) ?? [];
}

export function shouldShowStatement(username: string, loginAt: number | null): boolean {
  if (dismissed().includes(username)) return false;
  return local.get(LOGIN_KEYS.statementSeen) !== String(loginAt ?? '');
}

export function closeStatement(username: string, loginAt: number | null, dontShowAgain: boolean): void {
  local.set(LOGIN_KEYS.statementSeen, String(loginAt ?? ''));
  if (dontShowAgain && !dismissed().includes(username)) {
    local.setJson(DEVICE_KEYS.statementDismissed, [...dismissed(), username]);
  }
}
