import { z } from 'zod';
import { defineCall, emptyBody, listResult } from './call';
import { appliedRange, placeFields, rangeFields, REPORT_FORMATS } from './analytics';
import { pagedRequest } from './fields';
import { PERMISSIONS } from '../enums';
import type { LocaleText } from '../locales';

/*
 * The activity center and its records (spec §2 /activityCenter and /record, §6 the activity center is main-account
 * only; issue 17). The activity center leads to coupons (/activity), gift vouchers (/gift), referrers (/referrer)
 * and the records (/record), each with its count and what is running now. /record lists coupon receipts and uses,
 * voucher redemptions and referrer sales together, newest first, in the picker's range (the 93-day rule of
 * constants.ts), by kind and machine; downloadable (1033) as XLSX or CSV through a signed link.
 */

export const ACTIVITY_ENTRIES = ['activity', 'gift', 'referrer', 'record'] as const;
export type ActivityEntryKey = (typeof ACTIVITY_ENTRIES)[number];

/** What /record lists. */
export const RECORD_KINDS = ['coupon_receive', 'coupon_use', 'gift_redeem', 'referrer_sale'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECORD_KIND_LABELS: Record<RecordKind, LocaleText> = {
  coupon_receive: { 'zh-CN': '领取优惠券', 'zh-TW': '領取優惠券', 'en-US': 'Coupon received' },
  coupon_use: { 'zh-CN': '使用优惠券', 'zh-TW': '使用優惠券', 'en-US': 'Coupon used' },
  gift_redeem: { 'zh-CN': '兑换礼品券', 'zh-TW': '兌換禮品券', 'en-US': 'Voucher redeemed' },
  referrer_sale: { 'zh-CN': '推荐销售', 'zh-TW': '推薦銷售', 'en-US': 'Referrer sale' },
};

/**
 * One entry of the activity center. `count`: what exists (coupons, voucher batches, referrers not deleted; for
 * the records, those of today). `active`: what is running now (coupons receivable or usable now, batches with codes
 * that can be redeemed now, referrers who sold today; null for the records). `available`: false while the module
 * behind the entry is not part of this server (its screen is not reachable yet).
 */
export const activityEntry = z.object({
  key: z.enum(ACTIVITY_ENTRIES),
  count: z.number().int(),
  active: z.number().int().nullable(),
  available: z.boolean(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const getActivityCenter = defineCall({
  path: '/api/v1/b/getActivityCenter',
  auth: 'session',
  mainOnly: true,
  request: emptyBody,
  response: z.object({ entries: z.array(activityEntry) }),
});

/** One line of /record. */
export const marketingRecord = z.object({
  /** Unique in the list: '<kind>:<id>'. */
  id: z.string(),
  kind: z.enum(RECORD_KINDS),
  time: z.number(),
  /** The machine ('' for a coupon received outside a machine's page). */
  sn: z.string(),
  /** The order ('' for a receipt). */
  orderno: z.string(),
  /** The coupon's, voucher batch's or referrer's name. */
  name: z.string(),
  /** The customer, masked ('' when none: vouchers need no identity). */
  customer: z.string(),
  /** Cents: the discount of a coupon use, the paid amount of a referrer sale, 0 otherwise. */
  amount: z.number().int(),
  /** Cents: a referrer sale's commission after refunds; null for the other kinds. */
  commission: z.number().int().nullable(),
});
export type MarketingRecord = z.infer<typeof marketingRecord>;

const recordCondition = {
  ...rangeFields,
  kind: z
    .enum(RECORD_KINDS, { error: 'invalidValue' })
    .or(z.literal(''))
    .nullish()
    .transform((v) => (v ? v : undefined)),
  sn: placeFields.sn,
};

export const getRecord = defineCall({
  path: '/api/v1/b/getRecord',
  auth: 'session',
  mainOnly: true,
  request: pagedRequest(recordCondition, 20),
  response: listResult(marketingRecord).extend({ range: appliedRange }),
});

/** /record as a file (1033): the same condition, every line. Answers a download link valid 10 minutes. */
export const recordReport = defineCall({
  path: '/api/v1/b/recordReport',
  auth: 'session',
  mainOnly: true,
  perm: PERMISSIONS.Report,
  request: z.object({
    condition: z.preprocess((v) => v ?? {}, z.object(recordCondition)),
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});

export const MARKETING_FIELD_LABELS: Record<string, LocaleText> = {
  kind: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Kind' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
  start_time: { 'zh-CN': '开始时间', 'zh-TW': '開始時間', 'en-US': 'Start time' },
  end_time: { 'zh-CN': '结束时间', 'zh-TW': '結束時間', 'en-US': 'End time' },
  format: { 'zh-CN': '文件格式', 'zh-TW': '檔案格式', 'en-US': 'File format' },
};

export const MARKETING_CALL_PATHS = [getActivityCenter, getRecord, recordReport].map((c) => c.path);
