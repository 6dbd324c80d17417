import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES, PERMISSIONS, type KnownAppModule } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestAnswer, type TestApp } from '../testing/test-app';
import { sha256 } from './crypto';
import { sessionHeaders, signUpMerchant } from '../testing/accounts';
import { postMultipart, SAMPLE_IMAGES, setApp } from '../modules/catalog/catalog-testing';
import {
  A_MARK,
  buildFixture,
  CALLERS,
  md5,
  OWNER_OPER_PWD,
  type Fixture,
  type Who,
} from './authorization-fixture';

/**
 * The authorization matrix (issue 7, spec §6): every registered call, as anonymous, another merchant's main
 * account, staff without the call's permission, staff holding it but limited to another store, staff holding it
 * inside the store, and the main account. A call missing from MATRIX fails the suite, so every new call has to
 * say here what it touches.
 *
 * What each caller must get:
 * - anonymous: 604 (passport calls: "failed to get user info").
 * - every password session on a passport call: NOT_PASSPORT_LOGIN.
 * - staff on a main-account-only call, and staff without the permission: 403.
 * - another merchant: refused on a call naming the owner's object; otherwise allowed, with no owner data.
 * - staff outside store 1: refused on a call naming an object of store 1; otherwise allowed, without store-1 data.
 * - staff inside store 1 and the main account: success (or a listed business answer, e.g. "device offline").
 */

type Body = Record<string, unknown> | undefined;

interface Entry {
  /**
   * Who may call it (spec §6), stated here independently of the contract: 'main' for main-account-only calls,
   * a permission code for staff holding it; left out, any session. A contract declaring otherwise fails.
   */
  guard?: 'main' | 'staff' | number;
  /** What staff get from a 'main' call instead of 403, where the product words it otherwise. */
  staffRefusal?: number;
  /** The app module the call needs not expired (spec §6: member, advertisement), for every caller. */
  app?: KnownAppModule;
  /**
   * object: names an object of the owner (of store 1 unless merchantWide); list: answers data; own: about the
   * caller or their own merchant (creating something new counts).
   */
  kind: 'object' | 'list' | 'own' | 'public' | 'passport' | 'member';
  /** The object belongs to the merchant, not to store 1: staff limited to another store may reach it. */
  merchantWide?: boolean;
  /**
   * Calls that declare no permission but need the one of the place their body names (/a/days, /a/hours: area
   * 1025, store 1026, machine 1027): staff holding every permission but this one get 403.
   */
  placeGuard?: number;
  /**
   * Staff also need one of these whatever the body names (the places of /a/days and /a/hours, the views of a
   * report, 1033 of a settlement file): checked with the guard before the body is read. A contract declaring
   * otherwise fails.
   */
  anyGuard?: number[];
  body?: (fx: Fixture, who: Who) => Body | Promise<Body>;
  /** multipart/form-data parts instead of JSON. */
  multipart?: (fx: Fixture, who: Who) => Parameters<typeof postMultipart>[2];
  /** Business answers that still show the guard let the caller through. */
  okCodes?: number[];
  /** What staff limited to stores get instead of success (areas and new stores are not for them). */
  restrictedCodes?: number[];
  /** What main accounts get instead of success. */
  mainCodes?: number[];
  /** The call ends the session it is made with: made with a fresh one. */
  endsSession?: boolean;
  after?: (fx: Fixture, who: Who, answer: TestAnswer) => void;
  /** Extra leak check on an allowed outsider's result (counts have no names to look for). */
  leaks?: (result: unknown, who: Who) => boolean;
}

const positive = (who: Who) => who === 'main' || who === 'staffInside';
const ALL_PERMISSIONS = [...PERMISSION_CODES];
const sign = (fx: Fixture, who: Who) => (fx.signs[who] ? { sign: fx.signs[who] } : {});
const png = { file: { filename: 'p.png', type: 'image/png', data: SAMPLE_IMAGES.png } };
const OFFLINE = [RCODE.DEVICE_OFFLINE, RCODE.DEVICE_LINK_DOWN];
const RESTRICTED = [RCODE.STORES_RESTRICTED];
const counted = (result: unknown) => {
  const r = result as Record<string, number>;
  return Object.values(r).some((v) => typeof v === 'number' && v > 0);
};
/** A figure above zero under one of these keys anywhere in an answer. */
const anyOf =
  (keys: string[]) =>
  (result: unknown): boolean => {
    if (Array.isArray(result)) return result.some(anyOf(keys));
    if (result === null || typeof result !== 'object') return false;
    return Object.entries(result).some(([key, v]) =>
      typeof v === 'number' ? keys.includes(key) && v > 0 : anyOf(keys)(v),
    );
  };
/** Sales of the owner's store 1 (the fixture's card sale today): an outsider's figures must all be zero. */
const sold = anyOf(['income', 'successCount']);
/** Machines: staff of store 2 (which has none) must count none; another merchant counts its own. */
const machines = anyOf(['total', 'online', 'offline']);
const figures = { kind: 'list', leaks: sold } as const;
const fleet = {
  kind: 'list',
  leaks: (r: unknown, who: Who) => sold(r) || (who === 'staffOutside' && machines(r)),
} as const;

// -- Bank cards: the owner's cards, made through the calls on first use; a caller who may change or delete one
// gets a fresh one, the other merchant a shared one.
const BANK_FORM = {
  acct_name: 'Holder',
  acct_cert_no: '11010519491231002X',
  cert_start_date: '2020-01-01',
  cert_expire_date: '2040-01-01',
  bank_code: '102',
  bank_province: '110000',
  bank_city: '110100',
  bank_branch: 'Branch',
  acct_no: '6222020200112233445',
  acct_mobile: '13800138000',
  prov_code: '110000',
  city_code: '110100',
  area_code: '110101',
  address: 'Street 1',
};
const BANK_PHOTOS = ['bank_z', 'bank_f', 'id_card_z', 'id_card_f', 'hold_id_card', 'mendian'];
async function ownerImage(fx: Fixture): Promise<string> {
  const answer = await postMultipart(
    fx.t,
    '/api/v1/k/uploadImage',
    { ...png, type: 'bank_z' },
    fx.headersOf('main'),
  );
  return (answer.result as { image_id: string }).image_id;
}
async function ownerCard(fx: Fixture, approved = false): Promise<string> {
  const headers = fx.headersOf('main');
  const saved = await fx.t.call('/api/v1/k/addBank', BANK_FORM, headers);
  const id = (saved.result as { merchant_id: string }).merchant_id;
  if (!approved) return id;
  const photos: Record<string, string> = {};
  for (const f of BANK_PHOTOS) photos[f] = await ownerImage(fx);
  await fx.t.call('/api/v1/k/addBankImg', { merchant_id: id, ...photos }, headers);
  await fx.t.services.bankCards.review.review(Number(id), { approve: true });
  return id;
}
const memo = new WeakMap<Fixture, Map<string, Promise<string>>>();
function once(fx: Fixture, key: string, make: () => Promise<string>): Promise<string> {
  const cache = memo.get(fx) ?? new Map<string, Promise<string>>();
  memo.set(fx, cache);
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!;
}
const sharedCard = (fx: Fixture) => once(fx, 'card', () => ownerCard(fx));
const approvedCard = (fx: Fixture) => once(fx, 'approved', () => ownerCard(fx, true));
const sharedImage = (fx: Fixture) => once(fx, 'image', () => ownerImage(fx));
async function ownerShare(fx: Fixture): Promise<number> {
  const answer = await fx.t.call('/api/v1/b/getShareUrl', {}, fx.headersOf('main'));
  return (answer.result as { share_id: number }).share_id;
}
const sharedShare = (fx: Fixture) => once(fx, 'share', async () => String(await ownerShare(fx)));
const bankCard = { guard: PERMISSIONS.BankManage, kind: 'object', merchantWide: true } as const;

// -- Referrers (issue 17): a referrer of the owner, named with the marker.
async function ownerReferrer(fx: Fixture): Promise<string> {
  const answer = await fx.t.call(
    '/api/v1/b/addReferrer',
    { referrer_name: `Ref ${A_MARK}`, referrer_no: `R${fx.seq()}`, commission: 500 },
    fx.headersOf('main'),
  );
  return String((answer.result as { referrer_id: number }).referrer_id);
}
const sharedReferrer = (fx: Fixture) => once(fx, 'referrer', () => ownerReferrer(fx));

// -- API keys (issue 20): a key of the owner, named with the marker; made through the call.
async function ownerApiKey(
  fx: Fixture,
  body: Record<string, unknown> = {},
): Promise<{ id: number; key: string }> {
  const answer = await fx.t.call(
    '/api/v1/key/addApiKey',
    { name: `Key ${A_MARK}`, permissions: [1020], ...body },
    fx.headersOf('main'),
  );
  const made = answer.result as { key_id: number; key: string };
  return { id: made.key_id, key: made.key };
}
const sharedApiKey = (fx: Fixture) => once(fx, 'apiKey', async () => String((await ownerApiKey(fx)).id));

