import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '@vendo/contract/api/devices';
import { RCODE } from '@vendo/contract/rcodes';
import type { SimMachine } from '@vendo/device-sim/machine';
import { md5 } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { bind, brokerEnv, eventually, machine, provision, runGateway } from './device-fixtures';
import type { ProvisionedDevice } from './provisioning';

type Shelves = { data: Channel[]; count: number };
type Push = { status: string; rcode: number; msg: string };

describe.each(dialects())('shelves on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let device: ProvisionedDevice;
  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
    owner = await mainAccount(t, '13900000501');
    [device] = (await provision(t, 'vm')) as [ProvisionedDevice];
    await bind(t, owner.user, device);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const shelves = async () => ok<Shelves>(await call('/api/v1/c/getDevChannel', { sn: device.sn }));
  const shelfNumbered = async (n: number) => (await shelves()).data.find((c) => c.channel_sn === n)!;

  async function goods(merchantId: number, name: string) {
    const now = t.clock.now;
    const row = await t.db.kysely
      .insertInto('goods')
      .values({
        merchant_id: merchantId,
        name,
        price: 300,
        cost_price: 120,
        goods_code: '',
        sold: 0,
        tags: '',
        description: '',
        duration: 0,
        goods_type: '',
        img: '/uploads/ab/cola.jpg',
        detail_intro: '',
        created_by: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const stockLog = () =>
    t.db.kysely.selectFrom('stock_records').selectAll().where('sn', '=', device.sn).orderBy('id').execute();

  it('lists the shelves a new vending machine comes with', async () => {
    const list = await shelves();
    expect(list.count).toBe(25);
    expect(list.data[0]).toMatchObject({
      position: 1,
      channel_sn: 1,
      status: 0,
      price: 2,
      game_price: 2,
      quantity: 0,
      capacity: 10,
      enabled: 1,
      goods: null,
    });
    const answer = ok<Shelves & { device: { sn: string; type: string; alive: number } }>(
      await call('/api/v1/c/getDevChannel', { sn: device.sn }),
    );
    expect(answer.device).toEqual({ sn: device.sn, title: 'Lobby', type: 'vm', alive: 0 });
  });

  it('refuses another merchant, an unknown machine and staff without the permission', async () => {
    const rival = await mainAccount(t, '13900000502');
    expect((await call('/api/v1/c/getDevChannel', { sn: device.sn }, rival)).rcode).toBe(
      RCODE.DEVICE_NOT_FOUND,
    );
    expect((await call('/api/v1/c/getDevChannel', { sn: '12345' })).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
    const staff = await staffAccount(t, owner, { account: 'clerk' });
    for (const path of ['/api/v1/c/getDevChannel', '/api/v1/c/getResetC', '/api/v1/c/setQuantity']) {
      expect((await call(path, { sn: device.sn, type: 1 }, staff)).rcode, path).toBe(RCODE.FORBIDDEN);
    }
  });

  describe('/c/setChannelInfo', () => {
    it('puts goods on a shelf with prices and stock, and logs the stock', async () => {
      const cola = await goods(owner.merchantId, 'Cola');
      const shelf = await shelfNumbered(3);
      const answer = ok<{ channel: Channel; push: Push }>(
        await call('/api/v1/c/setChannelInfo', {
          sn: device.sn,
          id: shelf.id,
          name: 'Cola 330ml',
          price: 350,
          game_price: 100,
          quantity: 6,
          capacity: 8,
          probability: 25,
          difficulty: 'hard',
          enabled: 1,
          goods_id: cola,
        }),
      );
      expect(answer.channel).toMatchObject({
        id: shelf.id,
        name: 'Cola 330ml',
        price: 350,
        quantity: 6,
        capacity: 8,
        probability: 25,
        difficulty: 'hard',
        goods: { goods_id: cola, goods_name: 'Cola', img: '/uploads/ab/cola.jpg' },
      });
      expect(answer.push.status).toBe('offline');
      expect(await stockLog()).toMatchObject([
        {
          goods_id: cola,
          stock_type: 2,
          oper_type: 0,
          quantity: 6,
          balance: 6,
          channel_sn: '3',
          oper_user_id: owner.userId,
        },
      ]);

      const sprite = await goods(owner.merchantId, 'Sprite');
      const base = {
        sn: device.sn,
        id: shelf.id,
        name: 'Sprite',
        price: 350,
        game_price: 100,
        capacity: 8,
        probability: 0,
      };
      ok(await call('/api/v1/c/setChannelInfo', { ...base, quantity: 4, goods_id: sprite }));
      const log = await stockLog();
      expect(log.slice(1)).toMatchObject([
        { goods_id: cola, oper_type: 1, quantity: 6, balance: 0 },
        { goods_id: sprite, oper_type: 0, quantity: 4, balance: 4 },
      ]);
    });

    it('applies the shelf rules and names the field', async () => {
      const shelf = await shelfNumbered(1);
      const base = {
        sn: device.sn,
        id: shelf.id,
        name: 'Gum',
        price: 200,
        game_price: 200,
        quantity: 1,
        capacity: 5,
        probability: 10,
        goods_id: null,
      };
      const msg = async (change: object) =>
        (await call('/api/v1/c/setChannelInfo', { ...base, ...change })).msg;
      expect(await msg({ name: '' })).toBe('Shelf name: Cannot be empty');
      expect(await msg({ name: 'Gum!' })).toBe('Shelf name: Special symbols are not allowed');
      expect(await msg({ price: 1 })).toBe('Price must be at least 0.02 yuan');
      expect(await msg({ game_price: 150.5 })).toBe('Game price: Price must be precise to the cent');
      expect(await msg({ probability: 101 })).toBe('Win probability cannot exceed 100%');
      expect(await msg({ probability: 12.5 })).toBe('Win probability: Decimals are not allowed');
      expect(await msg({ quantity: 6 })).toBe('Quantity cannot exceed the capacity');
      const rival = await mainAccount(t, '13900000503');
      const theirs = await goods(rival.merchantId, 'Theirs');
      expect((await call('/api/v1/c/setChannelInfo', { ...base, goods_id: theirs })).rcode).toBe(
        RCODE.SHELF_GOODS_NOT_FOUND,
      );
      expect((await call('/api/v1/c/setChannelInfo', { ...base, id: 999999 })).rcode).toBe(
        RCODE.SHELF_NOT_FOUND,
      );
    });
  });

  describe('numbering and count', () => {
    it('renumbers shelves, swapping numbers too, and refuses 0 and duplicates', async () => {
      const [one, two] = [await shelfNumbered(1), await shelfNumbered(2)];
      const reset = ok<{ count: number; data: Array<{ id: number; channel_sn: number }> }>(
        await call('/api/v1/c/getResetC', { sn: device.sn }),
      );
      expect(reset.count).toBe(25);
      const swapped = ok<{ data: Channel[]; push: Push }>(
        await call('/api/v1/c/resetId', {
          sn: device.sn,
          channel: [
            { id: one.id, channel_sn: 2 },
            { id: two.id, channel_sn: 1 },
          ],
        }),
      );
      expect(swapped.data.find((c) => c.id === one.id)).toMatchObject({ position: 1, channel_sn: 2 });
      expect(swapped.data.find((c) => c.id === two.id)).toMatchObject({ position: 2, channel_sn: 1 });

      const zero = await call('/api/v1/c/resetId', {
        sn: device.sn,
        channel: [{ id: one.id, channel_sn: 0 }],
      });
      expect(zero).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: 'Shelf number: Slot number cannot be 0',
      });
      const taken = await call('/api/v1/c/resetId', {
        sn: device.sn,
        channel: [{ id: one.id, channel_sn: 7 }],
      });
      expect(taken).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: 'Shelf number: Slot number is used by another slot',
      });
      const foreign = await call('/api/v1/c/resetId', {
        sn: device.sn,
        channel: [{ id: 999999, channel_sn: 90 }],
      });
      expect(foreign.rcode).toBe(RCODE.SHELF_NOT_FOUND);
      ok(await call('/api/v1/c/resetId', { sn: device.sn, channel: [{ id: one.id, channel_sn: 101 }] }));
    });

    it('sets the shelf count, taking removed shelves’ stock off the books', async () => {
      const cola = await goods(owner.merchantId, 'Cola');
      const last = await shelfNumbered(25);
      ok(
        await call('/api/v1/c/setChannelInfo', {
          sn: device.sn,
          id: last.id,
          name: 'Cola',
          price: 300,
          game_price: 300,
          quantity: 3,
          capacity: 10,
          probability: 0,
          goods_id: cola,
        }),
      );
      const more = ok<{ data: Channel[] }>(
        await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 30 }),
      );
      expect(more.data.map((c) => c.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const fewer = ok<{ data: Channel[] }>(
        await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 5 }),
      );
      expect(fewer.data).toHaveLength(5);
      expect((await stockLog()).at(-1)).toMatchObject({
        goods_id: cola,
        oper_type: 1,
        quantity: 3,
        balance: 0,
        remarks: 'shelf removed',
      });
      expect((await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 0 })).rcode).toBe(
        RCODE.INVALID_PARAM,
      );
      expect((await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 2.5 })).msg).toBe(
        'Number of shelves: Decimals are not allowed',
      );
    });

    it('needs the operator sign for numbering and count when an operation password is active', async () => {
      ok(await call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('246810') }));
      const one = await shelfNumbered(1);
      expect(
        (await call('/api/v1/c/resetId', { sn: device.sn, channel: [{ id: one.id, channel_sn: 50 }] })).rcode,
      ).toBe(RCODE.IDENTITY_EXPIRED);
      expect((await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 3 })).rcode).toBe(
        RCODE.IDENTITY_EXPIRED,
      );
      const { sign } = ok<{ sign: string }>(await call('/api/v1/u/checkOprPwd', { password: md5('246810') }));
      ok(await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 3, sign }));
    });
  });

  describe('stock on shelves', () => {
    it('takes goods off one shelf or several, all or none', async () => {
      const cola = await goods(owner.merchantId, 'Cola');
      for (const n of [1, 2]) {
        const shelf = await shelfNumbered(n);
        ok(
          await call('/api/v1/c/setChannelInfo', {
            sn: device.sn,
            id: shelf.id,
            name: 'Cola',
            price: 300,
            game_price: 300,
            quantity: 2,
            capacity: 10,
            probability: 0,
            goods_id: cola,
          }),
        );
      }
      const failed = await call('/api/v1/c/putDownGoods', { sn: device.sn, channel_sn: [1, 2, 77] });
      expect(failed).toMatchObject({ rcode: RCODE.BATCH_UNSHELVE_FAILED, msg: 'Batch unshelve failed' });
      expect((await shelfNumbered(1)).goods?.goods_id).toBe(cola);
      expect((await call('/api/v1/c/putDownGoods', { sn: device.sn, channel_sn: 77 })).rcode).toBe(
        RCODE.SHELF_NOT_FOUND,
      );

      expect(
        ok<{ count: number }>(await call('/api/v1/c/putDownGoods', { sn: device.sn, channel_sn: 1 })).count,
      ).toBe(1);
      expect(await shelfNumbered(1)).toMatchObject({ goods: null, quantity: 0 });
      expect(
        ok<{ count: number }>(await call('/api/v1/c/putDownGoods', { sn: device.sn, channel_sn: [2] })).count,
      ).toBe(1);
    });

    it('fills every shelf holding goods to capacity, or empties every shelf', async () => {
      const cola = await goods(owner.merchantId, 'Cola');
      const shelf = await shelfNumbered(4);
      ok(
        await call('/api/v1/c/setChannelInfo', {
          sn: device.sn,
          id: shelf.id,
          name: 'Cola',
          price: 300,
          game_price: 300,
          quantity: 1,
          capacity: 12,
          probability: 0,
          goods_id: cola,
        }),
      );
      const full = ok<{ data: Channel[] }>(await call('/api/v1/c/setQuantity', { sn: device.sn, type: 1 }));
      expect(full.data.find((c) => c.id === shelf.id)?.quantity).toBe(12);
      expect(full.data.filter((c) => c.quantity > 0)).toHaveLength(1);
      const empty = ok<{ data: Channel[] }>(await call('/api/v1/c/setQuantity', { sn: device.sn, type: 0 }));
      expect(empty.data.every((c) => c.quantity === 0)).toBe(true);
      expect((await stockLog()).slice(-2)).toMatchObject([
        { oper_type: 0, quantity: 11, balance: 12, remarks: 'refill' },
        { oper_type: 1, quantity: 12, balance: 0, remarks: 'empty' },
      ]);
      const wrong = await call('/api/v1/c/setQuantity', { sn: device.sn, type: 2 });
      expect(wrong.rcode).toBe(RCODE.INVALID_PARAM);
      // Named as what it is: whether to fill or empty, not the device type.
      expect(wrong.msg).toMatch(/^(Fill or empty|补满或清空|補滿或清空)/);
    });
  });

  describe('with the machine online', () => {
    let gw: Awaited<ReturnType<typeof runGateway>>;
    let sim: SimMachine;
    beforeEach(async () => {
      gw = await runGateway(t);
      sim = machine(t, gw, device);
      await sim.start();
      // Binding happened while it was away: on connecting it gets the shelves it missed.
      await eventually(() => expect(sim.state.shelves.size).toBe(25));
    });
    afterEach(async () => {
      await sim.stop({ graceful: false });
      await t.services.devices.idle();
      await gw.close();
    });

    it('pushes every shelf change and shows the machine’s acknowledgement', async () => {
      const cola = await goods(owner.merchantId, 'Cola');
      const shelf = await shelfNumbered(1);
      const edit = ok<{ push: Push }>(
        await call('/api/v1/c/setChannelInfo', {
          sn: device.sn,
          id: shelf.id,
          name: 'Cola',
          price: 300,
          game_price: 300,
          quantity: 5,
          capacity: 10,
          probability: 0,
          goods_id: cola,
        }),
      );
      expect(edit.push).toEqual({ status: 'acked', rcode: 0, msg: 'Success' });
      expect(sim.state.shelves.get(1)).toMatchObject({
        name: 'Cola',
        quantity: 5,
        goods_id: cola,
        price: 300,
      });

      ok(await call('/api/v1/c/resetId', { sn: device.sn, channel: [{ id: shelf.id, channel_sn: 40 }] }));
      expect(sim.state.shelves.get(1)?.channel_sn).toBe(40);
      ok(await call('/api/v1/c/setQuantity', { sn: device.sn, type: 1 }));
      expect(sim.state.shelves.get(1)?.quantity).toBe(10);
      ok(await call('/api/v1/c/putDownGoods', { sn: device.sn, channel_sn: 40 }));
      expect(sim.state.shelves.get(1)).toMatchObject({ goods_id: null, quantity: 0 });
      const count = ok<{ push: Push }>(
        await call('/api/v1/d/setChannelNum', { sn: device.sn, channel_num: 8 }),
      );
      expect(count.push.status).toBe('acked');
      expect(sim.state.shelves.size).toBe(8);
      const row = await t.db.kysely
        .selectFrom('devices')
        .selectAll()
        .where('sn', '=', device.sn)
        .executeTakeFirstOrThrow();
      expect(row.shelves_acked_rev).toBe(row.shelves_rev);
    });
  });
});
