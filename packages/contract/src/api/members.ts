import { z } from 'zod';
import { defineCall, emptyBody, listResult } from './call';
import { REPORT_FORMATS } from './analytics';
import { COUPON_RECEIPT_STATES, COUPON_TYPES } from './coupons';
import { pagedRequest, zFilterText, zId, zText } from './fields';
import { PAY_CHANNELS } from './purchase';
import { INT4_MAX } from '../constants';
import { PERMISSIONS } from '../enums';
import type { Locale, LocaleText } from '../locales';
import { zSn } from '../validation';

/*
 * Members (spec §1 the end customer's member page, §2 /member, /open-member, /open-member-passport, §3 Member, §4
 * open member, §6 main account and a non-expired Member app, §7 the member calls and "invalid cert"; issue 18;
 * docs/marketing.md "Members", decision 038).
 *
 * A member is a customer identity (`<channel>:<openid>`, the signed customer token of the purchase page) at one
 * merchant: one member per (merchant, channel, openid). A customer becomes a member of the machine's merchant when
 * they order with their customer token (createOrder names the member on the order; points and spend come when it
 * is paid), or when they open "my member" from the purchase page (/p/v1/buy/memberCert). Past the Member app's
 * quota (`Member_max_count`, default 9999) or while the app is expired no new members are made; a sale is never
 * refused because of members.
 *
 * Points: the merchant's rule gives `points_per_yuan` points per whole yuan paid (floor(paid cents × rate / 100);
 * 0 turns earning off; default 1). Earned when the order is paid, taken back in proportion when it is refunded
 * (never below 0: points already spent stay spent), spent on receiving a coupon or redeeming a gift voucher whose
 * `points` is above 0. Every change is a line of the member's points log.
 *
 * Fields of a member (spec §3): balance (cents; there is no stored-value top-up: always 0), cardno (12 digits from
 * the CSPRNG, unique per merchant), client (wechat | alipay), extends (name/value list), headimgurl (the sandbox
 * OAuth gives only the openid: '' → the page draws initials), is_subscribe (0/1; the sandbox says 0), nickname
 * (without a profile: "微信用户 1234" / "支付宝用户 1234", the openid's last 4), openid, point, remarks (the
 * merchant's, ≤ 200 characters), spend (cents paid minus refunded).
 *
 * The member cert (spec §3 "member-info token and secret"): /p/v1/buy/memberCert answers a random token and
 * secret (stored hashed, valid 30 days); the member calls send them as the `token` and `secret` headers. Missing,
 * unknown or expired: INVALID_CERT ("invalid cert").
 */

// ---------------------------------------------------------------------------------------------------------
// Limits and the points

/** Points per yuan the merchant may set: 0 (no points) .. 1000. */
export const POINTS_PER_YUAN_MAX = 1000;
/** The rule of a merchant that never set one. */
export const POINTS_PER_YUAN_DEFAULT = 1;
export const MEMBER_REMARKS_MAX = 200;
/** A member cert is valid this long. */
export const MEMBER_CERT_TTL_MS = 30 * 86_400_000;
/** Digits of a member's card number. */
export const MEMBER_CARDNO_DIGITS = 12;
/** The app entry whose expiry gates members and whose extend `Member_max_count` is the quota (spec §6). */
export const MEMBER_APP = 'Member';

/** Why a member's points changed (the points log). */
export const POINT_REASONS = ['earn', 'refund', 'coupon', 'gift'] as const;
export type PointReason = (typeof POINT_REASONS)[number];

export const POINT_REASON_LABELS: Record<PointReason, LocaleText> = {
  earn: { 'zh-CN': '消费得积分', 'zh-TW': '消費得積分', 'en-US': 'Earned on a purchase' },
  refund: { 'zh-CN': '退款扣回', 'zh-TW': '退款扣回', 'en-US': 'Taken back on a refund' },
  coupon: { 'zh-CN': '领取优惠券', 'zh-TW': '領取優惠券', 'en-US': 'Spent on a coupon' },
  gift: { 'zh-CN': '兑换礼品券', 'zh-TW': '兌換禮品券', 'en-US': 'Spent on a gift voucher' },
};

/** Points of a payment: floor(paid yuan × rate), i.e. floor(cents × rate / 100). */
export function pointsEarned(paidCents: number, pointsPerYuan: number): number {
  if (paidCents <= 0 || pointsPerYuan <= 0) return 0;
  return Math.floor((paidCents * pointsPerYuan) / 100);
}

/**
 * What is left of the points an order earned once `refundedCents` of `paidCents` went back: floor(earned × (paid −
 * refunded) / paid). A whole refund leaves 0; each refund takes back the difference, so part refunds add up.
 */
export function pointsAfterRefunds(earned: number, paidCents: number, refundedCents: number): number {
  if (paidCents <= 0) return 0;
  const kept = Math.max(0, paidCents - refundedCents);
  return Math.floor((earned * kept) / paidCents);
}

