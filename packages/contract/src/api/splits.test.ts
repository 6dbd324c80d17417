import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RCODE } from '../rcodes';
import {
  addSplitAccount,
  checkSplitRules,
  formatSplitPercent,
  SPLIT_ACCOUNTS_MAX,
  SPLIT_WHOLE,
  splitCovers,
  splitShares,
} from './splits';

/** Shares in hundredths adding up to SPLIT_WHOLE: 1 main + 1..SPLIT_ACCOUNTS_MAX others, each at least 1. */
const arbShares = fc.integer({ min: 1, max: SPLIT_ACCOUNTS_MAX }).chain((others) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: SPLIT_WHOLE - 1 }), { minLength: others, maxLength: others })
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), SPLIT_WHOLE];
      return points.slice(1).map((p, i) => ({ account: `acct${i}`, percent: p - points[i]! }));
    }),
);

describe('splitShares', () => {
  it('always adds up to the amount, gives no split account more than its share, the main account the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), arbShares, (amount, shares) => {
        const parts = splitShares(amount, shares);
        expect(parts.map((p) => p.account)).toEqual(shares.map((s) => s.account));
        expect(parts.reduce((sum, p) => sum + p.cents, 0)).toBe(amount);
        for (const [i, part] of parts.entries()) {
          expect(Number.isInteger(part.cents)).toBe(true);
          // Every part has the amount's sign (or is zero).
          expect(part.cents * Math.sign(amount)).toBeGreaterThanOrEqual(0);
          const exact = (Math.abs(amount) * shares[i]!.percent) / SPLIT_WHOLE;
          if (i === 0) {
            // The main account's remainder is its exact share plus less than a cent per split account.
            expect(Math.abs(part.cents)).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(Math.abs(part.cents) - exact).toBeLessThan(shares.length);
          } else {
            expect(Math.abs(part.cents)).toBe(Math.floor(exact));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a refund as the negated cut of its amount, so a whole refund takes back each part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), arbShares, (amount, shares) => {
        const paid = splitShares(amount, shares);
        const refunded = splitShares(-amount, shares);
        expect(refunded.map((p) => p.cents)).toEqual(paid.map((p) => (p.cents === 0 ? 0 : -p.cents)));
      }),
    );
  });

  it('refuses shares that do not make a whole and amounts that are not whole cents', () => {
    expect(() => splitShares(100, [{ account: 'a', percent: 9999 }])).toThrow(RangeError);
    expect(() => splitShares(100, [])).toThrow(RangeError);
    expect(() => splitShares(1.5, [{ account: 'a', percent: SPLIT_WHOLE }])).toThrow(RangeError);
    expect(splitShares(0, [{ account: 'a', percent: SPLIT_WHOLE }])).toEqual([{ account: 'a', cents: 0 }]);
    expect(
      splitShares(1, [
        { account: 'main', percent: 5000 },
        { account: 'b', percent: 5000 },
      ]),
    ).toEqual([
      { account: 'main', cents: 1 },
      { account: 'b', cents: 0 },
    ]);
  });
});

describe('checkSplitRules', () => {
  const base = {
    main_merchant_id: '1',
    main_split_percent: 7000,
    split_merchant: [
      { merchant_id: '2', split_percent: 2000 },
      { merchant_id: '3', split_percent: 1000 },
    ],
  };

  it('passes a configuration that keeps every rule', () => {
    expect(checkSplitRules(base)).toBeNull();
  });

  it('names the first broken rule', () => {
    const rule = (over: Partial<typeof base>) => checkSplitRules({ ...base, ...over })?.rcode;
    expect(rule({ split_merchant: [] })).toBe('SPLIT_LIST_EMPTY');
    expect(
      rule({
        main_split_percent: 4000,
        split_merchant: [2, 3, 4, 5, 6, 7].map((i) => ({ merchant_id: String(i), split_percent: 1000 })),
      }),
    ).toBe('SPLIT_TOO_MANY');
    expect(rule({ main_split_percent: 0 })).toBe('SPLIT_SHARE_NOT_POSITIVE');
    expect(rule({ main_split_percent: 10000 })).toBe('SPLIT_SHARE_NOT_POSITIVE');
    expect(rule({ main_split_percent: 69.5 })).toBe('SPLIT_SHARE_NOT_POSITIVE');
    expect(
      rule({
        split_merchant: [
          { merchant_id: '1', split_percent: 2000 },
          { merchant_id: '3', split_percent: 1000 },
        ],
      }),
    ).toBe('SPLIT_MAIN_IN_LIST');
    expect(
      rule({
        split_merchant: [
          { merchant_id: '2', split_percent: 2000 },
          { merchant_id: '2', split_percent: 1000 },
        ],
      }),
    ).toBe('SPLIT_ACCOUNT_DUPLICATE');
    expect(checkSplitRules({ ...base, main_split_percent: 6950 })).toEqual({
      rcode: 'SPLIT_SUM_NOT_WHOLE',
      params: { sum: '99.5' },
    });
    for (const name of ['SPLIT_LIST_EMPTY', 'SPLIT_TOO_MANY', 'SPLIT_SUM_NOT_WHOLE'] as const) {
      expect(RCODE[name]).toBeGreaterThanOrEqual(1080);
      expect(RCODE[name]).toBeLessThanOrEqual(1099);
    }
  });

  it('accepts exactly the configurations whose shares are positive and make a whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10000 }),
        fc.array(fc.integer({ min: -10, max: 10000 }), { minLength: 1, maxLength: SPLIT_ACCOUNTS_MAX }),
        (main, others) => {
          const input = {
            main_merchant_id: 'm',
            main_split_percent: main,
            split_merchant: others.map((p, i) => ({ merchant_id: `s${i}`, split_percent: p })),
          };
          const all = [main, ...others];
          const fine =
            all.every((p) => p >= 1 && p < SPLIT_WHOLE) && all.reduce((a, b) => a + b, 0) === SPLIT_WHOLE;
          expect(checkSplitRules(input) === null).toBe(fine);
        },
      ),
    );
  });
});

describe('split fields', () => {
  it('reads shares as hundredths, pay channels and the request', () => {
    expect(formatSplitPercent(3350)).toBe('33.5');
    expect(formatSplitPercent(10000)).toBe('100');
    expect(splitCovers('all', 'alipay')).toBe(true);
    expect(splitCovers('wechat', 'wechat')).toBe(true);
    expect(splitCovers('wechat', 'alipay')).toBe(false);
    const parsed = addSplitAccount.request.parse({
      bank_split_name: ' Partners ',
      main_merchant_id: 12,
      main_split_percent: 7000,
      pay_channel: 'all',
      split_merchant: [{ merchant_id: '13', split_percent: 3000 }],
    });
    expect(parsed).toMatchObject({ bank_split_name: 'Partners', main_merchant_id: '12' });
    expect(addSplitAccount.request.safeParse({ ...parsed, pay_channel: 'cash' }).success).toBe(false);
  });
});
