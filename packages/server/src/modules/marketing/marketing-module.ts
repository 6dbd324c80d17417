import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Authenticator } from '../../platform/auth';
import { ReportTickets } from '../../platform/report-tickets';
import type { ReferrerService } from '../referrers/referrer-service';
import { MarketingService } from './marketing-service';
import {
  couponSources,
  giftSources,
  referrerSources,
  type CenterSource,
  type CouponFeed,
  type GiftFeed,
  type RecordSource,
} from './marketing-sources';
import { RECORD_REPORT, RecordReport } from './record-report';

export interface MarketingModule {
  marketing: MarketingService;
  report: RecordReport;
}

/**
 * The activity center and /record over the modules this server has: referrers always; coupons and gifts when
 * their services are passed (each read through the small feed it offers, marketing-sources.ts).
 */
export function createMarketing(deps: {
  db: Kysely<Database>;
  clock: () => number;
  timeZone: string;
  authenticator: Authenticator;
  platformSecret: string;
  referrers: ReferrerService;
  coupons?: CouponFeed;
  gifts?: GiftFeed;
}): MarketingModule {
  const parts = [
    ...(deps.coupons ? [couponSources(deps.coupons)] : []),
    ...(deps.gifts ? [giftSources(deps.gifts)] : []),
    referrerSources(deps.referrers),
  ];
  const center: CenterSource[] = parts.map((p) => p.center);
  const records: RecordSource[] = parts.flatMap((p) => p.records);
  const marketing = new MarketingService({
    db: deps.db,
    clock: deps.clock,
    timeZone: deps.timeZone,
    center,
    records,
  });
  const report = new RecordReport({
    db: deps.db,
    service: marketing,
    tickets: new ReportTickets(deps.platformSecret, deps.clock, 'marketing-record-links', [RECORD_REPORT]),
    authenticator: deps.authenticator,
    timeZone: deps.timeZone,
  });
  return { marketing, report };
}
