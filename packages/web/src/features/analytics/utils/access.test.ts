import { PERMISSIONS } from '@vendo/contract/enums';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../lib/test-fixtures';
import { maySee, regionTabs } from './access';

const staff = (...codes: number[]) => makeUser({ isMain: false, havePerms: codes });

describe('statistics access (spec §6)', () => {
  it('gives the main account every view', () => {
    const main = makeUser();
    expect(regionTabs(main)).toEqual(['area', 'store']);
    expect(maySee(main, 'dashboard') && maySee(main, 'device') && maySee(main, 'goods')).toBe(true);
  });

  it('gives staff only the tabs of their codes: no area tab without 1025', () => {
    expect(regionTabs(staff(PERMISSIONS.SicStore))).toEqual(['store']);
    expect(regionTabs(staff(PERMISSIONS.SicArea))).toEqual(['area']);
    expect(regionTabs(staff(PERMISSIONS.Dashboard))).toEqual([]);
    expect(maySee(staff(PERMISSIONS.SicDevice), 'device')).toBe(true);
    expect(maySee(staff(PERMISSIONS.SicDevice), 'goods')).toBe(false);
    expect(maySee(staff(1035), 'goods')).toBe(true);
    expect(maySee(null, 'dashboard')).toBe(false);
  });
});