// -- Webhooks (issue 20): an endpoint of the owner (its URL carries the marker) and a test delivery to it.
async function ownerWebhook(fx: Fixture): Promise<number> {
  const answer = await fx.t.call(
    '/api/v1/b/addWebhook',
    { url: `http://127.0.0.1:9/${A_MARK}/${fx.seq()}`, events: ['order.paid'] },
    fx.headersOf('main'),
  );
  return (answer.result as { endpoint: { id: number } }).endpoint.id;
}
const sharedWebhook = (fx: Fixture) => once(fx, 'webhook', async () => String(await ownerWebhook(fx)));
const sharedDelivery = (fx: Fixture) =>
  once(fx, 'webhookDelivery', async () => {
    const answer = await fx.t.call(
      '/api/v1/b/testWebhook',
      { id: Number(await sharedWebhook(fx)) },
      fx.headersOf('main'),
    );
    return String((answer.result as { delivery: { id: number } }).delivery.id);
  });

// -- Gift vouchers (issue 17): a batch of the owner, on its machine, named with the marker.
async function ownerGift(fx: Fixture): Promise<string> {
  const answer = await fx.t.call(
    '/api/v1/b/addGift',
    {
      name: `Gift ${A_MARK}`,
      salesman: '',
      start_date: '2026-11-01',
      end_date: '2027-12-31',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      points: 0,
      note: '',
      device_sn: [fx.sn],
      gifts: [fx.goods],
      quantity: 2,
    },
    fx.headersOf('main'),
  );
  return String((answer.result as { gift_id: number }).gift_id);
}
const sharedGift = (fx: Fixture) => once(fx, 'gift', () => ownerGift(fx));
const giftOf = async (fx: Fixture) => ({ gift_id: Number(await sharedGift(fx)) });

// -- Coupons (issue 17): a coupon of the owner, named with the marker.
const couponForm = (name: string) => ({
  name,
  type: 'rate',
  rate: 8500,
  scope: 'all',
  quantity: 5,
  receive_limit: 1,
  points: 0,
  receive_start: '2026-11-01',
  receive_end: '2027-12-31',
  use_start: '2026-11-01',
  use_end: '2027-12-31',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
});
async function ownerCoupon(fx: Fixture): Promise<number> {
  const answer = await fx.t.call('/api/v1/b/addCoupon', couponForm(`Coupon ${A_MARK}`), fx.headersOf('main'));
  return (answer.result as { coupon_id: number }).coupon_id;
}
const sharedCoupon = (fx: Fixture) => once(fx, 'coupon', async () => String(await ownerCoupon(fx)));

