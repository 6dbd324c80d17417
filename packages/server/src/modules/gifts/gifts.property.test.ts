import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, type Caller } from '../catalog/catalog-testing';
import { addGoods, standingMachine, virtualMachines } from '../orders/order-fixtures';

/*
 * Random sequences of redeems (alone or several at once, on gift and non-gift shelves), failing vends, revocations
 * and downloads against the real services and database. After every sequence: no code has more than one order
 * that did not fail, a code is used exactly when its last order stands, nothing is made for a revoked code, and
 * every refusal is one of the rules' own codes.
 */

type Action =
  | { kind: 'redeem'; code: number; shelf: number; parallel: number }
  | { kind: 'failNext' }
  | { kind: 'revoke' }
  | { kind: 'download' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      code: fc.nat(2),
      shelf: fc.integer({ min: 1, max: 3 }),
      parallel: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'failNext' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'revoke' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'download' as const }) },
);

const ALLOWED = new Set<number>([
  0,
  RCODE.GIFT_CODE_USED,
  RCODE.GIFT_CODE_REVOKED,
  RCODE.GIFT_SHELF_NOT_GIFT,
  RCODE.SHELF_OUT_OF_STOCK,
  RCODE.GIFT_NO_GIFT_HERE,
]);

describe.each(dialects())('gift codes under random use on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let cola: number;
  let chips: number;
  let fail = false;
  let restore: () => void;
  let run = 0;
  const SN = '881001';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await mainAccount(t, '13900001301');
    cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    chips = await addGoods(t, owner.merchantId, 'Chips', 500, 200);
    const water = await addGoods(t, owner.merchantId, 'Water', 200, 50);
    await standingMachine(t, owner, {
      sn: SN,
      areaId: null,
      storeId: null,
      goods: [cola, chips, water],
      quantity: 1000,
    });
    restore = virtualMachines(t, {
      fault: () => {
        const f = fail ? 1 : 0;
        fail = false;
        return f;
      },
    });
  });
  afterAll(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  it('a code never stands behind two orders, and a revoked code makes none', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        run += 1;
        const headers = { 'x-forwarded-for': `10.7.${run % 250}.${dialect === 'sqlite' ? 1 : 2}` };
        const giftId = ok<{ gift_id: number }>(
          await t.call(
            '/api/v1/b/addGift',
            {
              name: `Run ${run}`,
              start_date: '2026-11-01',
              end_date: '2027-12-31',
              weekdays: [1, 2, 3, 4, 5, 6, 7],
              points: 0,
              device_sn: [SN],
              gifts: [cola, chips],
              quantity: 3,
            },
            owner.headers,
          ),
        ).gift_id;
        const codes = (
          await t.db.kysely
            .selectFrom('gift_codes')
            .select('code')
            .where('gift_id', '=', giftId)
            .orderBy('id')
            .execute()
        ).map((r) => r.code);
        let revokedAt: number | null = null;
        let attempts = 0;
        for (const a of actions) {
          if (a.kind === 'failNext') fail = true;
          if (a.kind === 'revoke') {
            ok(await t.call('/api/v1/b/disableGift', { gift_id: giftId }, owner.headers));
            revokedAt ??= Date.now();
          }
          if (a.kind === 'download')
            ok(await t.call('/api/v1/b/download', { gift_id: giftId }, owner.headers));
          if (a.kind === 'redeem') {
            // The limit per address is not what this test is about: a new address past its half.
            attempts += a.parallel;
            if (attempts > 18) {
              headers['x-forwarded-for'] = `10.6.${run % 250}.${attempts}`;
              attempts = a.parallel;
            }
            const answers = await Promise.all(
              Array.from({ length: a.parallel }, () =>
                t.call('/p/v1/buy/redeemGift', { sn: SN, code: codes[a.code], channel_sn: a.shelf }, headers),
              ),
            );
            for (const answer of answers) expect(ALLOWED.has(answer.rcode), answer.msg).toBe(true);
            const made = answers.filter((x) => x.rcode === 0);
            if (revokedAt !== null) expect(made).toHaveLength(0);
            await t.services.orders.idle();
            // Several may succeed only when the ones before failed to vend (the code came back each time).
            const statuses = await Promise.all(
              made.map(async (x) => {
                const { order_no } = x.result as { order_no: string };
                const row = await t.db.kysely
                  .selectFrom('orders')
                  .select('status')
                  .where('order_no', '=', order_no)
                  .executeTakeFirstOrThrow();
                return row.status;
              }),
            );
            expect(statuses.filter((s) => s !== 4).length).toBeLessThanOrEqual(1);
          }
        }
        await t.services.orders.idle();
        const rows = await t.db.kysely
          .selectFrom('gift_codes')
          .selectAll()
          .where('gift_id', '=', giftId)
          .execute();
        for (const row of rows) {
          const orders = await t.db.kysely
            .selectFrom('orders')
            .select(['id', 'status', 'client', 'amount'])
            .where('order_no', 'in', row.order_no ? [row.order_no] : ['-'])
            .execute();
          if (row.status === 'used') {
            expect(orders).toHaveLength(1);
            expect(orders[0]).toMatchObject({ client: 'gift', amount: 0 });
            expect(Number(orders[0]!.id)).toBe(Number(row.order_id));
          }
        }
        // The list's counts: every code once; used are the codes whose order stands.
        const listed = ok<{ data: Array<{ gift_id: number; counts: Record<string, number> }> }>(
          await t.call('/api/v1/h/getGift', { pageNum: 1, pageSize: 5 }, owner.headers),
        ).data.find((g) => g.gift_id === giftId)!;
        const total = Object.values(listed.counts).reduce((x, y) => x + y, 0);
        expect(total).toBe(3);
        let standingUsed = 0;
        for (const row of rows) {
          if (row.status !== 'used') continue;
          const order = await t.db.kysely
            .selectFrom('orders')
            .select('status')
            .where('id', '=', Number(row.order_id))
            .executeTakeFirstOrThrow();
          if (order.status !== 4) standingUsed += 1;
        }
        expect(listed.counts['used']).toBe(standingUsed);
        // Every gift order of this run belongs to one code; per code, at most one did not fail.
        const standing = new Map<string, number>();
        for (const row of rows)
          if (row.status === 'used') standing.set(row.code, (standing.get(row.code) ?? 0) + 1);
        for (const n of standing.values()) expect(n).toBe(1);
      }),
      { numRuns: dialect === 'sqlite' ? 25 : 10 },
    );
    // Over every run: gift orders that did not fail are exactly the used codes.
    const live = await t.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client', '=', 'gift')
      .where('status', '!=', 4)
      .executeTakeFirstOrThrow();
    const used = await t.db.kysely
      .selectFrom('gift_codes')
      .innerJoin('orders', 'orders.id', 'gift_codes.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gift_codes.status', '=', 'used')
      .where('orders.status', '!=', 4)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(Number(used.n));
  }, 120_000);
});
