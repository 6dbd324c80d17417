import { DEVICE_KEYS, isStringList, local } from './storage';

/** Usernames only: the list saves typing, it never holds a password. */
const MAX_RECENT = 5;

export function readRecentAccounts(): string[] {
  return local.getJson(DEVICE_KEYS.recentAccounts, isStringList) ?? [];
}

export function rememberAccount(username: string): string[] {
  const name = username.trim();
  if (!name) return readRecentAccounts();
  const next = [name, ...readRecentAccounts().filter((n) => n !== name)].slice(0, MAX_RECENT);
  local.setJson(DEVICE_KEYS.recentAccounts, next);
  return next;
}

export function forgetAccount(username: string): string[] {
  const next = readRecentAccounts().filter((n) => n !== username);
  local.setJson(DEVICE_KEYS.recentAccounts, next);
  return next;
}
