import { describe, expect, it } from 'vitest';
import { checkGiftRules, GIFT_QUANTITY_MAX, giftRuleProblems, type GiftRuleInput } from './gifts';

const base: GiftRuleInput = {
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  device_sn: ['860000000001'],
  gifts: [1],
  quantity: 10,
};
const today = '2026-11-22';

describe('gift batch rules', () => {
  it('lists every broken rule at once, one per field, the first being what the server answers', () => {
    expect(giftRuleProblems(base, today)).toEqual([]);
    const broken = { ...base, weekdays: [], device_sn: [], gifts: [], quantity: GIFT_QUANTITY_MAX + 1 };
    expect(giftRuleProblems(broken, today).map((p) => [p.rcode, p.field])).toEqual([
      ['GIFT_WEEKDAYS_EMPTY', 'weekdays'],
      ['GIFT_DEVICES_EMPTY', 'device_sn'],
      ['GIFT_GOODS_EMPTY', 'gifts'],
      ['GIFT_QUANTITY_RANGE', 'quantity'],
    ]);
    expect(checkGiftRules(broken, today)).toEqual(giftRuleProblems(broken, today)[0]);
  });

  it('says one thing about the period: reversed first, else over', () => {
    const reversed = { ...base, start_date: '2026-10-10', end_date: '2026-10-01' };
    expect(giftRuleProblems(reversed, today).map((p) => p.rcode)).toEqual(['GIFT_PERIOD_INVALID']);
    const over = { ...base, start_date: '2026-10-01', end_date: '2026-10-10' };
    expect(giftRuleProblems(over, today).map((p) => p.rcode)).toEqual(['GIFT_PERIOD_PAST']);
  });
});
