import type { TestApp } from '../../testing/test-app';
import { ok, postMultipart, SAMPLE_IMAGES, type Caller } from '../catalog/catalog-testing';
import { addArea, addGoods, addStore, customerPays, settle, standingMachine } from '../orders/order-fixtures';

/*
 * Test helpers of the funds suites: approved payout cards made through the bank-card calls and the reviewer, machines
 * bound to them, WeChat sales paid through the sandbox cashier.
 */

const FORM = {
  acct_cert_no: '11010519491231002X',
  cert_start_date: '2020-01-01',
  cert_expire_date: '2030-01-01',
  bank_code: '102',
  bank_province: '110000',
  bank_city: '110100',
  bank_branch: '中国工商银行北京西单支行',
  bank_no: '102100000001',
  acct_no: '6222 0202 0011 2233 445',
  acct_mobile: '13800138000',
  prov_code: '110000',
  city_code: '110100',
  area_code: '110101',
  address: '西长安街1号',
};
const PHOTOS = ['bank_z', 'bank_f', 'id_card_z', 'id_card_f', 'hold_id_card', 'mendian'] as const;

/** An approved card with this holder name (a sandbox bank marker picks its payout behaviour); answers its id. */
export async function approvedCard(
  t: TestApp,
  who: Caller,
  holder: string,
  acctNo = FORM.acct_no,
): Promise<string> {
  const { merchant_id } = ok<{ merchant_id: string }>(
    await t.call('/api/v1/k/addBank', { ...FORM, acct_name: holder, acct_no: acctNo }, who.headers),
  );
  const images: Record<string, string> = {};
  for (const field of PHOTOS) {
    const answer = await postMultipart(
      t,
      `/api/v1/k/uploadImage?type=${field}`,
      { file: { filename: 'p.png', type: 'image/png', data: SAMPLE_IMAGES.png } },
      who.headers,
    );
    images[field] = ok<{ image_id: string }>(answer).image_id;
  }
  ok(await t.call('/api/v1/k/addBankImg', { merchant_id, ...images }, who.headers));
  await t.services.bankCards.review.review(Number(merchant_id), { approve: true });
  return merchant_id;
}

export async function bindTo(t: TestApp, who: Caller, cardId: string, sns: string[]): Promise<void> {
  ok(await t.call('/api/v1/k/bindDevices', { merchant_id: cardId, sns }, who.headers));
}

/** A store with machines selling Cola at 300 (WeChat through the sandbox). */
export async function shop(t: TestApp, who: Caller, sns: string[]): Promise<void> {
  const cola = await addGoods(t, who.merchantId, 'Cola', 300, 120);
  const area = await addArea(t, who, `Area ${sns[0]}`);
  const store = await addStore(t, who, area, `Store ${sns[0]}`);
  for (const sn of sns) {
    await standingMachine(t, who, { sn, areaId: area, storeId: store, goods: [cola], quantity: 200 });
  }
}

/** A WeChat sale on the machine, paid and delivered; answers its order number. */
export async function sale(t: TestApp, sn: string): Promise<string> {
  const order = await customerPays(t, sn, 1);
  await settle(t);
  return order.order_no;
}

/** The sum of the account's ledger entries by settlement state (computed from the entries, not the records). */
export async function entrySums(t: TestApp, merchantId: number) {
  const rows = await t.db.kysely
    .selectFrom('ledger_entries as e')
    .leftJoin('settlements as s', 's.id', 'e.settlement_id')
    .select(['e.account_id', 'e.kind', 'e.amount', 's.state'])
    .where('e.merchant_id', '=', merchantId)
    .execute();
  return rows.map((r) => ({ account: r.account_id, kind: r.kind, amount: Number(r.amount), state: r.state }));
}

/** A new session for the main account (the test clock walks past the 3-day login). */
export async function relogin(t: TestApp, who: Caller, phone: string): Promise<Caller> {
  const answer = await t.call('/p/v1/login', { username: phone, password: 'secret123' });
  const user = ok<{ token: string; secret: string }>(answer);
  return { ...who, headers: { token: user.token, secret: user.secret } };
}
