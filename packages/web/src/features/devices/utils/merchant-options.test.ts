import { describe, expect, it } from 'vitest';
import { merchantChips } from './merchant-options';

const merchants = ['A', 'B', 'C', 'D', 'E'].map((label, i) => ({ id: `m${i + 1}`, label }));

describe('the payout-merchant filter', () => {
  it('shows the first 3 merchants, the rest behind "more"', () => {
    const { chips, more } = merchantChips(merchants, null);
    expect(chips.map((m) => m.label)).toEqual(['A', 'B', 'C']);
    expect(more.map((m) => m.label)).toEqual(['D', 'E']);
  });

  it('keeps a merchant picked from "more" (or from the address) visible among the chips', () => {
    expect(merchantChips(merchants, 'm5').chips.map((m) => m.label)).toEqual(['A', 'B', 'C', 'E']);
    expect(merchantChips([], 'm9').chips).toEqual([{ id: 'm9', label: 'm9' }]);
    expect(merchantChips([], '0').chips).toEqual([]);
  });
});