/** Whether a points-per-yuan value is allowed (a whole number 0..POINTS_PER_YUAN_MAX). */
export function isPointsPerYuan(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= POINTS_PER_YUAN_MAX;
}

/** The nickname of a member without a profile: '微信用户 1234' (the openid's last 4 characters). */
export function defaultNickname(client: string, openid: string, locale: Locale = 'zh-CN'): string {
  const tail = openid.slice(-4);
  const names: Record<string, LocaleText> = {
    wechat: { 'zh-CN': '微信用户', 'zh-TW': '微信用戶', 'en-US': 'WeChat user' },
    alipay: { 'zh-CN': '支付宝用户', 'zh-TW': '支付寶用戶', 'en-US': 'Alipay user' },
  };
  return `${(names[client] ?? names.wechat!)[locale]} ${tail}`;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export const memberExtend = z.object({ name: z.string(), value: z.string() });

export const member = z.object({
  member_id: z.number().int(),
  /** 12 digits, unique per merchant. */
  cardno: z.string(),
  client: z.enum(PAY_CHANNELS),
  /** The merchant's calls answer it masked (first 3 and last 4 characters); the member's own, whole. */
  openid: z.string(),
  nickname: z.string(),
  /** '' when unknown (the page draws the nickname's initials). */
  headimgurl: z.string(),
  /** Follows the merchant's official account: 0/1 (the sandbox says 0). */
  is_subscribe: z.number().int(),
  point: z.number().int(),
  /** Stored value (cents): no top-up exists, always 0. */
  balance: z.number().int(),
  /** Cents paid minus refunded, over the member's orders at this merchant. */
  spend: z.number().int(),
  remarks: z.string(),
  extends: z.array(memberExtend),
  /** The member's paid orders at this merchant. */
  order_count: z.number().int(),
  created_at: z.number(),
  /** The last paid order (or the join when none). */
  last_visit_at: z.number(),
  /** The merchant's name ("member of …"): answered by the member's own /member/getMember only. */
  mch_name: z.string().optional(),
});
export type Member = z.infer<typeof member>;

/** One of the member's orders (their consumption bill). */
export const memberBill = z.object({
  order_no: z.string(),
  /** When the order was made (epoch ms). */
  time: z.number(),
  sn: z.string(),
  /** The machine's title ('' when unnamed). */
  machine_name: z.string(),
  goods_name: z.string(),
  /** Paid (cents). */
  amount: z.number().int(),
  /** Refunded (cents). */
  refund_fee: z.number().int(),
  /** The order status code (spec §4; enums ORDER_STATUS_LABELS). */
  status: z.number().int(),
  /** Points the order earned, after its refunds. */
  points: z.number().int(),
});
export type MemberBill = z.infer<typeof memberBill>;

/** One of the member's coupons (a receipt). */
export const memberCoupon = z.object({
  receipt_id: z.number().int(),
  coupon_id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  rate: z.number().int(),
  reduce: z.number().int(),
  condition: z.number().int(),
  /** unused | held (in an unpaid order) | used (coupons COUPON_RECEIPT_LABELS). */
  status: z.enum(COUPON_RECEIPT_STATES),
  use_start: z.string(),
  use_end: z.string(),
  weekdays: z.array(z.number().int()),
  /** The points it cost when received. */
  points: z.number().int(),
  received_at: z.number(),
  used_at: z.number().nullable(),
});
export type MemberCoupon = z.infer<typeof memberCoupon>;

export const pointRule = z.object({
  points_per_yuan: z.number().int(),
  /** When the merchant last set it; null while it is the default. */
  updated_at: z.number().nullable(),
});
export type PointRule = z.infer<typeof pointRule>;

// ---------------------------------------------------------------------------------------------------------
// Calls of the member (auth 'member': the member cert's token and secret as headers)

/** The member the cert names (their openid whole). */
export const getMemberSelf = defineCall({
  path: '/api/v1/member/getMember',
  auth: 'member',
  request: emptyBody,
  response: z.object({ data: member }),
});

/** The member's orders at this merchant, newest first (paged). */
export const getMemberBill = defineCall({
  path: '/api/v1/member/getBill',
  auth: 'member',
  request: pagedRequest({}),
  response: listResult(memberBill),
});

/** The member's coupons of this merchant, newest first; condition.status filters (unused | held | used). */
export const getMemberCardCoupon = defineCall({
  path: '/api/v1/member/getCardCoupon',
  auth: 'member',
  request: pagedRequest({
    status: z
      .enum(COUPON_RECEIPT_STATES, { error: 'invalidValue' })
      .or(z.literal(''))
      .nullish()
      .transform((v) => v || undefined),
  }),
  response: listResult(memberCoupon),
});

// ---------------------------------------------------------------------------------------------------------
// The purchase page (public, with the customer token)

const zCustomerToken = z.string({ error: 'required' }).min(1, { error: 'required' }).max(300);

/**
 * "My member": the cert of the signed-in customer's member at this machine's merchant (made now, with 0 points,
 * when they are none yet). The page opens /open-member-passport?token=…&secret=… with it. Refusals: a customer
 * token the server did not sign (CUSTOMER_IDENTITY_FAILED), the Member app expired (MEMBERS_UNAVAILABLE), no new
 * members past the quota (MEMBER_QUOTA_REACHED).
 */
export const memberCert = defineCall({
  path: '/p/v1/buy/memberCert',
  auth: 'public',
  request: z.object({ sn: zSn, customer: zCustomerToken }),
  response: z.object({ token: z.string(), secret: z.string(), expires_at: z.number() }),
});

// ---------------------------------------------------------------------------------------------------------
// Calls of the merchant (/member: main account, the Member app not expired)

const merchant = { auth: 'session', mainOnly: true, app: MEMBER_APP } as const;

/** The merchant's members, newest first; keyword searches nickname, card number and remarks. */
export const getMember = defineCall({
  path: '/api/v1/b/getMember',
  ...merchant,
  request: pagedRequest({ keyword: zFilterText }),
  response: listResult(member).extend({
    /** All the merchant's members, and the quota (Member_max_count): at it, no new members are made. */
    quota: z.object({ used: z.number().int(), max: z.number().int() }),
  }),
});

export const editMember = defineCall({
  path: '/api/v1/b/editMember',
  ...merchant,
  request: z.object({ member_id: zId, remarks: zText(MEMBER_REMARKS_MAX) }),
  response: z.object({ member_id: z.number().int() }),
});

/** The members (the same keyword) as a file (1033): a download link valid 10 minutes. */
export const memberReport = defineCall({
  path: '/api/v1/b/memberReport',
  ...merchant,
  perm: PERMISSIONS.Report,
  request: z.object({
    condition: z.preprocess((v) => v ?? {}, z.object({ keyword: zFilterText })),
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});

export const getPointRule = defineCall({
  path: '/api/v1/b/getPointRule',
  ...merchant,
  request: emptyBody,
  response: pointRule,
});

/** Sets the points per yuan (0..1000, 0 = no points); orders paid from now on earn by it. */
export const setPointRule = defineCall({
  path: '/api/v1/b/setPointRule',
  ...merchant,
  request: z.object({
    points_per_yuan: z
      .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
      .int({ error: 'noDecimals' })
      .max(INT4_MAX, { error: 'numberInvalid' }),
  }),
  response: pointRule,
});

// ---------------------------------------------------------------------------------------------------------
// Labels

export const MEMBER_FIELD_LABELS: Record<string, LocaleText> = {
  member_id: { 'zh-CN': '会员', 'zh-TW': '會員', 'en-US': 'Member' },
  cardno: { 'zh-CN': '会员卡号', 'zh-TW': '會員卡號', 'en-US': 'Card number' },
  client: { 'zh-CN': '来源', 'zh-TW': '來源', 'en-US': 'Channel' },
  openid: { 'zh-CN': 'OpenID', 'zh-TW': 'OpenID', 'en-US': 'OpenID' },
  nickname: { 'zh-CN': '昵称', 'zh-TW': '暱稱', 'en-US': 'Nickname' },
  headimgurl: { 'zh-CN': '头像', 'zh-TW': '頭像', 'en-US': 'Avatar' },
  is_subscribe: { 'zh-CN': '关注公众号', 'zh-TW': '關注公眾號', 'en-US': 'Follows the account' },
  point: { 'zh-CN': '积分', 'zh-TW': '積分', 'en-US': 'Points' },
  balance: { 'zh-CN': '余额', 'zh-TW': '餘額', 'en-US': 'Balance' },
  spend: { 'zh-CN': '累计消费', 'zh-TW': '累計消費', 'en-US': 'Total spend' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  order_count: { 'zh-CN': '订单数', 'zh-TW': '訂單數', 'en-US': 'Orders' },
  created_at: { 'zh-CN': '入会时间', 'zh-TW': '入會時間', 'en-US': 'Joined' },
  last_visit_at: { 'zh-CN': '最近消费', 'zh-TW': '最近消費', 'en-US': 'Last visit' },
  points_per_yuan: { 'zh-CN': '每元积分', 'zh-TW': '每元積分', 'en-US': 'Points per yuan' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
  format: { 'zh-CN': '文件格式', 'zh-TW': '檔案格式', 'en-US': 'File format' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
  customer: { 'zh-CN': '顾客', 'zh-TW': '顧客', 'en-US': 'Customer' },
};

export const MEMBER_CALLS = [
  getMemberSelf,
  getMemberBill,
  getMemberCardCoupon,
  memberCert,
  getMember,
  editMember,
  memberReport,
  getPointRule,
  setPointRule,
];
export const MEMBER_CALL_PATHS = MEMBER_CALLS.map((c) => c.path);
