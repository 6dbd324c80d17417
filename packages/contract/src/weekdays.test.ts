import { describe, expect, it } from 'vitest';
import { weekdayOf, weekdaysFromText, weekdaysText, weekdaysToText, zWeekdays } from './weekdays';

describe('weekdays', () => {
  it('numbers a calendar day 1 Monday .. 7 Sunday', () => {
    expect(weekdayOf('2026-11-22')).toBe(7);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });

  it('reads a request once each and in order, refusing days outside 1..7', () => {
    expect(zWeekdays.parse([7, 1, 3, 1])).toEqual([1, 3, 7]);
    expect(zWeekdays.safeParse([0]).success).toBe(false);
    expect(zWeekdays.safeParse([8]).success).toBe(false);
    expect(zWeekdays.safeParse([1.5]).success).toBe(false);
  });

  it('stores as text and reads it back, dropping what is not a weekday', () => {
    expect(weekdaysToText([1, 3, 7])).toBe('1,3,7');
    expect(weekdaysFromText('1,3,7')).toEqual([1, 3, 7]);
    expect(weekdaysFromText('')).toEqual([]);
    expect(weekdaysFromText('0,2,x,9')).toEqual([2]);
  });

  it('names them in each language', () => {
    expect(weekdaysText([3, 1], 'en-US')).toBe('Mon, Wed');
    expect(weekdaysText([1, 3], 'zh-CN')).toBe('周一、周三');
    expect(weekdaysText([7], 'zh-TW')).toBe('週日');
    expect(weekdaysText([7, 6, 5, 4, 3, 2, 1], 'en-US')).toBe('Every day');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7], 'zh-TW')).toBe('每天');
    expect(weekdaysText([1, 2, 3, 4, 5, 6], 'zh-CN')).toBe('周一、周二、周三、周四、周五、周六');
  });
});
