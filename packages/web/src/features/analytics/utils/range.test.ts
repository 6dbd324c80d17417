import { zonedMidnight } from '@vendo/contract/constants';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import { chartBucket, rangeCondition, rangeFromParams, rangeToParams } from './range';

// Wednesday 2026-11-25 15:30 in Shanghai.
const NOW = zonedMidnight(2026, 11, 25) + 15.5 * 3_600_000;
const DAY = 86_400_000;
const DASHBOARD = ['day', 'week', 'month', 'none'] as const;

describe('rangeFromParams', () => {
  it('falls back to the screen default without a range or with a mode the screen does not offer', () => {
    expect(rangeFromParams(new URLSearchParams(), DASHBOARD, 'day', NOW)).toEqual({
      mode: 'day',
      start: zonedMidnight(2026, 11, 25),
      end: NOW,
    });
    const custom = new URLSearchParams({ range: 'custom', start: '1', end: '2' });
    expect(rangeFromParams(custom, DASHBOARD, 'day', NOW).mode).toBe('day');
  });

  it('rebuilds a whole week (from Monday) out of its start', () => {
    const monday = zonedMidnight(2026, 11, 16);
    const params = new URLSearchParams({ range: 'week', start: String(monday + 5 * DAY) });
    expect(rangeFromParams(params, DASHBOARD, 'day', NOW)).toEqual({
      mode: 'week',
      start: monday,
      end: zonedMidnight(2026, 11, 23) - 1,
    });
  });

  it('keeps a custom range inside the limits and refuses one starting further back than the picker allows', () => {
    const start = zonedMidnight(2026, 11, 1);
    const end = zonedMidnight(2026, 11, 10) - 1;
    const ok = new URLSearchParams({ range: 'custom', start: String(start), end: String(end) });
    expect(rangeFromParams(ok, DEFAULT_TIME_RANGE_MODES, 'day', NOW)).toEqual({ mode: 'custom', start, end });
    const tooEarly = new URLSearchParams({ range: 'custom', start: String(NOW - 1000 * DAY) });
    expect(rangeFromParams(tooEarly, DEFAULT_TIME_RANGE_MODES, 'month', NOW).mode).toBe('month');
  });

  it('ignores malformed or future starts', () => {
    for (const start of ['abc', '-5', String(NOW + DAY)]) {
      const params = new URLSearchParams({ range: 'month', start });
      expect(rangeFromParams(params, DASHBOARD, 'day', NOW)).toEqual({
        mode: 'month',
        start: zonedMidnight(2026, 11, 1),
        end: NOW,
      });
    }
  });

  it('round-trips through rangeToParams, keeping the other parameters', () => {
    const week = rangeFromParams(new URLSearchParams({ range: 'week' }), DASHBOARD, 'day', NOW);
    const params = rangeToParams(week, new URLSearchParams({ tab: 'goods', end: '5' }));
    expect(params.get('tab')).toBe('goods');
    expect(params.has('end')).toBe(false);
    expect(rangeFromParams(params, DASHBOARD, 'day', NOW)).toEqual(week);
    expect([...rangeToParams({ mode: 'none', start: 1, end: 2 }, params).keys()]).toEqual(['tab', 'range']);
  });
});

describe('chartBucket and rangeCondition', () => {
  it('charts a day by hour, a week by weekday, a month by day and leaves the rest to the server', () => {
    expect(chartBucket({ mode: 'day', start: 0, end: 1 })).toBe('hour');
    expect(chartBucket({ mode: 'week', start: 0, end: 1 })).toBe('weekDay');
    expect(chartBucket({ mode: 'month', start: 0, end: 1 })).toBe('day');
    expect(chartBucket({ mode: 'custom', start: 0, end: 1 })).toBeUndefined();
    expect(chartBucket({ mode: 'none', start: 0, end: 1 })).toBeUndefined();
  });

  it('sends the picker end as it is: the analytics calls take it inclusive', () => {
    expect(rangeCondition({ mode: 'day', start: 10, end: 99 })).toEqual({ start_time: 10, end_time: 99 });
  });
});
