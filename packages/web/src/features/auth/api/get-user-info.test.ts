import { getUserInfo } from '@vendo/contract/api/account';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../lib/test-fixtures';
import { isUserInfo } from '../../../lib/user-info';
import { userInfoCall } from './get-user-info';

// The refresh is described by hand (no zod on the first screen); it must stay the contract's.
describe('getUserInfo without zod', () => {
  it('uses the contract path and access', () => {
    expect([userInfoCall.path, userInfoCall.auth]).toEqual([getUserInfo.path, getUserInfo.auth]);
  });

  it('accepts exactly what the contract schema accepts', () => {
    const user = makeUser();
    const samples: unknown[] = [
      user,
      { ...user, isMain: 'yes' },
      { ...user, appList: [{}] },
      { ...user, agent: null },
      { ...user, loginType: 'qq' },
      { ...user, extra: 'ignored' },
    ];
    for (const sample of samples) {
      expect(isUserInfo(sample), JSON.stringify(sample).slice(0, 60)).toBe(
        getUserInfo.response.safeParse(sample).success,
      );
    }
  });
});
