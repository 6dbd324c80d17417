import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PRICE_CENTS } from '../constants';
import {
  addCoupon,
  checkCouponRules,
  COUPON_RATE_WHOLE,
  couponPrice,
  couponReaches,
  couponRuleProblems,
  couponTermsText,
  couponUsableOn,
  editCoupon,
  type CouponRuleInput,
} from './coupons';

const base: CouponRuleInput = {
  type: 'rate',
  rate: 8500,
  reduce: 0,
  condition: 0,
  scope: 'all',
  store_ids: [],
  goods_ids: [],
  quantity: 10,
  receive_limit: 1,
  points: 0,
  receive_start: '2026-11-01',
  receive_end: '2026-11-30',
  use_start: '2026-11-01',
  use_end: '2026-12-31',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};
const today = '2026-11-22';

describe('coupon rules', () => {
  it('accepts a good coupon and names the first broken rule and its field', () => {
    expect(checkCouponRules(base, today)).toBeNull();
    const cases: Array<[Partial<CouponRuleInput>, string, string]> = [
      [{ rate: 0 }, 'COUPON_RATE_RANGE', 'rate'],
      [{ rate: COUPON_RATE_WHOLE }, 'COUPON_RATE_RANGE', 'rate'],
      [{ rate: 85.5 }, 'COUPON_RATE_RANGE', 'rate'],
      [{ type: 'reduce', reduce: 0 }, 'COUPON_REDUCE_RANGE', 'reduce'],
      [{ condition: -1 }, 'COUPON_REDUCE_RANGE', 'condition'],
      [{ scope: 'stores' }, 'COUPON_SCOPE_EMPTY', 'store_ids'],
      [{ scope: 'goods' }, 'COUPON_SCOPE_EMPTY', 'goods_ids'],
      [{ quantity: 0 }, 'COUPON_QUANTITY_RANGE', 'quantity'],
      [{ receive_limit: 0 }, 'COUPON_LIMIT_RANGE', 'receive_limit'],
      [{ points: -1 }, 'COUPON_POINTS_RANGE', 'points'],
      [{ points: 1.5 }, 'COUPON_POINTS_RANGE', 'points'],
      [{ receive_end: '2026-10-31' }, 'COUPON_RECEIVE_PERIOD_INVALID', 'receive_end'],
      [{ use_start: '2026-12-01', use_end: '2026-11-30' }, 'COUPON_USE_PERIOD_INVALID', 'use_end'],
      [{ use_end: '2026-10-31', use_start: '2026-10-01' }, 'COUPON_USE_PERIOD_INVALID', 'use_end'],
      [{ weekdays: [] }, 'COUPON_WEEKDAYS_EMPTY', 'weekdays'],
    ];
    for (const [change, rcode, field] of cases) {
      expect(checkCouponRules({ ...base, ...change }, today), JSON.stringify(change)).toMatchObject({
        rcode,
        field,
      });
    }
  });

  it('lists every broken rule at once, one per field, the first being what the server answers', () => {
    const broken = {
      ...base,
      rate: COUPON_RATE_WHOLE,
      quantity: 0,
      receive_limit: 101,
      points: 1.5,
      weekdays: [],
    };
    expect(couponRuleProblems(broken, today).map((p) => p.field)).toEqual([
      'rate',
      'quantity',
      'receive_limit',
      'points',
      'weekdays',
    ]);
    expect(checkCouponRules(broken, today)).toEqual(couponRuleProblems(broken, today)[0]);
    expect(couponRuleProblems(base, today)).toEqual([]);
    // A use window ending before today and before it starts is one problem at use_end, not two.
    expect(
      couponRuleProblems({ ...base, use_start: '2026-11-10', use_end: '2026-11-05' }, today).map(
        (p) => p.field,
      ),
    ).toEqual(['use_end']);
  });

  it('takes the rate bounds its message states: 0.001 to 9.999 折 (1 to 9999 hundredths of a percent)', () => {
    expect(checkCouponRules({ ...base, rate: 1 }, today)).toBeNull();
    expect(checkCouponRules({ ...base, rate: COUPON_RATE_WHOLE - 1 }, today)).toBeNull();
  });

  it('parses the form: referrer_id forced to 0, weekdays sorted once, ids deduplicated', () => {
    const parsed = editCoupon.request.parse({
      ...base,
      name: 'Spring',
      coupon_id: 3,
      referrer_id: 9,
      weekdays: [3, 1, 3],
      store_ids: [2, 2],
    });
    expect(parsed).toMatchObject({ referrer_id: 0, weekdays: [1, 3], store_ids: [2] });
    expect(addCoupon.request.safeParse({ ...base, name: 'A' }).success).toBe(true);
    expect(addCoupon.request.safeParse({ ...base, name: 'A', type: 'half' }).success).toBe(false);
    expect(addCoupon.request.safeParse({ ...base, name: 'A', receive_start: '2026-02-30' }).success).toBe(
      false,
    );
  });

  it('prices: 8.5折 of 3.00 is 2.55 (rounded up), 1.00 off, never below 0.02, never above the price', () => {
    expect(couponPrice(300, { type: 'rate', rate: 8500, reduce: 0, condition: 0 })).toBe(255);
    expect(couponPrice(301, { type: 'rate', rate: 8500, reduce: 0, condition: 0 })).toBe(256);
    expect(couponPrice(300, { type: 'reduce', rate: 0, reduce: 100, condition: 300 })).toBe(200);
    expect(couponPrice(300, { type: 'reduce', rate: 0, reduce: 500, condition: 0 })).toBe(MIN_PRICE_CENTS);
    expect(couponPrice(1, { type: 'reduce', rate: 0, reduce: 500, condition: 0 })).toBe(1);
    expect(couponPrice(3, { type: 'rate', rate: 1, reduce: 0, condition: 0 })).toBe(MIN_PRICE_CENTS);
    expect(couponReaches(299, { condition: 300 })).toBe(false);
    expect(couponTermsText({ type: 'rate', rate: 8500, reduce: 0, condition: 0 }, 'zh-CN')).toBe('8.5折');
    expect(couponTermsText({ type: 'reduce', rate: 0, reduce: 200, condition: 1000 }, 'en-US')).toBe(
      '2.00 off from 10.00',
    );
  });

  it('for any coupon and price, pays at least the minimum (or the price below it) and at most the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.oneof(
          fc.record({
            type: fc.constant('rate' as const),
            rate: fc.integer({ min: 1, max: COUPON_RATE_WHOLE - 1 }),
            reduce: fc.constant(0),
            condition: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          fc.record({
            type: fc.constant('reduce' as const),
            rate: fc.constant(0),
            reduce: fc.integer({ min: 1, max: 1_000_000 }),
            condition: fc.integer({ min: 0, max: 1_000_000 }),
          }),
        ),
        (price, terms) => {
          const paid = couponPrice(price, terms);
          expect(Number.isInteger(paid)).toBe(true);
          expect(paid).toBeLessThanOrEqual(price);
          expect(paid).toBeGreaterThanOrEqual(Math.min(price, MIN_PRICE_CENTS));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is usable on the days of its use window that are its weekdays', () => {
    const c = { use_start: '2026-11-20', use_end: '2026-11-30', weekdays: [1, 2, 3, 4, 5] };
    expect(couponUsableOn(c, '2026-11-23')).toBe(true);
    expect(couponUsableOn(c, '2026-11-22')).toBe(false);
    expect(couponUsableOn(c, '2026-12-01')).toBe(false);
    expect(couponUsableOn(c, '2026-11-19')).toBe(false);
  });
});
