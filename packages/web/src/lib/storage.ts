/**
 * Every localStorage key the app uses, in one list, so that "clear the login" and "clear everything" cannot miss
 * one. Login keys die with the session; device keys (recent accounts, "don't show again" choices) outlive it,
 * because they belong to the phone rather than to one login.
 */
export const LOGIN_KEYS = {
  userInfo: 'vendo.userInfo',
  loginAt: 'vendo.loginAt',
  /** Member-page token and secret (spec §3). */
  memberInfo: 'vendo.memberInfo',
  statementSeen: 'vendo.statementSeen',
} as const;

export const DEVICE_KEYS = {
  version: 'vendo.version',
  recentAccounts: 'vendo.recentAccounts',
  statementDismissed: 'vendo.statementDismissed',
} as const;

export const SESSION_KEYS = {
  chunkReloads: 'vendo.chunkReloads',
  returnTo: 'vendo.returnTo',
  /** A phone the forget screen hands to the login screen. */
  loginPrefill: 'vendo.loginPrefill',
  /**
   * Operator sign from checkOprPwd, whose login it belongs to and when it ends (spec §4: 2 hours). Kept for the
   * tab only: a sign is worth as much as the operation password for those 2 hours.
   */
  operSign: 'vendo.operSign',
  /** clientid, sn and sign of the bind link being bound (spec §2 /bind). */
  bindInfo: 'vendo.bindInfo',
} as const;

type LocalKey = (typeof LOGIN_KEYS)[keyof typeof LOGIN_KEYS] | (typeof DEVICE_KEYS)[keyof typeof DEVICE_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

// Some in-app browsers throw on storage access in private modes; the app then behaves as if nothing was stored.
function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: LocalKey): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: LocalKey, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey): void => safe(() => localStorage.removeItem(key), undefined),
  /** Reads JSON and checks its shape; anything unreadable counts as absent. */
  getJson<T>(key: LocalKey, isValid: (value: unknown) => value is T): T | null {
    const raw = local.get(key);
    if (raw === null) return null;
    const parsed = safe<unknown>(() => JSON.parse(raw), undefined);
    return isValid(parsed) ? parsed : null;
  },
  setJson: (key: LocalKey, value: unknown): void => local.set(key, JSON.stringify(value)),
  /** Whether anything of ours is stored at all (a first visit has nothing). */
  isEmpty: (): boolean =>
    safe(
      () =>
        [...Object.values(LOGIN_KEYS), ...Object.values(DEVICE_KEYS)].every(
          (k) => localStorage.getItem(k) === null,
        ),
      true,
    ),
};

export const session = {
  get: (key: SessionKey): string | null => safe(() => sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string): void => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey): void => safe(() => sessionStorage.removeItem(key), undefined),
};

export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function clearLoginStorage(): void {
  Object.values(LOGIN_KEYS).forEach((key) => local.remove(key));
}

/** Wipes everything, for a storage format change; the caller writes the new version marker. */
export function clearAllStorage(): void {
  safe(() => localStorage.clear(), undefined);
}
