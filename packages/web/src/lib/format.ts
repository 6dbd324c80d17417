import { DEFAULT_TIME_ZONE, zonedDate } from '@vendo/contract/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/** TIME_FORMAT of spec §9 (YYYY-MM-DD HH:mm:ss), on the merchant's clock rather than the phone's. */
export function formatDateTime(ms: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedDate(ms, timeZone);
  return `${d.year}-${pad(d.month)}-${pad(d.day)} ${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}`;
}
