import { describe, it, expect } from 'vitest';
import {
  AD_TYPES,
  BANK_CODES,
  BANK_LABELS,
  BIND_DEVICE_TYPES,
  DEVICE_TYPES,
  ENUM_LABELS,
  LAMP_COLORS,
  LAMP_COLOR_HEX,
  MENU_GROUPS,
  PERMISSIONS,
  PERMISSION_CODES,
  SIGNUP_BUSINESS_TYPES,
  canBePayoutAccount,
  enumLabel,
  faultText,
  isAbnormal,
  isBankCode,
  isBindDeviceType,
  isDeviceType,
  isPartialRefund,
  isRefund,
  isRefunded,
  lampColorOf,
  mayRefund,
  notifyTagStyle,
  onlineState,
  orderStatusText,
  parsePermissions,
  permissionName,
  refundEligibility,
  resumeEntryStep,
  saleModes,
  settlementState,
  showsFaultSuffix,
  signalBars,
  signalRange,
} from './enums';
import { LOCALES } from './locales';

describe('labels', () => {
  it('every value of every enumeration has a non-empty label in all three languages', () => {
    for (const [name, labels] of Object.entries(ENUM_LABELS)) {
      const entries = Object.entries(labels);
      expect(entries.length, name).toBeGreaterThan(0);
      for (const [value, text] of entries)
        for (const locale of LOCALES) expect(text[locale].trim(), `${name}.${value}.${locale}`).not.toBe('');
    }
  });

  it('label tables cover their value lists', () => {
    expect(Object.keys(ENUM_LABELS.deviceType)).toEqual([...DEVICE_TYPES]);
    expect(Object.keys(ENUM_LABELS.adType).map(Number)).toEqual([...AD_TYPES]);
    expect(Object.keys(ENUM_LABELS.lampColor).sort()).toEqual([...LAMP_COLORS].sort());
    expect(BANK_CODES).toHaveLength(15);
    expect(Object.keys(BANK_LABELS).sort()).toEqual([...BANK_CODES].sort());
  });

  it('enumLabel answers null for unknown values', () => {
    expect(enumLabel(ENUM_LABELS.deviceType, 'gpm', 'en-US')).toBe('Capsule machine');
    expect(enumLabel(ENUM_LABELS.orderStatus, 3, 'zh-CN')).toBe('交易成功');
    expect(enumLabel(ENUM_LABELS.deviceType, 'toaster', 'en-US')).toBeNull();
    expect(enumLabel(ENUM_LABELS.deviceType, 'toString', 'en-US')).toBeNull();
    expect(enumLabel(ENUM_LABELS.deviceType, null, 'en-US')).toBeNull();
  });
});

describe('device types', () => {
  it('pickers are subsets in the spec order', () => {
    expect(SIGNUP_BUSINESS_TYPES).toEqual(['gpm', 'vm', 'gzj', 'fdj', 'blj', 'lpk', 'mc']);
    expect(BIND_DEVICE_TYPES).toEqual(['gpm', 'vm', 'blj', 'gzj', 'mc']);
    for (const t of [...SIGNUP_BUSINESS_TYPES, ...BIND_DEVICE_TYPES]) expect(isDeviceType(t)).toBe(true);
    expect(isBindDeviceType('lpk')).toBe(false);
    expect(isDeviceType('xyz')).toBe(false);
  });
});

