import { describe, expect, it } from 'vitest';
import { dayDate, dayText } from './day-text';

describe('picker days', () => {
  it('converts picker days both ways', () => {
    expect(dayText(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(dayDate('2026-01-05')?.getDate()).toBe(5);
    expect(dayDate('')).toBeUndefined();
  });
});
