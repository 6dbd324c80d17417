import { describe, it, expect } from 'vitest';
import {
  APP_EXPIRY_WARNING_MS,
  DATE_RANGE_MAX_BACK_MS,
  appExpiresSoon,
  appMaxCount,
  checkNextPeriod,
  checkTimeRange,
  earliestAllowedStart,
  isAppUsable,
  nextPeriodStart,
  startOfPeriod,
  zonedDate,
  zonedDay,
  zonedMidnight,
} from './constants';

const DAY = 86_400_000;
/** 2024-05-15 (a Wednesday) 10:00 in Shanghai. */
const NOW = Date.UTC(2024, 4, 15, 2, 0, 0);

describe('app expiry', () => {
  const app = (expireIn: number) => ({ app_module_name: 'Profit', expire_at: NOW + expireIn, extend: [] });

  it('is usable only while expire_at is in the future', () => {
    expect(isAppUsable(app(1), NOW)).toBe(true);
    expect(isAppUsable(app(0), NOW)).toBe(false);
    expect(isAppUsable(app(-DAY), NOW)).toBe(false);
    expect(isAppUsable(undefined, NOW)).toBe(false);
  });

  it('warns under 30 days left, not at 30 and not once expired', () => {
    expect(appExpiresSoon(app(APP_EXPIRY_WARNING_MS - 1), NOW)).toBe(true);
    expect(appExpiresSoon(app(APP_EXPIRY_WARNING_MS), NOW)).toBe(false);
    expect(appExpiresSoon(app(-1), NOW)).toBe(false);
    expect(appExpiresSoon(undefined, NOW)).toBe(false);
  });

  it('reads <name>_max_count, default 9999', () => {
    const region = {
      app_module_name: 'Region',
      expire_at: NOW + DAY,
      extend: [
        { name: 'area_max_count', value: '20' },
        { name: 'store_max_count', value: 50 },
        { name: 'device_max_count', value: 'lots' },
      ],
    };
    expect(appMaxCount(region, 'area')).toBe(20);
    expect(appMaxCount(region, 'store')).toBe(50);
    expect(appMaxCount(region, 'device')).toBe(9999);
    expect(appMaxCount(region, 'goods')).toBe(9999);
    expect(appMaxCount(undefined, 'area')).toBe(9999);
  });
});

describe('zoned calendar', () => {
  it('gives the merchant day, not the UTC day', () => {
    expect(zonedDay(Date.UTC(2024, 4, 14, 16, 0, 0))).toBe('2024-05-15');
    expect(zonedDay(Date.UTC(2024, 4, 14, 15, 59, 59))).toBe('2024-05-14');
    expect(zonedDay(Date.UTC(2024, 4, 14, 15, 0, 0), 'UTC')).toBe('2024-05-14');
  });

  it('finds local midnight, also across a DST change', () => {
    expect(zonedMidnight(2024, 5, 15)).toBe(Date.UTC(2024, 4, 14, 16));
    expect(zonedMidnight(2024, 3, 31, 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 30, 23));
    expect(zonedMidnight(2024, 4, 1, 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 31, 22));
  });

  it('starts a day whose midnight is skipped at the jump (Santiago, 8 September 2024: 00:00 -04 is 01:00 -03)', () => {
    const start = zonedMidnight(2024, 9, 8, 'America/Santiago');
    expect(start).toBe(Date.UTC(2024, 8, 8, 4));
    expect(zonedDay(start, 'America/Santiago')).toBe('2024-09-08');
    expect(zonedDay(start - 1000, 'America/Santiago')).toBe('2024-09-07');
    expect(startOfPeriod('day', Date.UTC(2024, 8, 8, 6), 'America/Santiago')).toBe(start);
    expect(nextPeriodStart('day', Date.UTC(2024, 8, 7, 12), 'America/Santiago')).toBe(start);
    expect(nextPeriodStart('day', start, 'America/Santiago')).toBe(Date.UTC(2024, 8, 9, 3));
  });

  it('reads the fixed-offset zones by arithmetic exactly as Intl does, from 2000 to the last instant a Date holds', () => {
    const viaIntl = (ms: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }).formatToParts(ms);
      const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
      return {
        year: value('year'),
        month: value('month'),
        day: value('day'),
        hour: value('hour'),
        minute: value('minute'),
        second: value('second'),
      };
    };
    const from = Date.UTC(2000, 0, 1);
    const instants = [
      from,
      from + 999,
      Date.UTC(2024, 1, 29, 15, 59, 59, 999),
      Date.UTC(9999, 11, 31, 15, 59, 59),
    ];
    // A fixed sequence spread over 2000-2100, every hour of the day and odd milliseconds.
    for (let i = 0; i < 500; i += 1) instants.push(from + ((i * 7_919_993_311) % (100 * 365 * DAY)) + i * 37);
    for (const zone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Taipei', 'UTC', 'Etc/UTC']) {
      for (const ms of instants) expect(zonedDate(ms, zone), `${zone} ${ms}`).toEqual(viaIntl(ms, zone));
    }
    // Before 2000 and past a Date's range the formatter answers (and refuses) as before.
    expect(zonedDate(Date.UTC(1990, 5, 1), 'Asia/Shanghai')).toEqual(
      viaIntl(Date.UTC(1990, 5, 1), 'Asia/Shanghai'),
    );
    expect(zonedDate(8.64e15, 'Asia/Shanghai')).toEqual(viaIntl(8.64e15, 'Asia/Shanghai'));
    expect(() => zonedDate(8.64e15 + 1, 'Asia/Shanghai')).toThrow(RangeError);
    expect(() => zonedDate(Number.NaN, 'Asia/Shanghai')).toThrow(RangeError);
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(startOfPeriod('day', NOW)).toBe(Date.UTC(2024, 4, 14, 16));
    expect(startOfPeriod('week', NOW)).toBe(Date.UTC(2024, 4, 12, 16)); // Monday 13 May
    expect(startOfPeriod('month', NOW)).toBe(Date.UTC(2024, 3, 30, 16));
    expect(startOfPeriod('week', Date.UTC(2024, 4, 19, 2))).toBe(Date.UTC(2024, 4, 12, 16)); // Sunday
    expect(nextPeriodStart('month', Date.UTC(2024, 11, 20))).toBe(Date.UTC(2024, 11, 31, 16));
    expect(nextPeriodStart('week', NOW)).toBe(Date.UTC(2024, 4, 19, 16));
  });
});

