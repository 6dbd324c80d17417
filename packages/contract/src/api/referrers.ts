import { z } from 'zod';
import { defineCall, listResult } from './call';
import { pagedRequest, zFilterId, zFilterText, zId, zText } from './fields';
import { appliedRange, rangeFields } from './analytics';
import { INT4_MAX, PAGE_SIZE, TEXT_MAX } from '../constants';
import type { LocaleText } from '../locales';
import type { RcodeName } from '../rcodes';
import { zName, zSn } from '../validation';

/*
 * Referrers (spec §2 /referrer, §3 Referrer: referrer_id, referrer_name, referrer_no, commission, remarks; §6 the
 * activity center is main-account only; §7 /b/getReferrer, /b/addReferrer returning referrer_id, /b/editReferrer,
 * /b/delReferrer with referrer_id; issue 17).
 *
 * A referrer (a salesman) brings customers to a machine's purchase page through a link `/buy/<sn>?ref=<id>` (or its
 * QR code). A customer's order made through it carries the referrer; once paid, the sale and the referrer's
 * commission are booked (referrer_sales): commission = floor(paid × commission / 10000) cents. A refund cuts the
 * commission in proportion to what was given back (`commissionAfterRefunds`).
 *
 * commission is in hundredths of a percent (spec §3 "rates are percentages with 2 decimals"): 1250 is 12.50 %,
 * 0..10000. Rules: the name is required (zName), the number is optional but unique among the merchant's referrers
 * that are not deleted and made of letters, digits, - and _; the commission as above. Deleting is soft: the
 * referrer's sales stay in the records and the commission per day; a stale link of a deleted referrer sells
 * without attribution.
 */

// ---------------------------------------------------------------------------------------------------------
// Limits and the money

/** 100.00 % in hundredths of a percent. */
export const COMMISSION_WHOLE = 10_000;
/** Referrers per merchant (not deleted). */
export const REFERRERS_MAX = 500;
/** The query parameter of the purchase page naming the referrer. */
export const REFERRER_QUERY = 'ref';

const REFERRER_NO = /^[A-Za-z0-9_-]*$/;

/** The rules of a referrer the contract can check alone, in order; the number's uniqueness is the server's. */
export function checkReferrerRules(input: {
  referrer_no: string;
  commission: number;
}): { rcode: RcodeName } | null {
  if (!REFERRER_NO.test(input.referrer_no)) return { rcode: 'REFERRER_NO_INVALID' };
  const c = input.commission;
  if (!Number.isInteger(c) || c < 0 || c > COMMISSION_WHOLE) return { rcode: 'REFERRER_COMMISSION_INVALID' };
  return null;
}

/** The commission of a paid amount: floor(paid × commission / 10000) cents. */
export function referrerCommission(paidCents: number, commission: number): number {
  return Math.floor((paidCents * commission) / COMMISSION_WHOLE);
}

/**
 * What is left of a sale's commission once `refundedCents` of `paidCents` went back: floor(commission ×
 * (paid − refunded) / paid). A whole refund leaves 0; refunds' cuts are differences of this, so they always add up.
 */
export function commissionAfterRefunds(commission: number, paidCents: number, refundedCents: number): number {
  if (paidCents <= 0) return 0;
  const kept = Math.max(0, paidCents - refundedCents);
  return Math.floor((commission * kept) / paidCents);
}

/** '12.5' → 1250; null when it is not a percentage with at most 2 decimals within 0..100. */
export function parseCommission(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return value <= COMMISSION_WHOLE ? value : null;
}

/** 1250 → '12.5', 10000 → '100' (without the % sign). */
export function formatCommission(hundredths: number): string {
  return String(hundredths / 100);
}

/** The purchase page a referrer's link opens: the machine's page with the referrer named. */
export function referrerLink(origin: string, sn: string, referrerId: number): string {
  return `${origin}/buy/${encodeURIComponent(sn)}?${REFERRER_QUERY}=${referrerId}`;
}

// ---------------------------------------------------------------------------------------------------------
// Fields and answers

/** The rules (checkReferrerRules) bound it further, with their own rcode. */
const zCommission = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .max(INT4_MAX, { error: 'numberInvalid' });

const referrerFields = {
  referrer_name: zName,
  referrer_no: zText(TEXT_MAX.code),
  /** Hundredths of a percent; the rules (checkReferrerRules) answer their own rcodes. */
  commission: zCommission,
  remarks: zText(TEXT_MAX.note),
};