// -- Advertisements (issue 18): a text-and-link plan of the owner, named with the marker.
const advertForm = (name: string) => ({
  name,
  type: 1,
  scope: 'all',
  text: `Text ${A_MARK}`,
  link: 'https://example.com/ad',
});
/** Written directly: the APP_EXPIRED walk asks for bodies while the app is expired (the call would refuse). */
async function ownerAdvert(fx: Fixture): Promise<number> {
  const now = fx.t.clock.now;
  const row = await fx.t.db.kysely
    .insertInto('adverts')
    .values({
      ...advertForm(`Ad ${A_MARK}`),
      merchant_id: fx.owner.merchantId,
      image: '',
      web_url: '',
      coupon_id: 0,
      app_id: '',
      placement_id: '',
      status: 0,
      created_by: fx.owner.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const sharedAdvert = (fx: Fixture) => once(fx, 'advert', async () => String(await ownerAdvert(fx)));

// -- Members (issue 18): a member of the owner with the marker in its remarks, written directly (the APP_EXPIRED
// walk asks for bodies while the Member app is expired).
async function insertMember(
  fx: Fixture,
  merchantId: number,
  openid: string,
  remarks: string,
): Promise<number> {
  const now = fx.t.clock.now;
  const row = await fx.t.db.kysely
    .insertInto('members')
    .values({
      merchant_id: merchantId,
      client: 'wechat',
      openid,
      cardno: String(100_000_000_000 + fx.seq()),
      nickname: `Member ${openid}`,
      headimgurl: '',
      is_subscribe: 0,
      point: 7,
      balance: 0,
      spend: 0,
      order_count: 0,
      remarks,
      extends: '[]',
      created_at: now,
      last_visit_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const sharedMember = (fx: Fixture) =>
  once(fx, 'member', async () =>
    String(await insertMember(fx, fx.owner.merchantId, 'omatrix0', `VIP ${A_MARK}`)),
  );

// -- Audit log: an entry of the owner's merchant, naming the mark.
const sharedAuditEntry = (fx: Fixture) =>
  once(fx, 'audit', async () => {
    const row = await fx.t.db.kysely
      .insertInto('audit_log')
      .values({
        merchant_id: fx.owner.merchantId,
        at: fx.t.clock.now,
        actor_kind: 'account',
        actor_id: null,
        actor_name: `Owner ${A_MARK}`,
        ip: '',
        user_agent: '',
        call: '/api/v1/u/logout',
        kind: 'logout',
        action: 'logout',
        target_type: 'user',
        target_id: '1',
        target_name: A_MARK,
        machine_sn: '',
        changes: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });

// -- Fee splitting: the owner's approved card as main account, another merchant's approved card as split account.
async function otherApprovedCard(fx: Fixture): Promise<string> {
  const headers = fx.headersOf('otherMerchant');
  const saved = await fx.t.call(
    '/api/v1/k/addBank',
    { ...BANK_FORM, acct_no: '6222020200112299881' },
    headers,
  );
  const id = (saved.result as { merchant_id: string }).merchant_id;
  const upload = await postMultipart(fx.t, '/api/v1/k/uploadImage', { ...png, type: 'bank_z' }, headers);
  const image = (upload.result as { image_id: string }).image_id;
  const photos = Object.fromEntries(BANK_PHOTOS.map((f) => [f, image]));
  await fx.t.call('/api/v1/k/addBankImg', { merchant_id: id, ...photos }, headers);
  await fx.t.services.bankCards.review.review(Number(id), { approve: true });
  return id;
}
async function splitConfig(fx: Fixture) {
  const partner = await once(fx, 'otherApproved', () => otherApprovedCard(fx));
  return {
    bank_split_name: `Split ${A_MARK}`,
    main_merchant_id: await approvedCard(fx),
    main_split_percent: 8000,
    pay_channel: 'all',
    split_merchant: [{ merchant_id: partner, split_percent: 2000 }],
  };
}
const sharedSplit = (fx: Fixture) =>
  once(fx, 'split', async () => {
    const answer = await fx.t.call('/api/v1/k/addSplitAccount', await splitConfig(fx), fx.headersOf('main'));
    return (answer.result as { bank_split_id: string }).bank_split_id;
  });
/** A settlement record of the owner: a payment on the manual-transfer account, settled for a past day. */
async function ownerSettlement(fx: Fixture): Promise<string> {
  const funds = fx.t.services.funds;
  const merchantId = fx.owner.merchantId;
  const at = fx.t.clock.now - 2 * 86_400_000;
  await funds.repo.transaction(async (trx) => {
    const accountId = await funds.repo.ensureAccount(trx, {
      merchantId,
      key: `manual:${merchantId}`,
      cardId: null,
      manual: true,
      now: at,
    });
    await funds.repo.insertEntries(trx, [
      {
        merchant_id: merchantId,
        account_id: accountId,
        kind: 'payment',
        amount: 5000,
        ref: `authz:${merchantId}`,
        order_id: null,
        refund_id: null,
        order_no: 'AUTHZ-SETTLE',
        sn: '',
        client: 'wechat',
        at,
        settlement_id: null,
        created_at: at,
      },
    ]);
  });
  const { settleDateOf } = await import('../modules/funds/settlement-math');
  await funds.settlement.settleDay(merchantId, settleDateOf(at, 'Asia/Shanghai'), 'Asia/Shanghai');
  const row = await fx.t.db.kysely
    .selectFrom('settlements')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return String(row.id);
}
const sharedSettlement = (fx: Fixture) => once(fx, 'settlement', () => ownerSettlement(fx));

const MATRIX: Record<string, Entry> = {
  // -- Public and sandbox
  '/p/v1/health': { kind: 'public' },
  '/p/v1/getAppConfig': { kind: 'public' },
  '/p/v1/getAgent': { kind: 'public' },
  '/p/v1/dev/smsOutbox': { kind: 'public' },
  '/p/v1/login': { kind: 'public' },
  '/p/v1/checkAccount': { kind: 'public' },
  '/p/v1/checkSmsCode': { kind: 'public' },
  '/p/v1/signUp': { kind: 'public' },
  '/p/v1/sendPwdSMS': { kind: 'public' },
  '/p/v1/resetPwd': { kind: 'public' },
  '/p/v1/dev/templateOutbox': { kind: 'public' },
  // Demo and test mode: settles a merchant's ledger now (an unknown phone here, so no fixture's day is settled).
  '/p/v1/dev/settleNow': {
    kind: 'public',
    body: () => ({ merchant: '13900009999' }),
    okCodes: [RCODE.PHONE_NOT_REGISTERED],
  },
  '/p/v1/buy/getMachine': { kind: 'public' },
  '/p/v1/buy/createOrder': { kind: 'public' },
  '/p/v1/buy/getOrder': { kind: 'public' },
  '/p/v1/buy/getCoupons': { kind: 'public' },
  '/p/v1/buy/receiveCoupon': { kind: 'public' },
  '/p/v1/buy/getMyCoupons': { kind: 'public' },
  '/p/v1/buy/getAds': { kind: 'public' },
  '/p/v1/buy/checkGift': { kind: 'public' },
  '/p/v1/buy/redeemGift': { kind: 'public' },
  '/p/v1/sandboxPay/getCheckout': { kind: 'public' },
  '/p/v1/sandboxPay/pay': { kind: 'public' },
  '/p/v1/b/jdMerchantV2/getBankList': { kind: 'public' },
  '/p/v1/b/getBankNo': { kind: 'public' },
  '/p/v1/b/jdMerchantV2/getBankSubList': { kind: 'public' },

  // -- Bank cards (issue 15): the owner's cards are merchant-wide; machines are store 1's.
  '/p/v1/b/getBankInfoRecord': { kind: 'public' },
  '/p/v1/b/addBankInfoForShare': { kind: 'public' },
  '/p/v1/b/addBankImgForShare': { kind: 'public' },
  '/p/v1/b/uploadWxImageForShare': { kind: 'public' },
  '/p/v1/b/uploadImageForShare': { kind: 'public' },
  '/p/v1/b/ocrImageForShare': { kind: 'public' },
  '/api/v1/k/getMerchant': { guard: PERMISSIONS.BankManage, kind: 'list' },
  '/api/v1/k/getBank': { ...bankCard, body: async (fx) => ({ merchant_id: await sharedCard(fx) }) },
  '/api/v1/k/getImage': { ...bankCard, body: async (fx) => ({ merchant_id: await sharedCard(fx) }) },
  '/api/v1/k/delMerchant': {
    ...bankCard,
    body: async (fx, who) => ({
      merchant_id: who === 'otherMerchant' ? await sharedCard(fx) : await ownerCard(fx),
    }),
  },
  '/api/v1/k/addBank': { guard: PERMISSIONS.BankManage, kind: 'own', body: () => BANK_FORM },
  '/api/v1/k/addBankImg': {
    ...bankCard,
    body: async (fx, who) => {
      const photos: Record<string, string> = {};
      for (const f of BANK_PHOTOS) photos[f] = await sharedImage(fx);
      return { merchant_id: who === 'otherMerchant' ? await sharedCard(fx) : await ownerCard(fx), ...photos };
    },
  },
  '/api/v1/k/isBindBank': { guard: PERMISSIONS.BankManage, kind: 'own' },
  '/api/v1/k/uploadWxImage': {
    guard: PERMISSIONS.BankManage,
    kind: 'own',
    body: (fx) => ({ type: 'bank_z', server_id: fx.mediaId() }),
  },
  '/api/v1/k/uploadImage': {
    guard: PERMISSIONS.BankManage,
    kind: 'own',
    multipart: () => ({ ...png, type: 'mendian' }),
  },
  '/api/v1/k/ocrImage': {
    ...bankCard,
    body: async (fx) => ({ image_id: await sharedImage(fx), type: 'bank_z' }),
    okCodes: [RCODE.OCR_FAILED],
  },
  '/api/v1/k/bindDevices': {
    guard: PERMISSIONS.BankManage,
    kind: 'object',
    body: async (fx) => ({ merchant_id: await approvedCard(fx), sns: [fx.sn] }),
  },
  '/api/v1/k/unbindDevices': {
    guard: PERMISSIONS.BankManage,
    kind: 'object',
    body: (fx) => ({ sns: [fx.sn] }),
  },
  '/api/v1/k/getMerchantOptions': { guard: PERMISSIONS.DeviceManage, kind: 'list' },
  '/api/v1/b/getFunds': { guard: PERMISSIONS.Settle, kind: 'list' },
  '/api/v1/b/getSettle': { guard: PERMISSIONS.Settle, kind: 'list' },
  '/api/v1/b/getSettleDetail': {
    guard: PERMISSIONS.Settle,
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedSettlement(fx)) }),
  },
  // 1036 is the call's guard; 1033 is checked besides it (settlement-report.test.ts).
  '/api/v1/b/settleReport': {
    guard: PERMISSIONS.Settle,
    anyGuard: [PERMISSIONS.Report],
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedSettlement(fx)), format: 'csv' }),
  },
  '/api/v1/b/getProfitSharing': { guard: PERMISSIONS.Settle, kind: 'list' },
  // An order of store 1 (the fixture's card sale: outside the ledger, so its route has no lines).
  '/api/v1/k/queryTradeRoute': {
    guard: PERMISSIONS.Settle,
    kind: 'object',
    body: (fx) => ({ orderno: fx.orderNo }),
  },
  '/api/v1/b/getShareUrl': { guard: PERMISSIONS.BankManage, kind: 'own' },
  '/api/v1/k/getShareList': { guard: PERMISSIONS.BankManage, kind: 'list' },
  '/api/v1/k/revokeShareUrl': {
    ...bankCard,
    body: async (fx, who) => ({
      share_id: who === 'otherMerchant' ? Number(await sharedShare(fx)) : await ownerShare(fx),
    }),
  },

  // -- Fee splitting (issue 16): the owner's configurations and cards are merchant-wide; machines are store 1's.
  '/api/v1/k/getMchByBankNo': {
    guard: PERMISSIONS.BankManage,
    kind: 'own',
    body: () => ({ acct_no: BANK_FORM.acct_no }),
    okCodes: [RCODE.SPLIT_ACCOUNT_NOT_FOUND, RCODE.SPLIT_ACCOUNT_IS_OWN],
  },
  '/api/v1/k/getMchSplitAccount': { guard: PERMISSIONS.BankManage, kind: 'list' },
  '/api/v1/k/addSplitAccount': {
    ...bankCard,
    body: async (fx) => ({ ...(await splitConfig(fx)), bank_split_name: `Split ${fx.seq()} ${A_MARK}` }),
  },
  '/api/v1/k/updateSplitAccount': {
    ...bankCard,
    body: async (fx) => ({ ...(await splitConfig(fx)), bank_split_id: await sharedSplit(fx) }),
  },
  '/api/v1/k/setSplit': {
    guard: PERMISSIONS.BankManage,
    kind: 'object',
    body: async (fx) => ({ sn: fx.sn, is_bank_split: 0, bank_split_id: await sharedSplit(fx) }),
  },

  // -- Account
  '/api/v1/u/getUserInfo': { kind: 'own' },
  '/api/v1/u/logout': { kind: 'own', endsSession: true },
  '/api/v1/u/sendPwdSMS': {
    kind: 'own',
    okCodes: [RCODE.NO_PHONE_BOUND, RCODE.STAFF_NO_PHONE, RCODE.SELF_RESET_DISABLED, RCODE.TOO_MANY_ATTEMPTS],
  },
  '/api/v1/u/changePwd': {
    kind: 'own',
    body: () => ({ code: '000000', password: 'never-used-1' }),
    okCodes: [
      RCODE.SMS_CODE_MISMATCH,
      RCODE.SMS_CODE_EXPIRED,
      RCODE.NO_PHONE_BOUND,
      RCODE.STAFF_NO_PHONE,
      RCODE.SELF_RESET_DISABLED,
    ],
  },
  '/api/v1/u/sendChangeInfoSMS': { guard: 'main', kind: 'own', okCodes: [RCODE.TOO_MANY_ATTEMPTS] },
  '/api/v1/u/editOprPwd': {
    // A staff member's operation password is the main account's to change (spec §6).
    guard: 'main',
    staffRefusal: RCODE.CONTACT_MAIN_ACCOUNT,
    kind: 'own',
    body: () => ({ old_oper_pwd: md5('000001'), new_oper_pwd: md5('000002') }),
    okCodes: [RCODE.OPER_PWD_WRONG],
  },
  '/api/v1/u/checkOprPwd': {
    kind: 'own',
    body: () => ({ password: OWNER_OPER_PWD }),
    okCodes: [RCODE.OPER_PWD_NOT_SET, RCODE.OPER_PWD_WRONG],
    after: (fx, who, answer) => {
      if (answer.rcode === 0) fx.signs[who] = (answer.result as { sign: string }).sign;
    },
  },
  '/api/v1/a/getPermission': { kind: 'own' },
  // Sub-accounts are the main account's (spec §6): staff may not list them.
  '/api/v1/u/getUserList': { guard: 'main', kind: 'list' },
  '/api/v1/u/getMyApps': { guard: 'main', kind: 'own' },
  '/api/v1/u/getOverview': { kind: 'own' },

  // -- Areas and stores
  '/api/v1/u/getArea': { kind: 'list' },
  '/api/v1/u/addArea': {
    guard: PERMISSIONS.AreaStore,
    kind: 'own',
    body: (fx) => ({ name: `Made ${fx.seq()}` }),
    restrictedCodes: RESTRICTED,
  },
  '/api/v1/u/editArea': {
    guard: PERMISSIONS.AreaStore,
    kind: 'object',
    body: (fx) => ({ _id: fx.area1, name: 'North SONEMARK' }),
    restrictedCodes: RESTRICTED,
  },
  '/api/v1/u/delArea': {
    guard: PERMISSIONS.AreaStore,
    kind: 'object',
    body: async (fx, who) => ({ _id: who === 'main' ? await fx.freshArea() : fx.area1 }),
    restrictedCodes: RESTRICTED,
  },
  '/api/v1/u/getStore': { kind: 'list' },
  '/api/v1/u/getAllStore': { kind: 'list' },
  '/api/v1/u/addStore': {
    guard: PERMISSIONS.AreaStore,
    kind: 'object',
    body: (fx) => ({ name: `Made ${fx.seq()}`, area: fx.area1 }),
    restrictedCodes: RESTRICTED,
  },
  '/api/v1/u/editStore': {
    guard: PERMISSIONS.AreaStore,
    kind: 'object',
    body: (fx) => ({ _id: fx.store1, name: 'Mall SONEMARK', area: fx.area1 }),
  },
  '/api/v1/u/delStore': {
    guard: PERMISSIONS.AreaStore,
    kind: 'object',
    body: async (fx, who) => ({
      _id: positive(who) ? await fx.freshStore(who === 'staffInside') : fx.store1,
    }),
    // Deleting a store, even one of theirs, is not for staff limited to listed stores (as adding one).
    restrictedCodes: RESTRICTED,
  },

  // -- Goods and images (the merchant's, whatever the store)
  '/api/v1/g/getGoods': { guard: PERMISSIONS.GoodsManage, kind: 'list' },
  '/api/v1/g/addPrivate': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'own',
    body: (fx) => ({ goods_name: `Made ${fx.seq()}`, price: 300 }),
  },
  '/api/v1/g/editPrivate': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ goods_id: fx.goods, goods_name: 'Cola AMARK', price: 300 }),
  },
  '/api/v1/g/delPrivate': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({ goods_id: outsiderTarget(who) ? fx.goods : await fx.freshGoods() }),
  },
  '/api/v1/g/getImg': { guard: PERMISSIONS.GoodsManage, kind: 'list' },
  '/api/v1/g/editImg': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ img_id: fx.image, name: 'Pic AMARK' }),
  },
  '/api/v1/g/delImg': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({ img_id: outsiderTarget(who) ? fx.image : await fx.freshImage() }),
  },
  '/api/v1/g/uploadWx': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'own',
    body: (fx) => ({ server_id: fx.mediaId() }),
  },
  '/api/v1/g/uploadMutiWx': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'own',
    body: (fx) => ({ server_id_arr: [fx.mediaId()] }),
  },
  '/api/v1/g/getImportTemplate': { guard: PERMISSIONS.GoodsManage, kind: 'own' },
  '/api/v1/g/upload': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'own',
    multipart: () => ({ ...png, name: 'Made' }),
  },
  '/api/v1/g/importGoods': {
    guard: PERMISSIONS.GoodsManage,
    kind: 'own',
    multipart: (fx) => ({
      file: {
        filename: 'g.csv',
        type: 'text/csv',
        data: Buffer.from(`goods_name,price\nImported ${fx.seq()},3\n`),
      },
    }),
  },
  '/api/v1/dev/sandboxMediaUpload': { kind: 'own', multipart: () => png },

  // -- Stock
  '/api/v1/i/getStock': { guard: PERMISSIONS.Stock, kind: 'list' },
  '/api/v1/i/addStock': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: async (fx, who) => ({
      goods_id: positive(who) ? await fx.freshGoods() : fx.goods,
      store: fx.store1,
      inventory: 1,
    }),
  },
  '/api/v1/i/editStock': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: (fx) => ({ _id: fx.stock1, oper_type: 0, inventory: 1 }),
  },
  '/api/v1/i/delStock': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: async (fx, who) => ({ _id: positive(who) ? await fx.freshStock() : fx.stock1 }),
  },
  '/api/v1/i/getStockTotal': { guard: PERMISSIONS.Stock, kind: 'list' },
  '/api/v1/i/getStockLog': { guard: PERMISSIONS.Stock, kind: 'list' },
  '/api/v1/i/getStoreStockGroupByDev': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: (fx) => ({ store: fx.store1 }),
  },
  '/api/v1/i/getRestockBill': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: (fx) => ({ store: fx.store1 }),
  },
  '/api/v1/i/exportRestockBill': {
    guard: PERMISSIONS.Stock,
    kind: 'object',
    body: (fx) => ({ store: fx.store1 }),
  },
  '/api/v1/i/getLowStock': { guard: PERMISSIONS.Stock, kind: 'list' },

  // -- Devices
  '/api/v1/d/bind': {
    guard: 'main',
    kind: 'own',
    body: async (fx) => {
      const d = await fx.freshDevice(false);
      return { clientid: d.clientid, sign: d.sign, title: 'Made', type: d.type };
    },
  },
  '/api/v1/d/unbind': {
    guard: 'main',
    kind: 'object',
    body: async (fx, who) => ({
      sn: who === 'main' ? (await fx.freshDevice(true)).sn : fx.sn,
      ...sign(fx, who),
    }),
  },
  '/api/v1/d/getDev': { guard: PERMISSIONS.DeviceManage, kind: 'list' },
  // Another merchant counts its own machines; staff of store 2 (which has none) must count none.
  '/api/v1/d/devOnlineCount': {
    kind: 'list',
    leaks: (result, who) => who === 'staffOutside' && counted(result),
  },
  '/api/v1/d/editDev': {
    guard: PERMISSIONS.DeviceManage,
    kind: 'object',
    body: (fx) => ({ sn: fx.sn, title: 'Dev SONEMARK' }),
  },
  '/api/v1/c/getDevChannel': {
    guard: PERMISSIONS.DeviceManage,
    kind: 'object',
    body: (fx) => ({ sn: fx.sn }),
  },
  '/api/v1/c/setChannelInfo': {
    guard: PERMISSIONS.DeviceManage,
    kind: 'object',
    body: (fx) => ({
      sn: fx.sn,
      id: fx.channels[0]!.id,
      name: 'Cola',
      price: 300,
      game_price: 300,
      quantity: 8,
      capacity: 10,
      probability: 0,
      goods_id: fx.goods,
    }),
  },
  '/api/v1/c/getResetC': { guard: PERMISSIONS.InitChannel, kind: 'object', body: (fx) => ({ sn: fx.sn }) },
  '/api/v1/c/resetId': {
    guard: PERMISSIONS.InitChannel,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, channel: fx.channels, ...sign(fx, who) }),
  },
  '/api/v1/d/setChannelNum': {
    guard: PERMISSIONS.InitChannel,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, channel_num: fx.channels.length, ...sign(fx, who) }),
  },
  '/api/v1/c/putDownGoods': {
    guard: PERMISSIONS.DeviceManage,
    kind: 'object',
    body: (fx) => ({ sn: fx.sn, channel_sn: fx.channels[1]!.channel_sn }),
  },
  '/api/v1/c/setQuantity': {
    guard: PERMISSIONS.DeviceManage,
    kind: 'object',
    body: (fx) => ({ sn: fx.sn, type: 1 }),
  },
  '/api/v1/d/remoteOuting': {
    guard: PERMISSIONS.DeviceControl,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, goods: [{ channel_sn: 1, quantity: 1 }], ...sign(fx, who) }),
    okCodes: OFFLINE,
  },
  '/api/v1/d/testOut': {
    guard: PERMISSIONS.DeviceTest,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, road: 1, ...sign(fx, who) }),
    okCodes: OFFLINE,
  },
  '/api/v1/d/power': {
    guard: PERMISSIONS.DeviceControl,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, dev: 'dev', motion: 'reboot', ...sign(fx, who) }),
    okCodes: OFFLINE,
  },
  '/api/v1/d/switchLED': {
    guard: PERMISSIONS.DeviceControl,
    kind: 'object',
    body: (fx, who) => ({ sn: fx.sn, setting: 'on', ...sign(fx, who) }),
    okCodes: OFFLINE,
  },
  '/api/v1/d/onlineShopAlive': {
    guard: PERMISSIONS.DeviceControl,
    kind: 'object',
    body: (fx) => ({ sn: fx.sn }),
    okCodes: OFFLINE,
  },
  '/api/v1/p/getMJssdkConfig': {
    kind: 'own',
    body: () => ({ url: 'https://app.example.com/deviceBindEnter' }),
  },

  // -- Bills
  '/api/v1/b/getBuyBill': { guard: PERMISSIONS.BuyBill, kind: 'list' },
  '/api/v1/b/getPayBill': { guard: PERMISSIONS.PayBill, kind: 'list' },
  '/api/v1/b/abnormalCount': { guard: PERMISSIONS.BuyBill, kind: 'list' },
  '/api/v1/b/refund': {
    guard: PERMISSIONS.BillRefund,
    kind: 'object',
    body: (fx, who) => ({ orderno: fx.orderNo, part_refund: 1, refund_fee: 1, ...sign(fx, who) }),
  },
  '/api/v1/b/offlineRefund': {
    guard: PERMISSIONS.BillRefund,
    kind: 'object',
    body: (fx, who) => ({ orderno: fx.orderNo, part_refund: 1, refund_fee: 1, ...sign(fx, who) }),
  },
  '/api/v1/b/replaceGoods': {
    guard: PERMISSIONS.BillRefund,
    kind: 'object',
    body: (fx, who) => ({ orderno: fx.orderNo, ...sign(fx, who) }),
    okCodes: [RCODE.ORDER_NOT_REPLACEABLE],
  },
  '/api/v1/c/getOneCard': {
    guard: PERMISSIONS.BuyBill,
    kind: 'list',
    body: (fx) => ({ cardno: fx.card }),
    leaks: (r) => counted(r),
  },

  // -- Analytics: figures only of the caller's merchant and stores
  '/api/v1/a/overview': { guard: PERMISSIONS.Dashboard, ...fleet },
  '/api/v1/a/detail': { guard: PERMISSIONS.Dashboard, ...figures },
  '/api/v1/a/storeDays': { guard: PERMISSIONS.Dashboard, ...figures },
  '/api/v1/a/devDays': { guard: PERMISSIONS.Dashboard, ...figures },
  '/api/v1/a/goodSum': { guard: PERMISSIONS.Dashboard, ...figures },
  '/api/v1/a/o/goodSumForG': { guard: PERMISSIONS.goodSum, ...figures },
  '/api/v1/a/area': { guard: PERMISSIONS.SicArea, ...figures },
  '/api/v1/a/store': { guard: PERMISSIONS.SicStore, ...figures },
  '/api/v1/a/device': { guard: PERMISSIONS.SicDevice, ...figures },
  '/api/v1/a/o/device': { guard: PERMISSIONS.SicDevice, ...fleet },
  '/api/v1/a/o/dayOrder': { guard: PERMISSIONS.SicDevice, ...figures },
  '/api/v1/a/o/hoursOrder': { guard: PERMISSIONS.SicDevice, ...figures },
  '/api/v1/a/days': {
    placeGuard: PERMISSIONS.SicStore,
    anyGuard: [PERMISSIONS.SicArea, PERMISSIONS.SicStore, PERMISSIONS.SicDevice],
    kind: 'object',
    body: (fx) => ({ condition: { store: fx.store1 } }),
  },
  '/api/v1/a/hours': {
    placeGuard: PERMISSIONS.SicDevice,
    anyGuard: [PERMISSIONS.SicArea, PERMISSIONS.SicStore, PERMISSIONS.SicDevice],
    kind: 'object',
    body: (fx) => ({ condition: { sn: fx.sn } }),
  },
  '/api/v1/a/goodsHours': {
    guard: PERMISSIONS.goodSum,
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ condition: { goods_id: fx.goods } }),
    leaks: sold,
  },
  '/api/v1/a/goodsDay': {
    guard: PERMISSIONS.goodSum,
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ condition: { goods_id: fx.goods } }),
    leaks: sold,
  },
  '/api/v1/a/goodStore': {
    guard: PERMISSIONS.goodSum,
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ condition: { goods_id: fx.goods } }),
    leaks: sold,
  },
  '/api/v1/a/report': {
    guard: PERMISSIONS.Report,
    // The views: bills, payment bills, dashboard, area, store, machine and goods statistics.
    anyGuard: [
      PERMISSIONS.BuyBill,
      PERMISSIONS.PayBill,
      PERMISSIONS.Dashboard,
      PERMISSIONS.SicArea,
      PERMISSIONS.SicStore,
      PERMISSIONS.SicDevice,
      PERMISSIONS.goodSum,
    ],
    kind: 'list',
    body: () => ({ kind: 'detail', format: 'csv' }),
  },

  // -- Staff and roles (main account only)
  '/api/v1/a/getRole': { guard: 'main', kind: 'list' },
  '/api/v1/a/addRole': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({ name: `Made ${fx.seq()}`, note: 'n', permissions: [1020] }),
  },
  '/api/v1/a/editRole': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ roleid: fx.role, name: 'Role AMARK', note: 'matrix', permissions: [1020] }),
  },
  '/api/v1/a/delRole': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({ roleid: who === 'main' ? await fx.freshRole() : fx.role }),
  },
  '/api/v1/u/getSubUser': { guard: 'main', kind: 'list' },
  '/api/v1/u/addSubUser': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({
      sub_username: `made${fx.seq()}`,
      nickname: 'Made',
      password: 'made-pass-1',
      confirm_password: 'made-pass-1',
    }),
  },
  '/api/v1/u/editSubUser': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({
      sub_userid: fx.staffNone.userId,
      sub_username: 'nobody',
      nickname: 'nobody AMARK',
    }),
  },
  '/api/v1/u/delSubUser': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({ sub_userid: who === 'main' ? await fx.freshStaff() : fx.staffNone.userId }),
  },
  '/api/v1/u/isExistSubUser': { guard: 'main', kind: 'own', body: () => ({ sub_username: 'nobody' }) },
  '/api/v1/u/isExistSuffix': { guard: 'main', kind: 'own', body: () => ({ sub_user_suffix: 'matrix' }) },
  '/api/v1/u/setSubUserSuffix': {
    guard: 'main',
    kind: 'own',
    body: (_fx, who) => ({ sub_user_suffix: `mx${who.toLowerCase()}` }),
  },
  '/api/v1/u/resetSubUserOprPwd': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      sub_userid: who === 'main' ? await fx.freshStaff() : fx.staffNone.userId,
      oper_pwd: md5('135790'),
      confirm_oper_pwd: md5('135790'),
    }),
  },
  '/api/v1/u/changeIsOperPwd': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      sub_userid: who === 'main' ? await fx.freshStaff() : fx.staffNone.userId,
      is_oper_pwd: 1,
      oper_pwd: md5('135790'),
      confirm_oper_pwd: md5('135790'),
    }),
  },
  '/api/v1/u/resetSubUserPwd': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      sub_userid: who === 'main' ? await fx.freshStaff() : fx.staffNone.userId,
      password: 'reset-pass-1',
      confirm_password: 'reset-pass-1',
    }),
  },
  '/api/v1/u/changePwdForSubUser': {
    // Staff only: the main account changes its password by SMS (/u/changePwd).
    guard: 'staff',
    kind: 'own',
    body: () => ({ old_password: 'wrong-pass', password: 'new-pass-1', confirm_password: 'new-pass-1' }),
    okCodes: [RCODE.SELF_RESET_DISABLED],
  },

  // -- Notification recipients (main account only)
  '/api/v1/u/getNotifyList': { guard: 'main', kind: 'list' },
  '/api/v1/u/getNotifyBindUrl': { guard: 'main', kind: 'own', body: () => ({ permission: ['lowStock'] }) },
  '/api/v1/u/editNotify': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: (fx) => ({ notify_id: fx.notify, remarks: 'Notify AMARK', permission: ['lowStock'] }),
  },
  '/api/v1/u/delNotify': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({ notify_id: who === 'main' ? await fx.freshRecipient() : fx.notify }),
  },

  // -- Referrers, the activity center and its records (issue 17): main account only (spec §6)
  // -- API keys (issue 20, decision 047): main account only; a key is merchant-wide
  '/api/v1/key/getApiKeys': { guard: 'main', kind: 'list' },
  '/api/v1/key/addApiKey': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({ name: `Key ${fx.seq()}`, permissions: [1020] }),
  },
  '/api/v1/key/revokeApiKey': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      key_id: who === 'main' ? (await ownerApiKey(fx)).id : Number(await sharedApiKey(fx)),
    }),
  },

  '/api/v1/b/getReferrer': { guard: 'main', kind: 'list' },
  '/api/v1/b/addReferrer': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({ referrer_name: `Ref ${fx.seq()}`, referrer_no: `N${fx.seq()}`, commission: 1250 }),
  },
  '/api/v1/b/editReferrer': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({
      referrer_id: Number(await sharedReferrer(fx)),
      referrer_name: `Ref ${A_MARK}`,
      referrer_no: '',
      commission: 600,
    }),
  },
  '/api/v1/b/delReferrer': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      referrer_id: Number(who === 'main' ? await ownerReferrer(fx) : await sharedReferrer(fx)),
    }),
  },
  '/api/v1/b/getReferrerCommission': { guard: 'main', kind: 'list' },
  '/api/v1/b/getReferrerLink': {
    guard: 'main',
    kind: 'object',
    body: async (fx) => ({ referrer_id: Number(await sharedReferrer(fx)), sn: fx.sn }),
  },
  '/api/v1/b/getActivityCenter': { guard: 'main', kind: 'own' },
  '/api/v1/b/getRecord': { guard: 'main', kind: 'list' },
  '/api/v1/b/recordReport': { guard: 'main', kind: 'own', body: () => ({ condition: {}, format: 'csv' }) },

  // -- Gift vouchers (issue 17): main account only (spec §6); the owner's batches are merchant-wide
  '/api/v1/h/getGift': { guard: 'main', kind: 'list' },
  '/api/v1/b/getGiftHubDev': { guard: 'main', kind: 'list' },
  '/api/v1/b/addGift': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({
      name: `Gift ${fx.seq()}`,
      start_date: '2026-11-01',
      end_date: '2027-12-31',
      weekdays: [1],
      points: 0,
      device_sn: [fx.sn],
      gifts: [fx.goods],
      quantity: 1,
    }),
    // Another merchant's body names the owner's machine: refused by the rule, past the guard.
    okCodes: [RCODE.GIFT_DEVICE_INVALID],
  },
  '/api/v1/b/disableGift': { guard: 'main', kind: 'object', merchantWide: true, body: giftOf },
  '/api/v1/b/download': { guard: 'main', kind: 'object', merchantWide: true, body: giftOf },
  '/api/v1/b/getGiftCodes': { guard: 'main', kind: 'object', merchantWide: true, body: giftOf },

  // -- Coupons (issue 17): main account only; the owner's coupons are merchant-wide.
  '/api/v1/b/getCoupon': { guard: 'main', kind: 'list' },
  '/api/v1/b/addCoupon': { guard: 'main', kind: 'own', body: (fx) => couponForm(`Coupon ${fx.seq()}`) },
  '/api/v1/b/editCoupon': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ ...couponForm(`Coupon ${A_MARK}`), coupon_id: Number(await sharedCoupon(fx)) }),
  },
  '/api/v1/b/delCoupon': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      coupon_id: who === 'main' ? await ownerCoupon(fx) : Number(await sharedCoupon(fx)),
    }),
  },
  '/api/v1/b/getCardCouponList': { guard: 'main', kind: 'list' },

  // -- Advertisements (issue 18): main account only with a non-expired Advertisement app; plans are merchant-wide.
  '/api/v1/b/getAdvert': { guard: 'main', app: 'Advertisement', kind: 'list' },
  '/api/v1/b/addAdvert': {
    guard: 'main',
    app: 'Advertisement',
    kind: 'own',
    body: (fx) => advertForm(`Ad ${fx.seq()}`),
  },
  '/api/v1/b/editAdvert': {
    guard: 'main',
    app: 'Advertisement',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ ...advertForm(`Ad ${A_MARK}`), advert_id: Number(await sharedAdvert(fx)) }),
  },
  '/api/v1/b/setAdvertStatus': {
    guard: 'main',
    app: 'Advertisement',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ advert_id: Number(await sharedAdvert(fx)), status: 0 }),
  },
  '/api/v1/b/delAdvert': {
    guard: 'main',
    app: 'Advertisement',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      advert_id: who === 'main' ? await ownerAdvert(fx) : Number(await sharedAdvert(fx)),
    }),
  },

  // -- Members (issue 18): /member is main account only with a non-expired Member app; members are merchant-wide.
  '/api/v1/b/getMember': { guard: 'main', app: 'Member', kind: 'list' },
  '/api/v1/b/editMember': {
    guard: 'main',
    app: 'Member',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ member_id: Number(await sharedMember(fx)), remarks: `VIP ${A_MARK}` }),
  },
  // -- The audit log (issue 20, decision 046): main account only; entries are merchant-wide.
  '/api/v1/u/getAuditLog': { guard: 'main', kind: 'list' },
  '/api/v1/u/getAuditEntry': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedAuditEntry(fx)) }),
  },
  '/api/v1/u/auditReport': { guard: 'main', kind: 'own', body: () => ({ condition: {}, format: 'csv' }) },
  '/api/v1/b/memberReport': {
    guard: 'main',
    app: 'Member',
    kind: 'own',
    body: () => ({ condition: {}, format: 'csv' }),
  },
  '/api/v1/b/getPointRule': { guard: 'main', app: 'Member', kind: 'own' },
  '/api/v1/b/setPointRule': {
    guard: 'main',
    app: 'Member',
    kind: 'own',
    body: () => ({ points_per_yuan: 1 }),
  },
  // The member page's calls take the member cert, never a session ("invalid cert"); see the members test below.
  '/api/v1/member/getMember': { kind: 'member' },
  '/api/v1/member/getBill': { kind: 'member' },
  '/api/v1/member/getCardCoupon': { kind: 'member' },
  '/p/v1/buy/memberCert': { kind: 'public' },

  // -- Linked messaging-app logins (passport.test.ts walks the identities themselves)
  '/api/v1/u/bindPassportAccount': { kind: 'passport', body: () => ({ account: 'x', password: 'y' }) },
  '/api/v1/u/getPassportLoginInfo': { kind: 'passport' },
  '/api/v1/u/switchAccount': { kind: 'passport', body: () => ({ account: 'x' }) },
  '/api/v1/u/setPassportRemarks': { kind: 'passport', body: () => ({ account: 'x', remarks: '' }) },
  '/api/v1/u/unbindPassport': { kind: 'passport', body: () => ({ account: 'x' }) },
  // -- Webhooks and the event stream (issue 20): the stream needs BuyBill (each kind its own permission, filtered
  // inside); endpoints and their deliveries are the main account's, merchant-wide.
  '/api/v1/b/getEvents': { guard: PERMISSIONS.BuyBill, kind: 'list' },
  '/api/v1/b/getWebhooks': { guard: 'main', kind: 'list' },
  '/api/v1/b/addWebhook': {
    guard: 'main',
    kind: 'own',
    body: (fx) => ({ url: `http://127.0.0.1:9/own/${fx.seq()}`, events: ['order.paid'] }),
  },
  '/api/v1/b/editWebhook': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({
      id: Number(await sharedWebhook(fx)),
      url: `http://127.0.0.1:9/${A_MARK}`,
      events: ['order.paid'],
    }),
  },
  '/api/v1/b/delWebhook': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx, who) => ({
      id: who === 'main' ? await ownerWebhook(fx) : Number(await sharedWebhook(fx)),
    }),
  },
  '/api/v1/b/rotateWebhookSecret': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedWebhook(fx)) }),
  },
  '/api/v1/b/getWebhookDeliveries': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedWebhook(fx)) }),
  },
  '/api/v1/b/replayWebhookDelivery': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ delivery_id: Number(await sharedDelivery(fx)) }),
  },
  '/api/v1/b/testWebhook': {
    guard: 'main',
    kind: 'object',
    merchantWide: true,
    body: async (fx) => ({ id: Number(await sharedWebhook(fx)) }),
  },
};

