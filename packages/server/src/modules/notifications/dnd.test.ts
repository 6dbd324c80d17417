import { describe, expect, it } from 'vitest';
import { dndRelease } from './dnd';

const TZ = 'Asia/Shanghai';
/** 2026-11-22 hh:mm in Shanghai (UTC+8). */
const at = (hh: number, mm = 0, day = 22) => Date.UTC(2026, 10, day, hh - 8, mm);

describe('do-not-disturb window', () => {
  it('holds inside a daytime window until its end', () => {
    expect(dndRelease(at(12, 30), { start: '12:00', end: '14:00' }, TZ)).toBe(at(14));
    expect(dndRelease(at(11, 59), { start: '12:00', end: '14:00' }, TZ)).toBeNull();
    expect(dndRelease(at(14), { start: '12:00', end: '14:00' }, TZ)).toBeNull();
  });

  it('crosses midnight: evening holds until tomorrow morning, early morning until this morning', () => {
    const night = { start: '22:00', end: '08:00' };
    expect(dndRelease(at(23, 15), night, TZ)).toBe(at(8, 0, 23));
    expect(dndRelease(at(3), night, TZ)).toBe(at(8));
    expect(dndRelease(at(9), night, TZ)).toBeNull();
    expect(dndRelease(at(22), night, TZ)).toBe(at(8, 0, 23));
  });

  it('holds nothing for an empty or malformed window', () => {
    expect(dndRelease(at(10), { start: '10:00', end: '10:00' }, TZ)).toBeNull();
    expect(dndRelease(at(10), { start: '', end: '' }, TZ)).toBeNull();
    expect(dndRelease(at(10), { start: '25:00', end: '08:00' }, TZ)).toBeNull();
  });
});
