import { PERMISSIONS } from '@vendo/contract/enums';
import { describe, expect, it } from 'vitest';
import { app, makeUser } from '../../../lib/test-fixtures';
import { fillPercent, stockAccess, stockDirection } from './stock-access';

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;

describe('stock access (spec §6)', () => {
  it('lets the main account in while the Stock app is usable', () => {
    expect(stockAccess(makeUser({}, NOW), NOW)).toBe('ok');
  });

  it('shows the expired-app guide when the Stock app is missing or expired, for the main account too', () => {
    const without = makeUser({ appList: [app('Account', NOW + DAY)] }, NOW);
    expect(stockAccess(without, NOW)).toBe('noApp');
    const expired = makeUser({ appList: [app('Stock', NOW - 1)] }, NOW);
    expect(stockAccess(expired, NOW)).toBe('noApp');
  });

  it('needs permission 1037 for staff', () => {
    const staff = makeUser({ isMain: false, havePerms: [PERMISSIONS.GoodsManage] }, NOW);
    expect(stockAccess(staff, NOW)).toBe('noPermission');
    expect(stockAccess({ ...staff, havePerms: [1037] }, NOW)).toBe('ok');
    expect(stockAccess(null, NOW)).toBe('noPermission');
  });
});

describe('stock figures', () => {
  it('signs log records by operation', () => {
    expect([0, 1, 2, 3].map(stockDirection)).toEqual([1, -1, 1, -1]);
  });

  it('fills bars within 0..100', () => {
    expect([fillPercent(3, 10), fillPercent(0, 0), fillPercent(12, 10), fillPercent(1, 3)]).toEqual([
      30, 0, 100, 33,
    ]);
  });
});
