import type { ActivityEntryKey, MarketingRecord, RecordKind } from '@vendo/contract/api/marketing';
import type { ReferrerService } from '../referrers/referrer-service';

/** What /record asks every source: the merchant, the range [start, end), a machine. */
export interface RecordFilter {
  merchantId: number;
  start: number;
  end: number;
  sn?: string | undefined;
}

/** One kind of /record's lines, newest first, paged by offset. */
export interface RecordSource {
  kind: RecordKind;
  count(f: RecordFilter): Promise<number>;
  page(f: RecordFilter, offset: number, limit: number): Promise<MarketingRecord[]>;
}

/** An entry of the activity center: what exists, and what is running now. */
export interface CenterSource {
  key: Exclude<ActivityEntryKey, 'record'>;
  counts(merchantId: number, todayStart: number, now: number): Promise<{ count: number; active: number }>;
}

/** What marketing needs of the coupons' service (docs/marketing.md; the coupons module offers it). */
export interface CouponFeed {
  couponRecords(
    merchantId: number,
    q: {
      kind: 'receive' | 'use';
      start: number;
      end: number;
      sn?: string;
      pageNum: number;
      pageSize: number;
    },
  ): Promise<{
    data: {
      receipt_id: number;
      coupon_name: string;
      customer: string;
      order_no: string;
      sn: string;
      discount: number;
      time: number;
    }[];
    count: number;
  }>;
  summary(merchantId: number): Promise<{ coupons: number; running: number }>;
}

/** What marketing needs of the gift vouchers' service (GiftsService offers both). */
export interface GiftFeed {
  redemptions(
    merchantId: number,
    q: { start: number; end: number; sn?: string; pageNum: number; pageSize: number },
  ): Promise<{
    data: { gift_id: number; name: string; code: string; order_no: string; sn: string; time: number }[];
    count: number;
  }>;
  summary(merchantId: number): Promise<{ batches: number; running: number }>;
}

/**
 * Offset-paged services read as (offset, limit): the pages of size `limit` that cover the window, trimmed.
 * A source's own paging is by pageNum/pageSize; an offset that is a multiple of the limit needs one page.
 */
async function window<T>(
  offset: number,
  limit: number,
  read: (pageNum: number, pageSize: number) => Promise<T[]>,
): Promise<T[]> {
  if (limit <= 0) return [];
  if (offset % limit === 0) return read(offset / limit + 1, limit);
  // Otherwise one page large enough to hold the window from the start.
  const all = await read(1, offset + limit);
  return all.slice(offset, offset + limit);
}

const snOf = (f: RecordFilter) => (f.sn ? { sn: f.sn } : {});

export function referrerSources(referrers: ReferrerService): {
  records: RecordSource[];
  center: CenterSource;
} {
  return {
    records: [
      {
        kind: 'referrer_sale',
        count: (f) => referrers.countSales(f),
        async page(f, offset, limit) {
          const rows = await referrers.salesPage(f, offset, limit);
          return rows.map((r) => ({
            id: `referrer_sale:${r.id}`,
            kind: 'referrer_sale',
            time: r.time,
            sn: r.sn,
            orderno: r.orderno,
            name: r.referrer_name,
            customer: '',
            amount: r.amount,
            commission: r.commission,
          }));
        },
      },
    ],
    center: {
      key: 'referrer',
      counts: (merchantId, todayStart, now) => referrers.centerCounts(merchantId, todayStart, now + 1),
    },
  };
}

export function giftSources(gifts: GiftFeed): { records: RecordSource[]; center: CenterSource } {
  const read = (f: RecordFilter, pageNum: number, pageSize: number) =>
    gifts.redemptions(f.merchantId, { start: f.start, end: f.end, ...snOf(f), pageNum, pageSize });
  return {
    records: [
      {
        kind: 'gift_redeem',
        count: async (f) => (await read(f, 1, 1)).count,
        page: (f, offset, limit) =>
          window(offset, limit, async (pageNum, pageSize) =>
            (await read(f, pageNum, pageSize)).data.map((r, i): MarketingRecord => ({
              id: `gift_redeem:${r.gift_id}:${r.code}:${r.time}:${i}`,
              kind: 'gift_redeem',
              time: r.time,
              sn: r.sn,
              orderno: r.order_no,
              name: `${r.name} (${r.code})`,
              customer: '',
              amount: 0,
              commission: null,
            })),
          ),
      },
    ],
    center: {
      key: 'gift',
      async counts(merchantId) {
        const s = await gifts.summary(merchantId);
        return { count: s.batches, active: s.running };
      },
    },
  };
}

export function couponSources(coupons: CouponFeed): { records: RecordSource[]; center: CenterSource } {
  const source = (kind: 'receive' | 'use'): RecordSource => {
    const recordKind = kind === 'receive' ? 'coupon_receive' : 'coupon_use';
    const read = (f: RecordFilter, pageNum: number, pageSize: number) =>
      coupons.couponRecords(f.merchantId, {
        kind,
        start: f.start,
        end: f.end,
        ...snOf(f),
        pageNum,
        pageSize,
      });
    return {
      kind: recordKind,
      count: async (f) => (await read(f, 1, 1)).count,
      page: (f, offset, limit) =>
        window(offset, limit, async (pageNum, pageSize) =>
          (await read(f, pageNum, pageSize)).data.map((r): MarketingRecord => ({
            id: `${recordKind}:${r.receipt_id}`,
            kind: recordKind,
            time: r.time,
            sn: r.sn,
            orderno: kind === 'use' ? r.order_no : '',
            name: r.coupon_name,
            customer: r.customer,
            amount: kind === 'use' ? r.discount : 0,
            commission: null,
          })),
        ),
    };
  };
  return {
    records: [source('receive'), source('use')],
    center: {
      key: 'activity',
      async counts(merchantId) {
        const s = await coupons.summary(merchantId);
        return { count: s.coupons, active: s.running };
      },
    },
  };
}