/** Outsiders name the owner's object; callers who may change it get one they can spend. */
function outsiderTarget(who: Who): boolean {
  return who === 'otherMerchant' || who === 'staffWithout' || who === 'anonymous';
}

type Expectation =
  | { type: 'code'; code: number }
  | { type: 'refused' }
  | { type: 'allowed'; codes: number[]; markers: 'owner' | 's1' | null };

function expectation(call: { auth: string }, entry: Entry, who: Who): Expectation | null {
  if (call.auth === 'public') return null;
  // Member calls: a session (or nothing) is no member cert.
  if (call.auth === 'member') return { type: 'code', code: RCODE.INVALID_CERT };
  if (who === 'anonymous') {
    return { type: 'code', code: call.auth === 'passport' ? RCODE.USER_INFO_FAILED : RCODE.SESSION_EXPIRED };
  }
  if (call.auth === 'passport') return { type: 'code', code: RCODE.NOT_PASSPORT_LOGIN };
  const staff = who.startsWith('staff');
  if (staff && entry.guard === 'main') return { type: 'code', code: entry.staffRefusal ?? RCODE.FORBIDDEN };
  if (!staff && entry.guard === 'staff') return { type: 'code', code: RCODE.FORBIDDEN };
  if (who === 'staffWithout' && (typeof entry.guard === 'number' || entry.placeGuard !== undefined))
    return { type: 'code', code: RCODE.FORBIDDEN };
  const okCodes = entry.okCodes ?? [];
  const codes = [
    ...okCodes,
    ...(who === 'staffInside' || who === 'staffOutside' ? (entry.restrictedCodes ?? []) : []),
    ...(who === 'main' || who === 'otherMerchant' ? (entry.mainCodes ?? []) : []),
  ];
  if (who === 'otherMerchant') {
    return entry.kind === 'object' ? { type: 'refused' } : { type: 'allowed', codes, markers: 'owner' };
  }
  if (who === 'staffOutside' && entry.kind === 'object' && !entry.merchantWide) return { type: 'refused' };
  if (who === 'staffOutside') return { type: 'allowed', codes, markers: 's1' };
  return { type: 'allowed', codes, markers: null };
}

