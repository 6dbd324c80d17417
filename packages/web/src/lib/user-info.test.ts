import { describe, expect, it } from 'vitest';
import { makeUser } from './test-fixtures';
import { isUserInfo } from './user-info';

describe('isUserInfo', () => {
  it('accepts what the server answers at login', () => {
    expect(isUserInfo(JSON.parse(JSON.stringify(makeUser())))).toBe(true);
  });

  it('refuses stored info from another format', () => {
    const user = makeUser();
    expect(isUserInfo(null)).toBe(false);
    expect(isUserInfo({ ...user, token: '' })).toBe(false);
    expect(isUserInfo({ ...user, isMain: 1 })).toBe(false);
    expect(isUserInfo({ ...user, appList: undefined })).toBe(false);
    expect(isUserInfo({ ...user, appList: [{ app_module_name: 'Stock' }] })).toBe(false);
    expect(isUserInfo({ ...user, havePerms: ['1020'] })).toBe(false);
    expect(isUserInfo({ ...user, isOperPwd: 2 })).toBe(false);
    expect(isUserInfo({ ...user, allStores: 'no' })).toBe(false);
  });

  it('keeps a login stored before the store scope was told (allStores left out)', () => {
    const { allStores: _left, ...older } = makeUser();
    expect(isUserInfo(older)).toBe(true);
    expect(isUserInfo({ ...makeUser(), allStores: false })).toBe(true);
  });
});
