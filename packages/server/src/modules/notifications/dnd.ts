import { zonedDate, zonedMidnight } from '@vendo/contract/constants';

/** A do-not-disturb window of wall-clock times 'HH:mm' in the merchant's zone; it may cross midnight. */
export interface DndWindow {
  start: string;
  end: string;
}

function minutes(hhmm: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const value = Number(m[1]) * 60 + Number(m[2]);
  return value < 24 * 60 ? value : null;
}

/**
 * When the window holding `now` ends (epoch ms), or null when `now` is outside it. A window whose start equals
 * its end, or with a malformed time, holds nothing.
 */
export function dndRelease(now: number, window: DndWindow, timeZone: string): number | null {
  const start = minutes(window.start);
  const end = minutes(window.end);
  if (start === null || end === null || start === end) return null;
  const d = zonedDate(now, timeZone);
  const current = d.hour * 60 + d.minute;
  const inside = start < end ? current >= start && current < end : current >= start || current < end;
  if (!inside) return null;
  // The end is today, unless the window crosses midnight and we are in its evening part.
  const days = start > end && current >= start ? 1 : 0;
  return zonedMidnight(d.year, d.month, d.day + days, timeZone) + end * 60_000;
}