describe('orders', () => {
  it('classifies statuses', () => {
    expect([1, 2, 5].every(isAbnormal)).toBe(true);
    expect([3, 4, 6, 7, 8, 9, 10, 11, 99].some(isAbnormal)).toBe(false);
    expect([8, 9].every(isRefund)).toBe(true);
    expect(isRefund(10)).toBe(false);
    expect([10, 11].every(isPartialRefund)).toBe(true);
    expect([8, 9, 10, 11].every(isRefunded)).toBe(true);
    expect(isRefunded(99)).toBe(false);
    expect([1, 2, 4, 5].every(showsFaultSuffix)).toBe(true);
    expect(showsFaultSuffix(3)).toBe(false);
  });

  it('status 3 reads success without refund and refunding with one', () => {
    expect(orderStatusText({ status: 3, refund: 0 }, 'en-US')).toBe('Success');
    expect(orderStatusText({ status: 3 }, 'en-US')).toBe('Success');
    expect(orderStatusText({ status: 3, refund: 100 }, 'zh-CN')).toBe('退款中');
  });

  it('1, 2, 4 and 5 add the goods error', () => {
    expect(orderStatusText({ status: 4, goodsErr: 1 }, 'zh-CN')).toBe('出货失败（电机故障）');
    expect(orderStatusText({ status: 1, goodsErr: '8' }, 'en-US')).toBe('Abnormal (Door did not open)');
    expect(orderStatusText({ status: 5, goodsErr: 'eyeBlocked' }, 'zh-TW')).toBe('異常訂單（光眼被遮擋）');
    expect(orderStatusText({ status: 2, goodsErr: 'jammed' }, 'en-US')).toBe('Abnormal (jammed)');
    expect(orderStatusText({ status: 4, goodsErr: 0 }, 'en-US')).toBe('Delivery failed');
    expect(orderStatusText({ status: 4 }, 'en-US')).toBe('Delivery failed');
    expect(orderStatusText({ status: 8, goodsErr: 1 }, 'en-US')).toBe('Automatic refund');
    expect(orderStatusText({ status: 42 }, 'en-US')).toBe('Unknown');
  });

  it('fault text covers codes 0..10 and the further faults', () => {
    expect(faultText(10, 'en-US')).toBe('Shelf occupied');
    expect(faultText('notTwisted', 'en-US')).toBe('User did not twist');
    expect(faultText(null, 'en-US')).toBe('');
    expect(faultText(12, 'en-US')).toBe('12');
  });
});

describe('refund eligibility', () => {
  // 2024-05-15 10:00 in Shanghai
  const now = Date.UTC(2024, 4, 15, 2);
  const earlierToday = Date.UTC(2024, 4, 14, 16, 30); // 00:30 Shanghai, still 14 May in UTC
  const yesterday = Date.UTC(2024, 4, 14, 2);
  const lastMonth = Date.UTC(2024, 3, 20, 2);

  it('remote and card kinds are always 1', () => {
    for (const client of ['remote', 'card', 'iccard', 'ezcard', 'easycard'])
      expect(refundEligibility({ client, orderTime: lastMonth, now })).toBe(1);
  });
  it('same-day orders are 0, in the merchant zone', () => {
    expect(refundEligibility({ client: 'wechat', orderTime: earlierToday, now })).toBe(0);
    expect(refundEligibility({ client: 'wechat', orderTime: earlierToday, now, timeZone: 'UTC' })).toBe(2);
  });
  it('coin and bill are never refundable (3), not even on the day', () => {
    expect(refundEligibility({ client: 'coin', orderTime: lastMonth, now })).toBe(3);
    expect(refundEligibility({ client: 'bill', orderTime: yesterday, now })).toBe(3);
    expect(refundEligibility({ client: 'coin', orderTime: earlierToday, now })).toBe(3);
    expect(mayRefund(refundEligibility({ client: 'bill', orderTime: now, now }))).toBe(false);
  });
  it('special accounts get 0 within the current month only', () => {
    expect(refundEligibility({ client: 'alipay', orderTime: yesterday, now, specialAccount: true })).toBe(0);
    expect(refundEligibility({ client: 'alipay', orderTime: lastMonth, now, specialAccount: true })).toBe(2);
  });
  it('anything else is 2', () => {
    expect(refundEligibility({ client: 'wechat', orderTime: yesterday, now })).toBe(2);
    expect(refundEligibility({ client: 'gift', orderTime: yesterday, now })).toBe(2);
  });
  it('lets 0 and 1 through and refuses 2 and 3', () => {
    expect([0, 1, 2, 3].map((e) => mayRefund(e as 0 | 1 | 2 | 3))).toEqual([true, true, false, false]);
  });
});

describe('sale modes and order faults', () => {
  it('claw machines sell plays, lipstick machines follow buy_mode, capsule machines only when configured', () => {
    expect(saleModes('mc', 'b')).toEqual({ goods: false, game: true });
    expect(saleModes('lpk', 'bg')).toEqual({ goods: true, game: true });
    expect(saleModes('lpk', 'g')).toEqual({ goods: false, game: true });
    expect(saleModes('lpkc', 'b')).toEqual({ goods: true, game: false });
    expect(saleModes('gpm', 'bg')).toEqual({ goods: true, game: false });
    expect(saleModes('gpm', 'g')).toEqual({ goods: false, game: true });
    expect(saleModes('vm', 'g')).toEqual({ goods: true, game: false });
  });
  it('names the server-side reasons a delivery failed', () => {
    expect(faultText('offline', 'en-US')).toBe('Machine offline');
    expect(orderStatusText({ status: 4, goodsErr: 'noResult' }, 'zh-CN')).toBe('出货失败（设备未上报结果）');
  });
});