describe.each(dialects())('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let fx: Fixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await buildFixture(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has an entry for every registered call, and a call for every entry', () => {
    const paths = t.calls.map((c) => c.path);
    expect(new Set(paths).size, 'a path registered twice').toBe(paths.length);
    expect(
      paths.filter((p) => !(p in MATRIX)),
      'calls missing from MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((p) => !paths.includes(p)),
      'MATRIX entries of calls that are not registered',
    ).toEqual([]);
  });

  it('declares in the contract the guard spec §6 gives each call', () => {
    const wrong = t.calls.flatMap((call) => {
      const guard = MATRIX[call.path]?.guard;
      const declared = call.mainOnly ? 'main' : call.staffOnly ? 'staff' : call.perm;
      const refusal = call.staffRefusal;
      const stated = MATRIX[call.path]?.staffRefusal;
      return declared === guard && refusal === stated
        ? []
        : [
            `${call.path}: declares ${String(declared)} ${String(refusal)}, spec ${String(guard)} ${String(stated)}`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it('declares in the contract the permissions staff need one of before the body', () => {
    const sorted = (codes: readonly number[] | undefined) => (codes ? [...codes].sort().join(',') : 'none');
    const wrong = t.calls.flatMap((call) => {
      const stated = sorted(MATRIX[call.path]?.anyGuard);
      const declared = sorted(call.anyPerm);
      return declared === stated ? [] : [`${call.path}: declares ${declared}, spec ${stated}`];
    });
    expect(wrong).toEqual([]);
  });

  it('declares in the contract the app spec §6 ties each call to', () => {
    const wrong = t.calls.flatMap((call) => {
      const app = MATRIX[call.path]?.app;
      return call.app === app ? [] : [`${call.path}: declares ${String(call.app)}, spec ${String(app)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('answers APP_EXPIRED on every call of an expired app, to the main account too', async () => {
    const gated = t.calls.filter((c) => c.app !== undefined);
    const apps = [...new Set(gated.map((c) => c.app as string))];
    const before = await t.db.kysely
      .selectFrom('app_modules')
      .select(['app_module_name', 'expire_at'])
      .where('merchant_id', '=', fx.owner.merchantId)
      .execute();
    for (const app of apps) await setApp(t, fx.owner.merchantId, app, { expireAt: t.clock.now - 1 });
    try {
      for (const call of gated) {
        const entry = MATRIX[call.path];
        const body = entry?.body ? await entry.body(fx, 'main') : {};
        const answer = await t.call(call.path, body, fx.headersOf('main'));
        expect(answer.rcode, call.path).toBe(RCODE.APP_EXPIRED);
      }
    } finally {
      for (const { app_module_name, expire_at } of before) {
        if (apps.includes(app_module_name))
          await setApp(t, fx.owner.merchantId, app_module_name, { expireAt: Number(expire_at) });
      }
    }
  });

  it("answers a member's calls with that member's own data only, and INVALID_CERT without a live cert", async () => {
    const cert = async (merchantId: number, openid: string) => {
      const id = await insertMember(fx, merchantId, openid, '');
      const token = `tok-${merchantId}-${openid}`;
      const secret = `sec-${merchantId}-${openid}`;
      await t.db.kysely
        .insertInto('member_certs')
        .values({
          member_id: id,
          token_hash: sha256(token),
          secret_hash: sha256(secret),
          created_at: t.clock.now,
          expires_at: t.clock.now + 60_000,
        })
        .execute();
      return { id, headers: { token, secret } };
    };
    const a = await cert(fx.owner.merchantId, 'omembera');
    const b = await cert(fx.owner.merchantId, 'omemberb');
    const otherMerchant = await t.db.kysely
      .selectFrom('users')
      .select('merchant_id')
      .where('id', '=', fx.other.userId)
      .executeTakeFirstOrThrow();
    const elsewhere = await cert(Number(otherMerchant.merchant_id), 'omembera');
    // The fixture's order is member a's; a coupon of the owner is member a's too.
    await t.db.kysely
      .updateTable('orders')
      .set({ member_id: a.id })
      .where('order_no', '=', fx.orderNo)
      .execute();
    const couponId = Number(await sharedCoupon(fx));
    await t.db.kysely
      .insertInto('coupon_receipts')
      .values({
        coupon_id: couponId,
        merchant_id: fx.owner.merchantId,
        customer: 'wechat:omembera',
        status: 'unused',
        points: 0,
        received_sn: fx.sn,
        order_no: null,
        sn: null,
        discount: 0,
        received_at: t.clock.now,
        used_at: null,
        updated_at: t.clock.now,
      })
      .execute();
    const as = (path: string, headers: Record<string, string>) => t.call(path, {}, headers);
    const result = <T>(answer: TestAnswer): T => {
      expect(answer.rcode, answer.msg).toBe(0);
      return answer.result as T;
    };
    const me = result<{ data: { member_id: number; openid: string } }>(
      await as('/api/v1/member/getMember', a.headers),
    );
    expect(me.data).toMatchObject({ member_id: a.id, openid: 'omembera' });
    const bills = (h: Record<string, string>) =>
      as('/api/v1/member/getBill', h).then((x) => result<{ data: { order_no: string }[] }>(x).data);
    const coupons = (h: Record<string, string>) =>
      as('/api/v1/member/getCardCoupon', h).then((x) => result<{ data: { coupon_id: number }[] }>(x).data);
    expect((await bills(a.headers)).map((o) => o.order_no)).toEqual([fx.orderNo]);
    expect((await coupons(a.headers)).map((c) => c.coupon_id)).toEqual([couponId]);
    // Another member of the merchant, and the same customer at another merchant, see none of it.
    for (const who of [b, elsewhere]) {
      expect(
        result<{ data: { member_id: number } }>(await as('/api/v1/member/getMember', who.headers)).data
          .member_id,
      ).toBe(who.id);
      expect(await bills(who.headers)).toEqual([]);
      expect(await coupons(who.headers)).toEqual([]);
    }
    // No cert, a wrong secret, an expired cert: invalid cert.
    const paths = ['/api/v1/member/getMember', '/api/v1/member/getBill', '/api/v1/member/getCardCoupon'];
    for (const path of paths) {
      expect((await as(path, {})).rcode, path).toBe(RCODE.INVALID_CERT);
      expect((await as(path, { ...a.headers, secret: 'wrong' })).rcode, path).toBe(RCODE.INVALID_CERT);
    }
    t.clock.advance(60_000);
    try {
      for (const path of paths) expect((await as(path, a.headers)).rcode, path).toBe(RCODE.INVALID_CERT);
    } finally {
      t.clock.advance(-60_000);
      await t.db.kysely
        .updateTable('orders')
        .set({ member_id: null })
        .where('order_no', '=', fx.orderNo)
        .execute();
    }
  });

  it('keeps public calls under /p/ and the others under /api/', () => {
    for (const call of t.calls) {
      expect(call.path.startsWith(call.auth === 'public' ? '/p/' : '/api/'), call.path).toBe(true);
    }
  });

  it('answers every call as every caller the way spec §6 says', async () => {
    const failures: string[] = [];
    for (const call of t.calls) {
      const entry = MATRIX[call.path];
      if (!entry) continue;
      for (const who of CALLERS) {
        const expected = expectation(call, entry, who);
        if (!expected) continue;
        const answer = await ask(fx, call.path, entry, who);
        entry.after?.(fx, who, answer);
        const problem = judge(expected, answer, entry, who, fx);
        if (problem)
          failures.push(`${call.path} as ${who}: ${problem} (rcode ${answer.rcode} ${answer.msg})`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('refuses a caller the guard refuses before reading the body: an invalid or malformed body changes nothing', async () => {
    // The permission, main-account-only and staff-only checks come first (platform/route.ts): a refused caller
    // never learns what is wrong with the body (e.g. /u/editOprPwd as staff, the old password equal to the new).
    const same = md5('123456');
    const bodies: Array<{ name: string; payload: string }> = [
      { name: 'invalid', payload: JSON.stringify({ old_oper_pwd: same, new_oper_pwd: same, pageNum: 'x' }) },
      { name: 'NUL', payload: JSON.stringify({ name: 'a\u0000b', sn: 'a\u0000' }) },
      { name: 'not an object', payload: '[1,2,3]' },
      { name: 'malformed', payload: '{"name": ' },
    ];
    const failures: string[] = [];
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const entry = MATRIX[call.path];
      if (!entry || entry.guard === undefined || entry.app !== undefined) continue;
      const refused =
        entry.guard === 'staff'
          ? { headers: fx.headersOf('main'), code: RCODE.FORBIDDEN }
          : entry.guard === 'main'
            ? { headers: fx.staffNone.headers, code: entry.staffRefusal ?? RCODE.FORBIDDEN }
            : { headers: (await fx.staffWithout(entry.guard)).headers, code: RCODE.FORBIDDEN };
      for (const body of bodies) {
        const answer = await t.app.inject({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': 'application/json', lang: 'en-US', ...refused.headers },
          payload: body.payload,
        });
        const rcode = answer.json<{ rcode: number }>().rcode;
        if (rcode !== refused.code) failures.push(`${call.path} (${body.name} body): rcode ${rcode}`);
      }
    }
    // Staff holding the call's permission but none of those it needs one of (which one the body would say), and
    // staff whose self-service password change is off: refused before the body too.
    const bodyGuarded: Array<{ path: string; headers: Record<string, string>; code: number }> = [];
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const entry = MATRIX[call.path];
      if (!entry?.anyGuard) continue;
      const holds = typeof entry.guard === 'number' ? [entry.guard] : [];
      const staff = await fx.staffHolding(holds);
      bodyGuarded.push({ path: call.path, headers: staff.headers, code: RCODE.FORBIDDEN });
    }
    for (const path of ['/api/v1/u/changePwdForSubUser', '/api/v1/u/changePwd']) {
      bodyGuarded.push({ path, headers: fx.staffNone.headers, code: RCODE.SELF_RESET_DISABLED });
    }
    expect(bodyGuarded.length).toBe(6);
    for (const refused of bodyGuarded) {
      for (const body of [
        ...bodies,
        {
          name: 'mismatched passwords',
          payload: '{"password":"new-pass-1","confirm_password":"other-pass-1"}',
        },
      ]) {
        const answer = await t.app.inject({
          method: 'POST',
          url: refused.path,
          headers: { 'content-type': 'application/json', lang: 'en-US', ...refused.headers },
          payload: body.payload,
        });
        const rcode = answer.json<{ rcode: number }>().rcode;
        if (rcode !== refused.code) failures.push(`${refused.path} (${body.name} body): rcode ${rcode}`);
      }
    }
    expect(failures).toEqual([]);
    // The case the acceptance pass found, in every language: staff are told to ask the main account.
    const texts: Record<string, string> = {
      'zh-CN': '请联系主账号修改',
      'zh-TW': '請聯繫主帳號修改',
      'en-US': 'Please contact the main account to change it',
    };
    for (const [lang, msg] of Object.entries(texts)) {
      const answer = await t.call(
        '/api/v1/u/editOprPwd',
        { old_oper_pwd: same, new_oper_pwd: same },
        { ...fx.headersOf('staffInside'), lang },
      );
      expect(answer).toMatchObject({ rcode: RCODE.CONTACT_MAIN_ACCOUNT, msg, result: null });
    }
    // The main account still hears about its own body.
    const own = await t.call(
      '/api/v1/u/editOprPwd',
      { old_oper_pwd: same, new_oper_pwd: same },
      fx.headersOf('main'),
    );
    expect(own.rcode).toBe(RCODE.INVALID_PARAM);
  }, 120_000);

  it('answers no public call with 604 or 403', async () => {
    for (const call of t.calls.filter((c) => c.auth === 'public')) {
      const answer = await t.call(call.path, {});
      expect([RCODE.SESSION_EXPIRED, RCODE.FORBIDDEN], call.path).not.toContain(answer.rcode);
    }
  });

  it('checks an API key as a caller of its own: open calls, its permissions, its stores, and never once revoked', async () => {
    // Stated here independently of the contract: the session calls without a permission a key may make.
    const keyOpen = [
      '/api/v1/u/getAllStore',
      '/api/v1/u/getArea',
      '/api/v1/u/getStore',
      '/api/v1/a/getPermission',
      '/api/v1/d/devOnlineCount',
      '/api/v1/a/days',
      '/api/v1/a/hours',
    ];
    const all = await ownerApiKey(fx, { permissions: ALL_PERMISSIONS });
    const dashboard = await ownerApiKey(fx, { permissions: [PERMISSIONS.Dashboard] });
    const outside = await ownerApiKey(fx, {
      permissions: ALL_PERMISSIONS,
      all_device: 0,
      store: [fx.store2],
    });
    const revoked = await ownerApiKey(fx, { permissions: ALL_PERMISSIONS });
    await t.call('/api/v1/key/revokeApiKey', { key_id: revoked.id }, fx.headersOf('main'));
    const refusals: number[] = [
      RCODE.FORBIDDEN,
      RCODE.API_KEY_CALL_REFUSED,
      RCODE.API_KEY_INVALID,
      RCODE.SESSION_EXPIRED,
    ];
    const failures: string[] = [];
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const entry = MATRIX[call.path];
      if (!entry) continue;
      // The walk makes far more calls a minute than a key may: the test clock stands still, so the rate restarts.
      for (const k of [all, dashboard, outside]) await t.services.limiter.clear(`apikey:${k.id}`);
      const as = (key: string) => t.call(call.path, {}, { 'x-api-key': key });
      const open = typeof entry.guard === 'number' || keyOpen.includes(call.path);
      // The guard answers before the body is read, so an empty body shows it; a passing call answers anything else.
      const whole = await as(all.key);
      if (open && refusals.includes(whole.rcode)) failures.push(`${call.path}: refused a key holding it`);
      if (!open && whole.rcode !== RCODE.API_KEY_CALL_REFUSED) failures.push(`${call.path}: made with a key`);
      const dash = await as(dashboard.key);
      const expected = !open
        ? RCODE.API_KEY_CALL_REFUSED
        : typeof entry.guard === 'number' && entry.guard !== PERMISSIONS.Dashboard
          ? RCODE.FORBIDDEN
          : null;
      if (expected !== null && dash.rcode !== expected)
        failures.push(`${call.path}: a key without its permission got ${dash.rcode}`);
      const gone = await as(revoked.key);
      if (gone.rcode !== RCODE.API_KEY_INVALID)
        failures.push(`${call.path}: a revoked key got ${gone.rcode}`);
      // A key limited to store 2 reads no list of store 1, as staff outside it.
      if (open && entry.kind === 'list') {
        const body = entry.body ? await entry.body(fx, 'staffOutside') : {};
        const answer = await t.call(call.path, body, { 'x-api-key': outside.key });
        const leaked = fx.s1Markers.filter(
          (m) => answer.rcode === 0 && JSON.stringify(answer.result).includes(m),
        );
        if (leaked.length) failures.push(`${call.path}: a key of store 2 read ${leaked.join(', ')}`);
        if (answer.rcode === 0 && entry.leaks?.(answer.result, 'staffOutside'))
          failures.push(`${call.path}: a key of store 2 read counts of store 1`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 604 to a logged-out caller on every session call', async () => {
    const user = await signUpMerchant(t, '13900000199');
    await t.call('/api/v1/u/logout', {}, sessionHeaders(user));
    for (const call of t.calls.filter((c) => c.auth === 'session')) {
      const answer = await t.call(call.path, {}, sessionHeaders(user));
      expect(answer.rcode, call.path).toBe(RCODE.SESSION_EXPIRED);
    }
  });
});

async function ask(fx: Fixture, path: string, entry: Entry, who: Who): Promise<TestAnswer> {
  let headers: Record<string, string> = {};
  if (who === 'staffWithout') {
    const perm = typeof entry.guard === 'number' ? entry.guard : entry.placeGuard;
    headers = perm !== undefined ? (await fx.staffWithout(perm)).headers : fx.staffNone.headers;
  } else if (who !== 'anonymous') {
    headers = fx.headersOf(who);
  }
  if (entry.endsSession && who !== 'anonymous') {
    const account =
      who === 'main'
        ? fx.owner
        : who === 'otherMerchant'
          ? fx.other
          : who === 'staffInside'
            ? fx.staffInside
            : who === 'staffOutside'
              ? fx.staffOutside
              : fx.staffNone;
    headers = await fx.freshHeaders(account);
  }
  if (entry.multipart) return postMultipart(fx.t, path, entry.multipart(fx, who), headers);
  const body = entry.body ? await entry.body(fx, who) : {};
  return fx.t.call(path, body, headers);
}

function judge(
  expected: Expectation,
  answer: TestAnswer,
  entry: Entry,
  who: Who,
  fx: Fixture,
): string | null {
  if (answer.rcode === RCODE.INVALID_PARAM) return 'the matrix body is invalid: fix the entry';
  if (answer.status >= 500 || answer.rcode === RCODE.INTERNAL) return 'server fault';
  if (expected.type === 'code')
    return answer.rcode === expected.code ? null : `expected rcode ${expected.code}`;
  if (expected.type === 'refused') {
    if (answer.rcode === 0) return 'answered the owner’s object to a caller outside it';
    return answer.result === null ? null : 'a refusal carrying a result';
  }
  if (answer.rcode !== 0 && !expected.codes.includes(answer.rcode)) return 'refused a caller who may';
  if (expected.markers && answer.rcode === 0) {
    const text = JSON.stringify(answer.result);
    const markers = expected.markers === 'owner' ? fx.ownerMarkers : fx.s1Markers;
    const leaked = markers.filter((m) => text.includes(m));
    if (leaked.length) return `leaked ${leaked.join(', ')}`;
    if (entry.leaks?.(answer.result, who)) return 'leaked counts of the owner’s store';
  }
  return null;
}
