import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@vendo/contract/constants';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { mainAccount, type Caller } from '../modules/catalog/catalog-testing';
import { addArea, addGoods, addStore, standingMachine } from '../modules/orders/order-fixtures';
import { fieldLabel } from './field-labels';

/*
 * A request integer past what its column takes is refused as its field, with a message, before anything is written
 * (decision 056). PostgreSQL's integer columns refuse 2^31 with a fault (answered 500) and SQLite stores it; a
 * bigint column stores a price of 2^53 - 1 cents, a nonsense amount either way.
 */

const TODAY = '2026-11-22';
const SN = '890001';

describe.each(dialects())('request integers on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let goods: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900005601');
    goods = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'North');
    const store = await addStore(t, owner, area, 'Mall');
    await standingMachine(t, owner, { sn: SN, areaId: area, storeId: store, goods: [goods] });
  });
  afterEach(async () => {
    await t.close();
  });

  async function rows(table: 'gifts' | 'goods' | 'coupons' | 'orders'): Promise<number> {
    const row = await t.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Refused as the field, in every language, and nothing written to `table`. */
  async function refused(
    path: string,
    body: Record<string, unknown>,
    field: string,
    table: 'gifts' | 'goods' | 'coupons' | 'orders',
  ): Promise<void> {
    const before = await rows(table);
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as Locale[]) {
      const answer = await t.call(path, body, { ...owner.headers, lang });
      expect(answer, `${path} ${field} (${lang})`).toMatchObject({ status: 200, rcode: RCODE.INVALID_PARAM });
      expect(answer.msg).toContain(fieldLabel(field, lang, path));
    }
    expect(await rows(table)).toBe(before);
  }

  const gift = (change: Record<string, unknown>) => ({
    name: 'Opening day',
    start_date: TODAY,
    end_date: '2026-12-31',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    points: 0,
    device_sn: [SN],
    gifts: [goods],
    quantity: 5,
    ...change,
  });

  const goodsForm = (change: Record<string, unknown>) => ({ goods_name: 'Tea', price: 300, ...change });

  const coupon = (change: Record<string, unknown>) => ({
    name: 'Autumn',
    type: 'reduce',
    reduce: 100,
    scope: 'all',
    quantity: 10,
    receive_limit: 1,
    receive_start: TODAY,
    receive_end: '2026-12-31',
    use_start: TODAY,
    use_end: '2026-12-31',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    ...change,
  });

  it('takes the largest integer a column holds, and refuses one more with the field named', async () => {
    // The edge itself passes the schema (the gift batch is saved, its points at the column's maximum).
    const edge = await t.call('/api/v1/b/addGift', gift({ points: INT4_MAX }), owner.headers);
    expect(edge.rcode, edge.msg).toBe(0);
    await refused('/api/v1/b/addGift', gift({ points: INT4_MAX + 1 }), 'points', 'gifts');
    await refused('/api/v1/b/addGift', gift({ points: Number.MAX_SAFE_INTEGER }), 'points', 'gifts');
  });

  it('refuses amounts past any column, not only past int4', async () => {
    for (const price of [INT4_MAX + 1, Number.MAX_SAFE_INTEGER]) {
      await refused('/api/v1/g/addPrivate', goodsForm({ price }), 'price', 'goods');
      await refused('/api/v1/g/addPrivate', goodsForm({ cost_price: price }), 'cost_price', 'goods');
      await refused('/api/v1/g/addPrivate', goodsForm({ sold: price }), 'sold', 'goods');
      await refused('/api/v1/b/addCoupon', coupon({ quantity: price }), 'quantity', 'coupons');
      await refused('/api/v1/b/addCoupon', coupon({ reduce: price }), 'reduce', 'coupons');
    }
  });

  it('refuses a shelf number past any shelf, on the public purchase page too', async () => {
    // The shelves' channel_sn is an int4 column the purchase looks up before it writes.
    for (const channel_sn of [10_000, INT4_MAX + 1]) {
      await refused('/p/v1/buy/createOrder', { sn: SN, channel_sn }, 'channel_sn', 'orders');
    }
  });
});