describe('permissions', () => {
  it('maps every menu name to its code', () => {
    expect(PERMISSIONS).toMatchObject({
      BuyBill: 1021,
      BillRefund: 1031,
      ProfitVisible: 1038,
      AreaStore: 1022,
      DeviceManage: 1023,
      DeviceControl: 1030,
      DeviceTest: 1032,
      InitChannel: 1034,
      GoodsManage: 1024,
      SicArea: 1025,
      SicStore: 1026,
      SicDevice: 1027,
      Report: 1033,
      goodSum: 1035,
      Settle: 1036,
      BankManage: 1029,
      Stock: 1037,
      Dashboard: 1020,
      PayBill: 1028,
    });
  });
  it('every code has exactly one name and one menu group', () => {
    const grouped = Object.values(MENU_GROUPS).flat();
    expect(new Set(Object.values(PERMISSIONS)).size).toBe(PERMISSION_CODES.length);
    expect(grouped.map((n) => PERMISSIONS[n]).sort()).toEqual([...PERMISSION_CODES].sort());
    for (const code of PERMISSION_CODES) expect(PERMISSIONS[permissionName(code)]).toBe(code);
    expect(MENU_GROUPS.Home).toContain('Dashboard');
    expect(MENU_GROUPS.Order).toContain('PayBill');
  });
  it('parses perm_detail', () => {
    expect(parsePermissions('1020, 1021,abc,9999,,1038')).toEqual([1020, 1021, 1038]);
    expect(parsePermissions('')).toEqual([]);
  });
});

describe('devices', () => {
  it('signal bars', () => {
    expect(signalBars(0, 25)).toBe(0);
    expect(signalBars(1, 0)).toBe(1);
    expect(signalBars(1, 10)).toBe(1);
    expect(signalBars(1, 11)).toBe(2);
    expect(signalBars(1, 20)).toBe(2);
    expect(signalBars(1, 21)).toBe(3);
    expect(signalBars(1, 31)).toBe(3);
    expect(signalBars(1, 32)).toBe(0);
    expect(signalBars(1, 99)).toBe(0);
  });
  it('signal ranges', () => {
    expect(signalRange(0)).toBe('unknown');
    expect(signalRange(1)).toBe('weak');
    expect(signalRange(10)).toBe('weak');
    expect(signalRange(11)).toBe('moderate');
    expect(signalRange(20)).toBe('moderate');
    expect(signalRange(21)).toBe('strong');
    expect(signalRange(31)).toBe('strong');
    expect(signalRange(99)).toBe('unknown');
    expect(signalRange(-5)).toBe('unknown');
  });
  it('alive 0 is offline', () => {
    expect(onlineState(0)).toBe('offline');
    expect(onlineState(1)).toBe('online');
  });
  it('lamp colours have distinct hex values; the device default is blue', () => {
    const hexes = LAMP_COLORS.map((c) => LAMP_COLOR_HEX[c]).filter((h) => h !== null);
    expect(new Set(hexes).size).toBe(LAMP_COLORS.length - 1);
    for (const h of hexes) expect(h).toMatch(/^#[0-9A-F]{6}$/);
    expect(lampColorOf('#0099ff')).toBe('blue');
    expect(lampColorOf('#123456')).toBeNull();
  });
});

describe('bank, settlement, entry steps, tags', () => {
  it('bank codes', () => {
    expect(isBankCode('102')).toBe(true);
    expect(isBankCode(410)).toBe(true);
    expect(isBankCode('101')).toBe(false);
  });
  it('only approved cards can be payout accounts', () => {
    expect(canBePayoutAccount('approved')).toBe(true);
    for (const s of ['unreviewed', 'reviewing', 'rejected', 'missingPhotos'] as const)
      expect(canBePayoutAccount(s)).toBe(false);
  });
  it('settlement codes', () => {
    expect(settlementState(1)).toBe('success');
    expect(settlementState(4)).toBe('success');
    expect(settlementState(2)).toBe('fail');
    expect(settlementState(3)).toBe('settling');
    expect(settlementState(0)).toBe('unknown');
    expect(settlementState(7)).toBe('unknown');
  });
  it('resumed entry steps', () => {
    expect(resumeEntryStep(1)).toBe('form');
    expect(resumeEntryStep(2)).toBe('photos');
    expect(resumeEntryStep(3)).toBe('submitted');
    expect(resumeEntryStep(null)).toBe('submitted');
  });
  it('notification tag styles rotate over 5', () => {
    expect(notifyTagStyle(0)).toBe(notifyTagStyle(5));
    expect(new Set([0, 1, 2, 3, 4].map(notifyTagStyle)).size).toBe(5);
  });
});