export const referrer = z.object({
  referrer_id: z.number().int(),
  referrer_name: z.string(),
  referrer_no: z.string(),
  /** Hundredths of a percent. */
  commission: z.number().int(),
  remarks: z.string(),
  create_time: z.number(),
  /** Paid sales through the referrer, all time. */
  sale_count: z.number().int(),
  /** Commission earned so far, after refunds, in cents. */
  commission_amt: z.number().int(),
});
export type Referrer = z.infer<typeof referrer>;

/** A referrer's sales and commission on one merchant-local day. */
export const referrerDay = z.object({
  /** 'YYYY-MM-DD' in the merchant's zone: the day the sale was paid. */
  day: z.string(),
  referrer_id: z.number().int(),
  referrer_name: z.string(),
  referrer_no: z.string(),
  /** 1 when the referrer has been deleted since. */
  deleted: z.union([z.literal(0), z.literal(1)]),
  sale_count: z.number().int(),
  /** What the customers paid. */
  paid_amt: z.number().int(),
  /** What went back to them. */
  refund_amt: z.number().int(),
  /** The commission after refunds. */
  commission_amt: z.number().int(),
});
export type ReferrerDay = z.infer<typeof referrerDay>;

// ---------------------------------------------------------------------------------------------------------
// Calls (main account only: spec §6 activity center)

const main = { auth: 'session', mainOnly: true } as const;

/** The merchant's referrers that are not deleted, newest first; keyword matches name or number. */
export const getReferrer = defineCall({
  path: '/api/v1/b/getReferrer',
  ...main,
  request: pagedRequest({ keyword: zFilterText }, PAGE_SIZE.pagination),
  response: listResult(referrer),
});

export const addReferrer = defineCall({
  path: '/api/v1/b/addReferrer',
  ...main,
  request: z.object(referrerFields),
  response: z.object({ referrer_id: z.number().int() }),
});

/** A changed commission applies to sales paid from then on; booked sales keep theirs. */
export const editReferrer = defineCall({
  path: '/api/v1/b/editReferrer',
  ...main,
  request: z.object({ ...referrerFields, referrer_id: zId }),
  response: z.object({ referrer_id: z.number().int() }),
});

/** Deletes softly: the history stays; the link no longer attributes sales. */
export const delReferrer = defineCall({
  path: '/api/v1/b/delReferrer',
  ...main,
  request: z.object({ referrer_id: zId }),
  response: z.object({ referrer_id: z.number().int() }),
});

/**
 * Commission per day and referrer in the picker's range (newest day first), deleted referrers' history included;
 * `totals` over the whole range.
 */
export const getReferrerCommission = defineCall({
  path: '/api/v1/b/getReferrerCommission',
  ...main,
  request: pagedRequest({ ...rangeFields, referrer_id: zFilterId }, 20),
  response: listResult(referrerDay).extend({
    totals: z.object({
      sale_count: z.number().int(),
      paid_amt: z.number().int(),
      refund_amt: z.number().int(),
      commission_amt: z.number().int(),
    }),
    range: appliedRange,
  }),
});

/**
 * A referrer's link to one machine's purchase page (`referrerLink`) and its QR code (an SVG data URL). The machine
 * must be one of the merchant's (DEVICE_NOT_FOUND otherwise), the referrer a live one.
 */
export const getReferrerLink = defineCall({
  path: '/api/v1/b/getReferrerLink',
  ...main,
  request: z.object({ referrer_id: zId, sn: zSn }),
  response: z.object({ url: z.string(), qr: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------
// Labels

export const REFERRER_FIELD_LABELS: Record<string, LocaleText> = {
  referrer_id: { 'zh-CN': '推荐人', 'zh-TW': '推薦人', 'en-US': 'Referrer' },
  referrer_name: { 'zh-CN': '推荐人姓名', 'zh-TW': '推薦人姓名', 'en-US': 'Referrer name' },
  referrer_no: { 'zh-CN': '推荐人编号', 'zh-TW': '推薦人編號', 'en-US': 'Referrer number' },
  commission: { 'zh-CN': '佣金比例', 'zh-TW': '佣金比例', 'en-US': 'Commission' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  start_time: { 'zh-CN': '开始时间', 'zh-TW': '開始時間', 'en-US': 'Start time' },
  end_time: { 'zh-CN': '结束时间', 'zh-TW': '結束時間', 'en-US': 'End time' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
};

export const REFERRER_CALL_PATHS = [
  getReferrer,
  addReferrer,
  editReferrer,
  delReferrer,
  getReferrerCommission,
  getReferrerLink,
].map((c) => c.path);
