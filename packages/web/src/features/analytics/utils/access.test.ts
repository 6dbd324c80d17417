import { PERMISSIONS } from '@vendo/contract/enums';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../lib/test-fixtures';
import { mayDownload, maySee, regionTabs } from './access';

const staff = (...codes: number[]) => makeUser({ isMain: false, havePerms: codes });

describe('statistics access (spec §6)', () => {
  it('gives the main account every view and the download', () => {
    const main = makeUser();
    expect(regionTabs(main)).toEqual(['area', 'store']);
    expect(maySee(main, 'dashboard') && maySee(main, 'device') && maySee(main, 'goods')).toBe(true);
    expect(mayDownload(main, 'detail') && mayDownload(main, 'goods')).toBe(true);
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

  it('offers a download with 1033 and the permission of the view it comes from', () => {
    expect(mayDownload(staff(PERMISSIONS.Dashboard, PERMISSIONS.SicStore), 'store')).toBe(false);
    expect(mayDownload(staff(PERMISSIONS.Report, PERMISSIONS.SicStore), 'store')).toBe(true);
    // The dashboard's store ranking downloads the store list: 1020 alone is not enough.
    expect(mayDownload(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'store')).toBe(false);
    expect(mayDownload(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'detail')).toBe(true);
    expect(mayDownload(staff(PERMISSIONS.Report, PERMISSIONS.SicArea), 'detail')).toBe(false);
    expect(mayDownload(null, 'area')).toBe(false);
    // The goods detail's file (its stores) needs the goods-analysis code like the screen.
    expect(mayDownload(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'goodsDetail')).toBe(false);
    expect(mayDownload(staff(PERMISSIONS.Report, 1035), 'goodsDetail')).toBe(true);
  });
});
