import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startOfPeriod } from '@vendo/contract/constants';
import { saleDay } from './merchant-zones';

const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];
const YEAR_2026 = Date.UTC(2026, 0, 1);
const YEAR_MS = 366 * 86_400_000;

describe('saleDay', () => {
  it('is the local midnight of the zone, across daylight-saving changes, in time order', () => {
    for (const zone of ZONES)
      for (let at = YEAR_2026; at < YEAR_2026 + YEAR_MS; at += 37 * 60_000)
        if (saleDay(at, zone) !== startOfPeriod('day', at, zone))
          expect.fail(`${zone} ${new Date(at).toISOString()}`);
  });

  it('is the local midnight of the zone for instants in any order and zones mixed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: YEAR_MS })), {
          maxLength: 50,
        }),
        (sales) => {
          for (const [zone, offset] of sales)
            expect(saleDay(YEAR_2026 + offset, zone)).toBe(startOfPeriod('day', YEAR_2026 + offset, zone));
        },
      ),
    );
  });
});