describe('earliestAllowedStart', () => {
  it('is 80352000000 ms (930 days, not "about 93") before the earlier of now and the last instant', () => {
    expect(DATE_RANGE_MAX_BACK_MS).toBe(80_352_000_000);
    expect(DATE_RANGE_MAX_BACK_MS).toBe(930 * DAY);
    expect(earliestAllowedStart(NOW, NOW)).toBe(NOW - 80_352_000_000);
    expect(earliestAllowedStart(NOW + DAY, NOW)).toBe(NOW - 80_352_000_000);
    expect(earliestAllowedStart(NOW - 10 * DAY, NOW)).toBe(NOW - 10 * DAY - 80_352_000_000);
  });
  it('lets a range start exactly at the limit and refuses one 1 ms earlier', () => {
    const limit = earliestAllowedStart(NOW, NOW);
    expect(checkTimeRange(limit, NOW, NOW)).toBeNull();
    expect(checkTimeRange(limit - 1, NOW, NOW)).toBe('rangeStartTooEarly');
    // 94 days, past the old bills' 93-day cap, is well within the rule.
    expect(checkTimeRange(NOW - 94 * DAY, NOW, NOW)).toBeNull();
  });
});

describe('checkTimeRange', () => {
  it('accepts a range ending now or earlier', () => {
    expect(checkTimeRange(NOW - DAY, NOW, NOW)).toBeNull();
    expect(checkTimeRange(NOW - DATE_RANGE_MAX_BACK_MS, NOW, NOW)).toBeNull();
  });
  it('rejects an end after now or before the start', () => {
    expect(checkTimeRange(NOW - DAY, NOW + 1, NOW)).toBe('rangeEndAfterNow');
    expect(checkTimeRange(NOW - DAY, NOW - 2 * DAY, NOW)).toBe('rangeEndBeforeStart');
  });
  it('limits the start relative to the earlier of now and end', () => {
    expect(checkTimeRange(NOW - DATE_RANGE_MAX_BACK_MS - 1, NOW, NOW)).toBe('rangeStartTooEarly');
    const end = NOW - 10 * DAY;
    expect(checkTimeRange(end - DATE_RANGE_MAX_BACK_MS, end, NOW)).toBeNull();
    expect(checkTimeRange(end - DATE_RANGE_MAX_BACK_MS - 1, end, NOW)).toBe('rangeStartTooEarly');
  });
});

describe('checkNextPeriod', () => {
  it('allows next while the next period has begun', () => {
    expect(checkNextPeriod('day', NOW - DAY, NOW)).toBeNull();
    expect(checkNextPeriod('week', NOW - 7 * DAY, NOW)).toBeNull();
    expect(checkNextPeriod('month', Date.UTC(2024, 3, 10), NOW)).toBeNull();
  });
  it('says there is no next day, week or month from the current one', () => {
    expect(checkNextPeriod('day', NOW, NOW)).toBe('noNextDay');
    expect(checkNextPeriod('week', NOW, NOW)).toBe('noNextWeek');
    expect(checkNextPeriod('month', NOW, NOW)).toBe('noNextMonth');
  });
});
