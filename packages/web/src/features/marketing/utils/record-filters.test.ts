import { describe, expect, it } from 'vitest';
import { initialRange } from '../../../components/time-range-picker/time-range';
import { recordCondition, recordFiltersFromParams, recordFiltersToParams } from './record-filters';

/** 2026-11-26 12:00 in Shanghai. */
const NOW = Date.UTC(2026, 10, 26, 4);

describe('record filters in the address', () => {
  it('opens on today, every kind and machine, page 1', () => {
    const f = recordFiltersFromParams(new URLSearchParams(), { now: NOW });
    expect(f).toEqual({ page: 1, range: initialRange('day', NOW), kind: null, sn: null });
    expect(recordFiltersToParams(f, NOW).toString()).toBe('');
  });

  it('reads back what it wrote; leaves out what a hand-edited address gets wrong', () => {
    const week = initialRange('week', NOW);
    const params = recordFiltersToParams({ page: 3, range: week, kind: 'referrer_sale', sn: '880001' }, NOW);
    expect(params.toString()).toBe('range=week&from=2026-11-23&kind=referrer_sale&sn=880001&page=3');
    expect(recordFiltersFromParams(params, { now: NOW })).toEqual({
      page: 3,
      range: week,
      kind: 'referrer_sale',
      sn: '880001',
    });
    const wrong = recordFiltersFromParams(
      new URLSearchParams('kind=nope&sn=a1&page=0&range=day&from=2099-01-01'),
      {
        now: NOW,
      },
    );
    expect(wrong).toEqual({ page: 1, range: initialRange('day', NOW), kind: null, sn: null });
  });

  it('asks for the picker instants, the kind and the machine', () => {
    const range = initialRange('day', NOW);
    expect(recordCondition({ page: 1, range, kind: 'coupon_use', sn: '1' })).toEqual({
      start_time: range.start,
      end_time: range.end,
      kind: 'coupon_use',
      sn: '1',
    });
  });
});
