import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@vendo/contract/api/account';
import { DEFAULT_AGENT, LOGIN_VALID_MS, STORAGE_VERSION } from '@vendo/contract/constants';
import { isUserInfo } from './user-info';
import {
  clearAllStorage,
  clearLoginStorage,
  DEVICE_KEYS,
  local,
  LOGIN_KEYS,
  session,
  SESSION_KEYS,
} from './storage';

/* ---------- the stored login, as a small store React can subscribe to ---------- */

const listeners = new Set<() => void>();
// Keyed by the stored text, so a wiped storage or another tab's login is never answered from a stale copy,
// while React still gets the same object for the same login.
let cached: { raw: string | null; info: UserInfo | null } | undefined;

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function readUserInfo(): UserInfo | null {
  const raw = local.get(LOGIN_KEYS.userInfo);
  if (cached?.raw !== raw) cached = { raw, info: local.getJson(LOGIN_KEYS.userInfo, isUserInfo) };
  return cached.info;
}

export function readLoginAt(): number | null {
  const value = Number(local.get(LOGIN_KEYS.loginAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Stores a fresh login (spec §4: valid 3 days from now). */
export function saveLogin(info: UserInfo, now: number = Date.now()): void {
  local.setJson(LOGIN_KEYS.userInfo, info);
  local.set(LOGIN_KEYS.loginAt, String(now));
  local.set(DEVICE_KEYS.version, STORAGE_VERSION);
  emit();
}

/** Replaces the stored info (a refresh from getUserInfo) without extending the login. */
export function updateUserInfo(info: UserInfo): void {
  local.setJson(LOGIN_KEYS.userInfo, info);
  emit();
}

export function clearLogin(): void {
  clearLoginStorage();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribeSession, readUserInfo, readUserInfo);
}

export interface MemberCert {
  token: string;
  secret: string;
}

function isMemberCert(value: unknown): value is MemberCert {
  if (typeof value !== 'object' || value === null) return false;
  const { token, secret } = value as Partial<Record<keyof MemberCert, unknown>>;
  return typeof token === 'string' && token !== '' && typeof secret === 'string' && secret !== '';
}

export function readMemberCert(): MemberCert | null {
  return local.getJson(LOGIN_KEYS.memberInfo, isMemberCert);
}

/* ---------- rules of spec §4 ---------- */

export function hasAppList(info: { appList?: unknown } | null | undefined): boolean {
  return Array.isArray(info?.appList) && info.appList.length > 0;
}

export function isLoginValid(now: number = Date.now()): boolean {
  const info = readUserInfo();
  const loginAt = readLoginAt();
  if (!info || !info.token || loginAt === null) return false;
  return now - loginAt < LOGIN_VALID_MS;
}

const lower = (paths: readonly string[]) => new Set(paths.map((p) => p.toLowerCase()));

/** Screens that work without a login (spec §4); the router matches paths case-insensitively, so do we. */
const SESSION_FREE = lower([
  '/login',
  '/signup',
  '/forget',
  '/error',
  '/success',
  '/shareAddBank',
  '/PassportLoading',
  '/BindPassport',
  '/open-member',
  '/open-member-passport',
]);

const AUTH_SCREENS = lower(['/login', '/signup', '/forget']);

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

export function isSessionFree(pathname: string): boolean {
  return SESSION_FREE.has(normalise(pathname));
}

export function isAuthScreen(pathname: string): boolean {
  return AUTH_SCREENS.has(normalise(pathname));
}

export function loginPath(agent: string): string {
  return agent && agent !== DEFAULT_AGENT ? `/login?agent=${encodeURIComponent(agent)}` : '/login';
}

export function rememberReturnTo(pathWithSearch: string): void {
  session.set(SESSION_KEYS.returnTo, pathWithSearch);
}

/** Where to go after a login: the page the person was sent away from, or / when they came from an auth screen. */
export function takeReturnTo(): string {
  const target = session.get(SESSION_KEYS.returnTo);
  session.remove(SESSION_KEYS.returnTo);
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  const pathname = target.split(/[?#]/)[0] ?? '/';
  return isAuthScreen(pathname) ? '/' : target;
}

/**
 * Start-up storage check (spec §4): a different version marker, or stored user info without an app list,
 * means the stored data predates this build, so it is wiped and the page reloaded. /shareAddBank is opened by
 * people who never log in here and must keep whatever it stored.
 * Returns true when the caller must reload.
 */
export function resetStaleStorage(pathname: string): boolean {
  if (normalise(pathname) === '/shareaddbank') return false;
  if (local.isEmpty()) {
    // A first visit: nothing stale to remove, just mark the format.
    local.set(DEVICE_KEYS.version, STORAGE_VERSION);
    return false;
  }
  const versionDiffers = local.get(DEVICE_KEYS.version) !== STORAGE_VERSION;
  const raw = local.get(LOGIN_KEYS.userInfo);
  let infoWithoutApps = false;
  if (raw !== null) {
    try {
      infoWithoutApps = !hasAppList(JSON.parse(raw) as { appList?: unknown });
    } catch {
      infoWithoutApps = true;
    }
  }
  if (!versionDiffers && !infoWithoutApps) return false;
  clearAllStorage();
  local.set(DEVICE_KEYS.version, STORAGE_VERSION);
  emit();
  return true;
}
