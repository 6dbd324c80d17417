import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Services } from '../app';
import type { Database } from '../db/database';
import { DEMO, DEMO_PARTNER, type DemoAccount } from './demo-merchant';

/*
 * The demo merchant's payout card (issue 16): added, photographed and submitted through the calls a person makes,
 * approved by the sandbox reviewer, and every demo machine bound to it, so that the seeded history's online sales
 * enter the funds ledger and settle day by day (demo-orders.ts), and /fund and /settle have something to show.
 * Payouts go to the sandbox bank (labelled so on the screens).
 */

const DONE_KEY = 'demo_payout_card';
/** A 1×1 PNG: the demo card's photos (the sandbox reviewer does not look at them). */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTOS = ['bank_z', 'bank_f', 'id_card_z', 'id_card_f', 'hold_id_card', 'mendian'] as const;
export const DEMO_CARD = {
  acct_name: '示例商户',
  acct_cert_no: '11010519491231002X',
  cert_start_date: '2020-01-01',
  cert_expire_date: '2040-01-01',
  bank_code: '102',
  bank_province: '110000',
  bank_city: '110100',
  bank_branch: '中国工商银行北京西单支行',
  bank_no: '102100000001',
  acct_no: '6222 0202 0011 2233 445',
  acct_mobile: DEMO.phone,
  prov_code: '110000',
  city_code: '110100',
  area_code: '110101',
  address: '西长安街1号',
} as const;

/** The partner's card: the one the demo merchant names as a split account on /feeSplitting. */
export const DEMO_PARTNER_CARD = {
  ...DEMO_CARD,
  acct_name: '示例合作方',
  acct_cert_no: '44030519900101123X',
  bank_province: '440000',
  bank_city: '440300',
  bank_branch: '中国工商银行深圳南山支行',
  bank_no: '102584000001',
  acct_no: '6222 0202 0099 8877 665',
  acct_mobile: DEMO_PARTNER.phone,
  prov_code: '440000',
  city_code: '440300',
  area_code: '440305',
  address: '科技园路1号',
} as const;

const PARTNER_DONE_KEY = 'demo_partner_card';

/**
 * Gives the demo partner (a merchant of its own) an approved payout card, once, so that fee splitting can be tried
 * in the demo: split accounts are other merchants' approved cards, found by their number.
 */
export async function ensureDemoPartnerCard(app: FastifyInstance, db: Kysely<Database>, services: Services) {
  const done = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', PARTNER_DONE_KEY)
    .executeTakeFirst();
  if (done) return;
  const call = await session(app, DEMO_PARTNER);
  const merchantId = await submitCard(call, DEMO_PARTNER_CARD);
  await services.bankCards.review.review(merchantId, { approve: true });
  await db
    .insertInto('settings')
    .values({ key: PARTNER_DONE_KEY, value: String(merchantId) })
    .execute();
}

/** Enters a card through the editor's calls (form, six photos); answers its id, submitted for review. */
async function submitCard(call: Call, card: typeof DEMO_CARD | typeof DEMO_PARTNER_CARD): Promise<number> {
  const { merchant_id } = await call<{ merchant_id: string }>('/api/v1/k/addBank', card);
  const images: Record<string, string> = {};
  for (const field of PHOTOS) {
    images[field] = (
      await call<{ image_id: string }>(`/api/v1/k/uploadImage?type=${field}`, 'photo')
    ).image_id;
  }
  await call('/api/v1/k/addBankImg', { merchant_id, ...images });
  return Number(merchant_id);
}

/**
 * Gives the demo merchant an approved payout card with every demo machine bound to it, once (a person may unbind
 * or delete it in the demo; a restart does not put it back). Answers the card's id, or null when done before.
 */
export async function ensureDemoPayoutCard(
  app: FastifyInstance,
  db: Kysely<Database>,
  services: Services,
): Promise<number | null> {
  const done = await db.selectFrom('settings').select('value').where('key', '=', DONE_KEY).executeTakeFirst();
  if (done) return null;
  const call = await session(app, DEMO);
  const merchant_id = String(await submitCard(call, DEMO_CARD));
  // The sandbox reviewer approves a submitted card after a delay; the demo's own card is approved at once.
  await services.bankCards.review.review(Number(merchant_id), { approve: true });
  const owner = await db
    .selectFrom('users')
    .select('merchant_id')
    .where('is_main', '=', 1)
    .where('username', '=', DEMO.phone)
    .executeTakeFirstOrThrow();
  const machines = await db
    .selectFrom('devices')
    .select('sn')
    .where('merchant_id', '=', owner.merchant_id)
    .execute();
  if (machines.length) {
    await call('/api/v1/k/bindDevices', { merchant_id, sns: machines.map((m) => m.sn) });
  }
  await db.insertInto('settings').values({ key: DONE_KEY, value: merchant_id }).execute();
  return Number(merchant_id);
}

type Call = <T = unknown>(path: string, body: unknown) => Promise<T>;

/** A demo owner's session: JSON calls, and 'photo' as a body sends the PNG as a multipart upload. */
async function session(app: FastifyInstance, account: DemoAccount): Promise<Call> {
  const login = await app.inject({
    method: 'POST',
    url: '/p/v1/login',
    headers: { 'content-type': 'application/json', lang: 'en-US' },
    payload: { username: account.phone, password: account.password },
  });
  const user = login.json<{ rcode: number; msg: string; result: { token: string; secret: string } }>();
  if (user.rcode !== 0) throw new Error(`demo login failed: ${user.msg}`);
  const auth = { lang: 'en-US', token: user.result.token, secret: user.result.secret };
  return async <T>(path: string, body: unknown): Promise<T> => {
    let payload: string | Buffer;
    let headers: Record<string, string>;
    if (body === 'photo') {
      const form = new FormData();
      form.append('file', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      payload = Buffer.from(await request.arrayBuffer());
      headers = { ...auth, 'content-type': request.headers.get('content-type') ?? '' };
    } else {
      payload = JSON.stringify(body);
      headers = { ...auth, 'content-type': 'application/json' };
    }
    const response = await app.inject({ method: 'POST', url: path, headers, payload });
    const answer = response.json<{ rcode: number; msg: string; result: T }>();
    if (answer.rcode !== 0) throw new Error(`demo ${path}: ${answer.msg}`);
    return answer.result;
  };
}
