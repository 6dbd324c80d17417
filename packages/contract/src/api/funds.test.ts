import { describe, expect, it } from 'vitest';
import { getSettle, MANUAL_ACCOUNT_FILTER } from './funds';

const condition = (merchant_id: unknown) =>
  getSettle.request.safeParse({ pageNum: 1, pageSize: 10, condition: { merchant_id } });

describe('getSettle: the payout-account filter', () => {
  it("takes a card's merchant_id, or the manual-transfer account by its own name", () => {
    expect(condition('12').data?.condition.merchant_id).toBe('12');
    expect(condition(MANUAL_ACCOUNT_FILTER).data?.condition.merchant_id).toBe('manual');
    expect(condition(' manual ').data?.condition.merchant_id).toBe('manual');
  });

  it("reads '' or nothing as every account", () => {
    expect(condition('').data?.condition.merchant_id).toBeUndefined();
    expect(condition(null).data?.condition.merchant_id).toBeUndefined();
    expect(getSettle.request.parse({ pageNum: 1, pageSize: 10 }).condition.merchant_id).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const bad of ['Manual', 'manual1', '12a', 'card:3', '-1']) {
      expect(condition(bad).success, bad).toBe(false);
    }
  });
});
