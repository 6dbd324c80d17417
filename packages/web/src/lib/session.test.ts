import { LOGIN_VALID_MS, STORAGE_VERSION } from '@vendo/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  clearLogin,
  isAuthScreen,
  isLoginValid,
  isSessionFree,
  loginPath,
  readUserInfo,
  rememberReturnTo,
  resetStaleStorage,
  saveLogin,
  takeReturnTo,
} from './session';
import { DEVICE_KEYS, local, LOGIN_KEYS } from './storage';
import { makeUser } from './test-fixtures';

const NOW = 1_800_000_000_000;

describe('stored login', () => {
  it('is valid for 3 days after login and not a moment longer', () => {
    saveLogin(makeUser({}, NOW), NOW);
    expect(isLoginValid(NOW)).toBe(true);
    expect(isLoginValid(NOW + LOGIN_VALID_MS - 1)).toBe(true);
    expect(isLoginValid(NOW + LOGIN_VALID_MS)).toBe(false);
    expect(LOGIN_VALID_MS).toBe(259_200_000);
  });

  it('is invalid without a login, after logout, or when the stored info is damaged', () => {
    expect(isLoginValid(NOW)).toBe(false);
    saveLogin(makeUser({}, NOW), NOW);
    clearLogin();
    expect(isLoginValid(NOW)).toBe(false);
    expect(readUserInfo()).toBeNull();

    saveLogin(makeUser({}, NOW), NOW);
    local.set(LOGIN_KEYS.userInfo, '{"username":"x"');
    clearLogin(); // drops the cached copy, as a reload would
    local.set(LOGIN_KEYS.userInfo, JSON.stringify({ username: 'x', token: 't' }));
    local.set(LOGIN_KEYS.loginAt, String(NOW));
    expect(readUserInfo()).toBeNull();
    expect(isLoginValid(NOW)).toBe(false);
  });

  it('keeps recent accounts and the version marker when the login is cleared', () => {
    local.set(DEVICE_KEYS.recentAccounts, '["13800138000"]');
    saveLogin(makeUser({}, NOW), NOW);
    clearLogin();
    expect(local.get(DEVICE_KEYS.recentAccounts)).toBe('["13800138000"]');
    expect(local.get(DEVICE_KEYS.version)).toBe(STORAGE_VERSION);
  });
});

describe('start-up storage check (version marker 20240111)', () => {
  it('marks a first visit without reloading', () => {
    expect(resetStaleStorage('/login')).toBe(false);
    expect(local.get(DEVICE_KEYS.version)).toBe('20240111');
  });

  it('keeps storage of the current format', () => {
    saveLogin(makeUser({}, NOW), NOW);
    expect(resetStaleStorage('/')).toBe(false);
    expect(readUserInfo()?.username).toBe('13800138000');
  });

  it('wipes and asks for a reload when the marker differs', () => {
    saveLogin(makeUser({}, NOW), NOW);
    local.set(DEVICE_KEYS.version, '20230101');
    expect(resetStaleStorage('/')).toBe(true);
    expect(readUserInfo()).toBeNull();
    expect(local.get(DEVICE_KEYS.version)).toBe(STORAGE_VERSION);
  });

  it('wipes and asks for a reload when the stored info has no app list', () => {
    saveLogin(makeUser({}, NOW), NOW);
    local.set(LOGIN_KEYS.userInfo, JSON.stringify({ ...makeUser({}, NOW), appList: [] }));
    expect(resetStaleStorage('/dashboard')).toBe(true);
    expect(local.get(LOGIN_KEYS.userInfo)).toBeNull();

    local.set(LOGIN_KEYS.userInfo, JSON.stringify({ username: 'old' }));
    expect(resetStaleStorage('/')).toBe(true);
  });

  it('never wipes on /shareAddBank', () => {
    local.set(DEVICE_KEYS.version, '20230101');
    local.set(LOGIN_KEYS.userInfo, JSON.stringify({ username: 'old' }));
    expect(resetStaleStorage('/shareAddBank')).toBe(false);
    expect(resetStaleStorage('/shareaddbank/')).toBe(false);
    expect(local.get(LOGIN_KEYS.userInfo)).not.toBeNull();
  });
});

describe('routes without a login', () => {
  it('lists the exceptions of spec §4, whatever the case', () => {
    for (const path of [
      '/login',
      '/signup',
      '/forget',
      '/error',
      '/success',
      '/shareAddBank',
      '/PassportLoading',
      '/passportloading',
      '/BindPassport',
      '/open-member',
      '/open-member-passport',
      '/signup/',
    ]) {
      expect(isSessionFree(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/bind', '/overview', '/deviceManage']) {
      expect(isSessionFree(path), path).toBe(false);
    }
  });

  it('builds the login path with the agent unless it is the default one', () => {
    expect(loginPath('888888')).toBe('/login');
    expect(loginPath('')).toBe('/login');
    expect(loginPath('123456')).toBe('/login?agent=123456');
  });
});

describe('return after login', () => {
  it('goes back to the page the person was sent away from', () => {
    rememberReturnTo('/bind?clientid=1&sn=2&sign=3');
    expect(takeReturnTo()).toBe('/bind?clientid=1&sn=2&sign=3');
    // Taken once.
    expect(takeReturnTo()).toBe('/');
  });

  it('goes to / when coming from login, sign-up or forgotten password, or from nowhere', () => {
    expect(takeReturnTo()).toBe('/');
    for (const from of ['/login', '/signup?agent=1', '/forget', '/Login']) {
      rememberReturnTo(from);
      expect(takeReturnTo(), from).toBe('/');
    }
    expect(isAuthScreen('/signup')).toBe(true);
  });

  it('never leaves the site', () => {
    rememberReturnTo('//evil.example/x');
    expect(takeReturnTo()).toBe('/');
    rememberReturnTo('https://evil.example/x');
    expect(takeReturnTo()).toBe('/');
  });
});
