import { PERMISSIONS } from '@vendo/contract/permissions';
import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  appDaysLeft,
  appState,
  can,
  canChangeOwnOperPwd,
  canResetOwnLoginPwd,
  managesAllStores,
  mayDownloadReport,
  type AccessName,
} from './permissions';
import { app, makeUser } from './test-fixtures';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const ALL = Object.keys(ACCESS) as AccessName[];

const visible = (user: ReturnType<typeof makeUser>) => ALL.filter((name) => can(user, name, NOW));

describe('main account', () => {
  it('sees every module while its apps are active', () => {
    expect(visible(makeUser({}, NOW))).toEqual(ALL);
  });

  it('loses app-gated modules whose app is missing or expired, and only those', () => {
    const user = makeUser(
      {
        appList: [
          app('Account', NOW + DAY),
          app('Member', NOW - 1), // expired a moment ago
          app('Stock', NOW), // expires now: no longer usable
          app('Profit', NOW + DAY),
        ],
      },
      NOW,
    );
    const hidden = ALL.filter((name) => !can(user, name, NOW));
    expect(hidden.sort()).toEqual(['advertisement', 'member', 'stock']);
  });
});

describe('staff', () => {
  const staff = (havePerms: number[], appList = makeUser({}, NOW).appList) =>
    makeUser({ isMain: false, havePerms, appList }, NOW);

  it('see only tiles whose permission code their role holds', () => {
    expect(visible(staff([]))).toEqual([]);
    expect(visible(staff([1020, 1021, 1029]))).toEqual(['dashboard', 'buyBill', 'bankCard']);
  });

  it('see location analysis with either the area or the store analysis code', () => {
    expect(can(staff([1025]), 'locationAnalysis', NOW)).toBe(true);
    expect(can(staff([1026]), 'locationAnalysis', NOW)).toBe(true);
    expect(can(staff([1027]), 'locationAnalysis', NOW)).toBe(false);
  });

  it('never see main-only modules, whatever their role holds', () => {
    const everything = staff([
      1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036,
      1037, 1038,
    ]);
    for (const name of [
      'deviceBind',
      'deviceUnbind',
      'activityCenter',
      'member',
      'advertisement',
      'staff',
      'notification',
      'myApps',
    ] as const) {
      expect(can(everything, name, NOW), name).toBe(false);
    }
  });

  it('see stock only with code 1037 and an active Stock app', () => {
    expect(can(staff([1037]), 'stock', NOW)).toBe(true);
    expect(can(staff([]), 'stock', NOW)).toBe(false);
    expect(can(staff([1037], [app('Stock', NOW - DAY)]), 'stock', NOW)).toBe(false);
    expect(can(makeUser({ appList: [app('Account', NOW + DAY)] }, NOW), 'stock', NOW)).toBe(false);
  });

  it('see profit only with code 1038 and an active Profit app', () => {
    expect(can(staff([1038]), 'profit', NOW)).toBe(true);
    expect(can(staff([1038], [app('Profit', NOW - 1)]), 'profit', NOW)).toBe(false);
  });

  it('change their operation password only through the main account', () => {
    expect(canChangeOwnOperPwd(makeUser({}, NOW))).toBe(true);
    expect(canChangeOwnOperPwd(staff([]))).toBe(false);
  });

  it('reset their login password only when the Account app allows it', () => {
    expect(canResetOwnLoginPwd(makeUser({}, NOW))).toBe(true);
    expect(canResetOwnLoginPwd(staff([]))).toBe(false);
    const allowed = [
      { ...app('Account', NOW + DAY), extend: [{ name: 'subuser_self_reset_password', value: '1' }] },
    ];
    expect(canResetOwnLoginPwd(staff([], allowed))).toBe(true);
    const refused = [
      { ...app('Account', NOW + DAY), extend: [{ name: 'subuser_self_reset_password', value: '0' }] },
    ];
    expect(canResetOwnLoginPwd(staff([], refused))).toBe(false);
  });
});

describe('store scope', () => {
  it('staff limited to listed stores do not manage all stores; a login stored before the field counts as all', () => {
    expect(managesAllStores(makeUser({ allStores: true }))).toBe(true);
    expect(managesAllStores(makeUser({ isMain: false, allStores: false }))).toBe(false);
    expect(managesAllStores(makeUser({ allStores: undefined }))).toBe(true);
  });
});

describe('nobody logged in', () => {
  it('sees nothing', () => {
    expect(ALL.filter((name) => can(null, name, NOW))).toEqual([]);
  });
});

describe('app expiry (spec §4)', () => {
  it('is active, expiring soon under 30 days, or expired', () => {
    expect(appState(app('Stock', NOW + 31 * DAY), NOW)).toBe('active');
    expect(appState(app('Stock', NOW + 30 * DAY), NOW)).toBe('active');
    expect(appState(app('Stock', NOW + 30 * DAY - 1), NOW)).toBe('soon');
    expect(appState(app('Stock', NOW + 1), NOW)).toBe('soon');
    expect(appState(app('Stock', NOW), NOW)).toBe('expired');
    expect(appState(app('Stock', NOW - DAY), NOW)).toBe('expired');
  });

  it('counts the days left, rounding up', () => {
    expect(appDaysLeft(app('Stock', NOW + 1), NOW)).toBe(1);
    expect(appDaysLeft(app('Stock', NOW + 3 * DAY), NOW)).toBe(3);
    expect(appDaysLeft(app('Stock', NOW + 3 * DAY + 1), NOW)).toBe(4);
    expect(appDaysLeft(app('Stock', NOW - DAY), NOW)).toBe(0);
  });
});

describe('report download', () => {
  const staff = (...codes: number[]) => makeUser({ isMain: false, havePerms: codes }, NOW);

  it('gives the main account every file', () => {
    const main = makeUser({}, NOW);
    expect(mayDownloadReport(main, 'detail') && mayDownloadReport(main, 'goods')).toBe(true);
    expect(mayDownloadReport(main, 'buyBill') && mayDownloadReport(main, 'payBill')).toBe(true);
  });

  it('gives staff a file with 1033 and the permission of the view it comes from', () => {
    expect(mayDownloadReport(staff(PERMISSIONS.Dashboard, PERMISSIONS.SicStore), 'store')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.SicStore), 'store')).toBe(true);
    // The dashboard's store ranking downloads the store list: 1020 alone is not enough.
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'store')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'detail')).toBe(true);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.SicArea), 'detail')).toBe(false);
    expect(mayDownloadReport(null, 'area')).toBe(false);
    // The goods detail's file (its stores) needs the goods-analysis code like the screen.
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.Dashboard), 'goodsDetail')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, 1035), 'goodsDetail')).toBe(true);
    // A settlement record's detail (/settle): 1033 with 1036, either alone is not enough.
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.Settle), 'settlement')).toBe(true);
    expect(mayDownloadReport(staff(PERMISSIONS.Settle), 'settlement')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.BuyBill), 'settlement')).toBe(false);
    // The bill lists: 1021 for the sales bills, 1028 for the payment bills.
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.BuyBill), 'buyBill')).toBe(true);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.BuyBill), 'payBill')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.BuyBill, PERMISSIONS.PayBill), 'buyBill')).toBe(false);
    expect(mayDownloadReport(staff(PERMISSIONS.Report, PERMISSIONS.PayBill), 'payBill')).toBe(true);
  });
});
