import { describe, it, expect } from 'vitest';
import {
  centsToYuan,
  formatMoney,
  formatRate,
  manualTransferFee,
  rate,
  settlementPoundage,
  yuanToCents,
} from './money';

describe('centsToYuan', () => {
  it('shows two decimals', () => {
    expect(centsToYuan(1230)).toBe('12.30');
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(5)).toBe('0.05');
    expect(centsToYuan(100)).toBe('1.00');
  });
  it('keeps the sign of negative amounts', () => {
    expect(centsToYuan(-1230)).toBe('-12.30');
    expect(centsToYuan(-5)).toBe('-0.05');
  });
});

describe('yuanToCents', () => {
  it.each([
    ['0.1', 10],
    ['19.99', 1999],
    ['12', 1200],
    ['12.3', 1230],
    ['0.02', 2],
    ['0', 0],
    [' 7.50 ', 750],
    ['-3.25', -325],
    ['0.29', 29],
    ['1.15', 115],
  ])('%s → %d', (input, cents) => {
    expect(yuanToCents(input)).toBe(cents);
  });

  it.each(['1.005', '1..2', '1.2.3', '1e3', '', ' ', '.5', '5.', 'abc', '+1', '1,000', '0x10', 'Infinity'])(
    'rejects %j',
    (input) => {
      expect(yuanToCents(input)).toBeNull();
    },
  );

  it('never gives -0', () => {
    expect(Object.is(yuanToCents('-0'), 0)).toBe(true);
  });

  it('rejects amounts beyond safe integers', () => {
    expect(yuanToCents('99999999999999999999')).toBeNull();
  });

  it('round-trips with centsToYuan', () => {
    for (const cents of [0, 1, 2, 10, 99, 100, 1999, 123456, -1, -1999]) {
      expect(yuanToCents(centsToYuan(cents))).toBe(cents);
    }
  });
});

describe('formatMoney', () => {
  it('prefixes the yuan sign and groups thousands', () => {
    expect(formatMoney(1230, 'zh-CN')).toBe('¥12.30');
    expect(formatMoney(123456789, 'en-US')).toBe('¥1,234,567.89');
    expect(formatMoney(0, 'zh-TW')).toBe('¥0.00');
  });
  it('puts the minus before the sign', () => {
    expect(formatMoney(-1230, 'zh-CN')).toBe('-¥12.30');
  });
  it('groups the whole yuan as Intl does in each language, up to the largest safe amount', () => {
    const amounts = [0, 99, 100, 99_999, 100_000, 123_456_789, -123_456_789, Number.MAX_SAFE_INTEGER];
    for (let i = 1; i < 400; i += 1) amounts.push(Math.round(Math.pow(1.1, i)) * (i % 3 === 0 ? -1 : 1));
    for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const cents of amounts) {
        const whole = Math.floor(Math.abs(cents) / 100);
        const sign = cents < 0 ? '-' : '';
        const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
        expect(formatMoney(cents, locale), `${locale} ${cents}`).toBe(
          `${sign}¥${intl.format(whole)}.${fraction}`,
        );
      }
    }
  });
});

describe('rates', () => {
  it('formats hundredths of a percent', () => {
    expect(formatRate(1234)).toBe('12.34%');
    expect(formatRate(10000)).toBe('100.00%');
    expect(formatRate(5)).toBe('0.05%');
  });
  it('computes rounded hundredths, 0 when total is 0', () => {
    expect(rate(1, 3)).toBe(3333);
    expect(rate(2, 3)).toBe(6667);
    expect(rate(5, 5)).toBe(10000);
    expect(rate(3, 0)).toBe(0);
    expect(rate(0, 7)).toBe(0);
  });
});

describe('fees', () => {
  it('settlement poundage is settle/0.994 − settle, rounded to the cent', () => {
    expect(settlementPoundage(99400)).toBe(600);
    expect(settlementPoundage(10000)).toBe(60); // 60.36
    expect(settlementPoundage(0)).toBe(0);
    expect(settlementPoundage(1000)).toBe(6); // 6.04
  });
  it('manual transfer fee is 6 % with a 1 yuan minimum', () => {
    expect(manualTransferFee(10000)).toBe(600);
    expect(manualTransferFee(1000)).toBe(100);
    expect(manualTransferFee(1667)).toBe(100);
    expect(manualTransferFee(1700)).toBe(102);
    expect(manualTransferFee(0)).toBe(0);
  });
});
