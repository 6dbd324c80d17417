import { describe, expect, it } from 'vitest';
import {
  billCost,
  billStatusText,
  mayVendAgain,
  priceBound,
  refundCents,
  shelfNumber,
  statusTone,
} from './bills';

const goods = (err: string) => [
  {
    goods_id: 1,
    goods_name: 'Cola',
    img: '',
    channel_sn: 1,
    price: 300,
    quantity: 1,
    delivered: 0,
    err,
    err_text: '',
    cost_price: null,
  },
];

describe('refundCents', () => {
  it('turns yuan into cents within what is left', () => {
    expect(refundCents('1.5', 300)).toBe(150);
    expect(refundCents(' 3 ', 300)).toBe(300);
    expect(refundCents('0.01', 1)).toBe(1);
  });
  it('refuses 0, more than is left and malformed amounts', () => {
    expect(refundCents('0', 300)).toBeNull();
    expect(refundCents('0.00', 300)).toBeNull();
    expect(refundCents('3.01', 300)).toBeNull();
    expect(refundCents('1.005', 300)).toBeNull();
    expect(refundCents('-1', 300)).toBeNull();
    expect(refundCents('', 300)).toBeNull();
    expect(refundCents('abc', 300)).toBeNull();
  });
});

describe('priceBound', () => {
  it('is open when empty and cents otherwise', () => {
    expect(priceBound('')).toBeUndefined();
    expect(priceBound('12.3')).toBe(1230);
    expect(priceBound('x')).toBeNull();
  });
});

describe('billStatusText', () => {
  it('shows success for 3 without refunds and refunding once refunded', () => {
    const bill = { status: 3, refund: 0, goods: goods(''), status_text: '' };
    expect(billStatusText(bill, 'en-US')).toBe('Success');
    expect(billStatusText({ ...bill, refund: 100 }, 'en-US')).not.toBe('Success');
  });
  it('adds the goods error to 1, 2, 4 and 5 only', () => {
    const failed = billStatusText({ status: 4, refund: 0, goods: goods('1'), status_text: '' }, 'en-US');
    expect(failed).toMatch(/\(.+\)$/);
    const success = billStatusText({ status: 3, refund: 0, goods: goods('1'), status_text: '' }, 'en-US');
    expect(success).toBe('Success');
  });
});

describe('statusTone', () => {
  it('colours statuses', () => {
    expect(statusTone(3, 0)).toBe('success');
    expect(statusTone(3, 10)).toBe('warning');
    expect(statusTone(4, 0)).toBe('danger');
    expect(statusTone(5, 0)).toBe('warning');
    for (const status of [8, 9, 10, 11]) expect(statusTone(status, 0), String(status)).toBe('refunded');
    expect(statusTone(99, 0)).toBe('warning');
  });
});

describe('mayVendAgain', () => {
  const bill = { kind: 'goods' as const, status: 5, refund: 0, refunding: 0 };
  it('offers abnormal and failed goods orders of which nothing was refunded', () => {
    for (const status of [1, 2, 4, 5]) expect(mayVendAgain({ ...bill, status }), String(status)).toBe(true);
  });
  it('not delivered, refunded or refunding orders, nor game plays', () => {
    for (const status of [3, 6, 7, 8, 9, 10, 11, 99])
      expect(mayVendAgain({ ...bill, status }), String(status)).toBe(false);
    expect(mayVendAgain({ ...bill, refund: 100 })).toBe(false);
    expect(mayVendAgain({ ...bill, refunding: 100 })).toBe(false);
    expect(mayVendAgain({ ...bill, kind: 'game' })).toBe(false);
  });
});

describe('shelfNumber', () => {
  it('is the same shelf when empty, else a whole number from 1', () => {
    expect(shelfNumber(' ')).toBeUndefined();
    expect(shelfNumber(' 12 ')).toBe(12);
    expect(shelfNumber('0')).toBeNull();
    expect(shelfNumber('1.5')).toBeNull();
    expect(shelfNumber('-3')).toBeNull();
    expect(shelfNumber('A1')).toBeNull();
  });
});

describe('billCost', () => {
  const bill = (status: number, refund = 0, cost_price: number | null = 120) => ({
    status,
    amount: 350,
    refund,
    cost_price,
  });

  it('counts the cost of the statuses the analysis counts it for, and nothing of the others (spec §4)', () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 99].map((status) =>
      bill(status, status >= 8 && status <= 11 ? 100 : 0),
    );
    const counted = all.map(billCost).filter((c) => c !== null && c !== 'refunded');
    // The analysis sums the cost of 3, 6, 7, 10 and 11 only: the details shown add up to it.
    expect(counted.reduce((sum, c) => sum + c.cost, 0)).toBe(5 * 120);
    expect(billCost(bill(3))).toEqual({ cost: 120, profit: 230 });
    expect(billCost(bill(10, 100))).toEqual({ cost: 120, profit: 130 });
    expect(billCost(bill(8, 350))).toBe('refunded');
    for (const status of [1, 2, 4, 5, 99]) expect(billCost(bill(status)), String(status)).toBeNull();
  });

  it('is nothing without the profit view', () => {
    expect(billCost(bill(3, 0, null))).toBeNull();
    expect(billCost(bill(8, 350, null))).toBeNull();
  });
});
