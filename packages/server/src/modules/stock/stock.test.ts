import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LowShelf, RestockBill, StockEntry, StockRecord } from '@vendo/contract/api/stock';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount, ok, setApp, staffAccount, type Caller } from '../catalog/catalog-testing';

describe.each(dialects())('stock on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  let area: number;
  let store: number;
  let otherStore: number;
  let cola: number;
  let chips: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
    area = ok<{ _id: number }>(await t.call('/api/v1/u/addArea', { name: 'North' }, main.headers))._id;
    store = ok<{ _id: number }>(await t.call('/api/v1/u/addStore', { name: 'Mall', area }, main.headers))._id;
    otherStore = ok<{ _id: number }>(
      await t.call('/api/v1/u/addStore', { name: 'Station', area }, main.headers),
    )._id;
    cola = ok<{ goods_id: number }>(
      await t.call('/api/v1/g/addPrivate', { goods_name: 'Cola', price: 300 }, main.headers),
    ).goods_id;
    chips = ok<{ goods_id: number }>(
      await t.call('/api/v1/g/addPrivate', { goods_name: 'Chips', price: 500 }, main.headers),
    ).goods_id;
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: Record<string, unknown>, caller: Caller = main) =>
    t.call(`/api/v1/i/${path}`, body, caller.headers);
  const entries = async (body: Record<string, unknown> = {}, caller: Caller = main) =>
    ok<{ data: StockEntry[]; count: number }>(await call('getStock', body, caller));
  const log = async (body: Record<string, unknown> = {}, caller: Caller = main) =>
    ok<{ data: StockRecord[]; count: number }>(await call('getStockLog', body, caller));

  it('creates stock at the total level and at a store, each once', async () => {
    const total = ok<{ _id: number }>(
      await call('addStock', { goods_id: cola, inventory: 100, remarks: 'delivery' }),
    );
    ok(await call('addStock', { goods_id: cola, store, inventory: 20 }));
    const again = await call('addStock', { goods_id: cola, store, inventory: 1 });
    expect(again.rcode).toBe(RCODE.STOCK_EXISTS);
    expect(again.msg).toBe('These goods already have stock here: add or reduce it instead');
    const list = await entries();
    expect(list.count).toBe(2);
    expect(list.data.find((e) => e._id === total._id)).toEqual({
      _id: total._id,
      goods_detail: { goods_id: cola, goods_name: 'Cola', img: '', price: 300 },
      inventory: 100,
      stock_type: 0,
      area: null,
      store: null,
      update_time: t.clock.now,
    });
    expect((await entries({ condition: { stock_type: 1 } })).data[0]).toMatchObject({
      stock_type: 1,
      inventory: 20,
      store: { _id: store, store_name: 'Mall' },
      area: { _id: area, area_name: 'North' },
    });
    expect((await entries({ condition: { store: otherStore } })).count).toBe(0);
    expect((await entries({ condition: { goods_name: 'col' } })).count).toBe(2);
  });

  it('adds and reduces, never below zero, and logs every change with who did it', async () => {
    const { _id } = ok<{ _id: number }>(await call('addStock', { goods_id: cola, store, inventory: 5 }));
    t.clock.advance(1000);
    expect(
      ok<{ inventory: number }>(await call('editStock', { _id, oper_type: 0, inventory: 10 })).inventory,
    ).toBe(15);
    t.clock.advance(1000);
    expect(
      ok<{ inventory: number }>(
        await call('editStock', { _id, oper_type: 1, inventory: 12, remarks: 'to machines' }),
      ).inventory,
    ).toBe(3);
    const short = await call('editStock', { _id, oper_type: 1, inventory: 4 });
    expect(short.rcode).toBe(RCODE.STOCK_NOT_ENOUGH);
    expect(short.msg).toBe('Not enough stock: 3 left');
    expect((await call('editStock', { _id, oper_type: 0, inventory: 0 })).msg).toBe(
      'Quantity: Please enter a valid number',
    );
    expect((await call('editStock', { _id, oper_type: 0, inventory: 1.5 })).msg).toBe(
      'Quantity: Decimals are not allowed',
    );
    expect((await call('editStock', { _id, oper_type: 2, inventory: 1 })).msg).toBe(
      'Operation: Invalid value',
    );
    t.clock.advance(1000);
    ok(await call('delStock', { _id, remarks: 'closing' }));
    expect((await entries()).count).toBe(0);

    const records = await log();
    expect(records.data.map((r) => [r.oper_type, r.inventory, r.balance, r.remarks])).toEqual([
      [3, 3, 0, 'closing'],
      [1, 12, 3, 'to machines'],
      [0, 10, 15, ''],
      [2, 5, 5, ''],
    ]);
    expect(records.data[0]).toMatchObject({
      stock_type: 1,
      store: { _id: store, store_name: 'Mall' },
      area: { _id: area, area_name: 'North' },
      oper_user: { username: '13900000001' },
      sn: '',
      order_no: '',
    });
    expect((await log({ condition: { oper_type: 0 } })).count).toBe(1);
    expect((await log({ condition: { start_time: t.clock.now - 1500, end_time: t.clock.now } })).count).toBe(
      1,
    );
    expect((await log({ condition: { oper_user: main.userId, stock_type: 1 } })).count).toBe(4);
    expect((await call('editStock', { _id, oper_type: 0, inventory: 1 })).rcode).toBe(RCODE.STOCK_NOT_FOUND);
  });

  it('totals each goods over the total level, the stores and the machine shelves', async () => {
    ok(await call('addStock', { goods_id: cola, inventory: 100 }));
    ok(await call('addStock', { goods_id: cola, store, inventory: 20 }));
    ok(await call('addStock', { goods_id: cola, store: otherStore, inventory: 7 }));
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '50001',
      areaId: area,
      storeId: store,
      shelves: [
        { channel_sn: 1, goods_id: cola, quantity: 4, capacity: 10 },
        { channel_sn: 2, goods_id: cola, quantity: 6, capacity: 10 },
        { channel_sn: 3, goods_id: chips, quantity: 2, capacity: 8 },
      ],
    });
    const totals = ok<{
      data: {
        goods_detail: { goods_name: string };
        total_stock: number;
        store_stock: number;
        device_stock: number;
        inventory: number;
      }[];
      count: number;
    }>(await call('getStockTotal', {}));
    expect(
      totals.data.map((r) => [
        r.goods_detail.goods_name,
        r.total_stock,
        r.store_stock,
        r.device_stock,
        r.inventory,
      ]),
    ).toEqual([
      ['Chips', 0, 0, 2, 2],
      ['Cola', 100, 27, 10, 137],
    ]);
  });

  it('shows a store’s stock by machine, with low shelves marked', async () => {
    ok(await call('addStock', { goods_id: chips, store, inventory: 9 }));
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '60001',
      areaId: area,
      storeId: store,
      threshold: 2,
      shelves: [
        { channel_sn: 1, goods_id: cola, quantity: 2, capacity: 10 },
        { channel_sn: 2, goods_id: null, quantity: 0, capacity: 10 },
      ],
    });
    const answer = ok<{
      store: { store_name: string };
      store_stock: { goods_detail: { goods_name: string }; inventory: number }[];
      devices: {
        sn: string;
        quantity: number;
        capacity: number;
        channels: { channel_sn: string; low: boolean; goods_detail: unknown }[];
      }[];
    }>(await call('getStoreStockGroupByDev', { store }));
    expect(answer.store.store_name).toBe('Mall');
    expect(answer.store_stock.map((s) => [s.goods_detail.goods_name, s.inventory])).toEqual([['Chips', 9]]);
    expect(answer.devices).toHaveLength(1);
    expect(answer.devices[0]).toMatchObject({ sn: '60001', quantity: 2, capacity: 20 });
    expect(answer.devices[0]!.channels.map((c) => [c.channel_sn, c.low, c.goods_detail === null])).toEqual([
      ['1', true, false],
      ['2', true, true],
    ]);
    const foreign = await mainAccount(t, '13900000002');
    expect((await call('getStoreStockGroupByDev', { store }, foreign)).rcode).toBe(RCODE.STORE_NOT_FOUND);
  });

  it('makes the restock bill: what to bring per machine and shelf, and per goods', async () => {
    ok(await call('addStock', { goods_id: cola, store, inventory: 30 }));
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '70001',
      areaId: area,
      storeId: store,
      shelves: [
        { channel_sn: 1, goods_id: cola, quantity: 3, capacity: 10 },
        { channel_sn: 2, goods_id: chips, quantity: 8, capacity: 8 },
        { channel_sn: 3, goods_id: chips, quantity: 0, capacity: 5, enabled: 0 },
      ],
    });
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '70002',
      areaId: area,
      storeId: store,
      shelves: [
        { channel_sn: 1, goods_id: cola, quantity: 0, capacity: 6 },
        { channel_sn: 2, goods_id: chips, quantity: 1, capacity: 4 },
      ],
    });
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '70003',
      areaId: area,
      storeId: store,
      shelves: [{ channel_sn: 1, goods_id: cola, quantity: 5, capacity: 5 }],
    });
    const bill = ok<RestockBill>(await call('getRestockBill', { store }));
    expect(bill.need).toBe(16);
    expect(
      bill.devices.map((d) => [
        d.sn,
        d.need,
        d.lines.map((l) => [l.channel_sn, l.goods_detail.goods_name, l.need]),
      ]),
    ).toEqual([
      ['70001', 7, [['1', 'Cola', 7]]],
      [
        '70002',
        9,
        [
          ['1', 'Cola', 6],
          ['2', 'Chips', 3],
        ],
      ],
    ]);
    expect(bill.goods.map((g) => [g.goods_detail.goods_name, g.need, g.store_stock])).toEqual([
      ['Cola', 13, 30],
      ['Chips', 3, 0],
    ]);

    const file = ok<{ filename: string; content_type: string; data: string }>(
      await call('exportRestockBill', { store }),
    );
    expect(file.filename).toBe('Restock bill-Mall-20261122.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(Buffer.from(file.data, 'base64')).buffer);
    const packing = workbook.getWorksheet('Packing list')!;
    const rows: unknown[][] = [];
    packing.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Cola', 13, 30]);
    expect(rows).toContainEqual(['Total', 16]);
    expect(workbook.getWorksheet('By machine')!.rowCount).toBe(4);
  });

  it('lists shelves at or below their machine’s threshold, emptiest first', async () => {
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '80001',
      areaId: area,
      storeId: store,
      threshold: 3,
      shelves: [
        { channel_sn: 1, goods_id: cola, quantity: 3, capacity: 10 },
        { channel_sn: 2, goods_id: chips, quantity: 0, capacity: 10 },
        { channel_sn: 3, goods_id: chips, quantity: 4, capacity: 10 },
        { channel_sn: 4, goods_id: chips, quantity: 0, capacity: 10, enabled: 0 },
      ],
    });
    // Threshold 0 turns the notification off.
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '80002',
      areaId: area,
      storeId: otherStore,
      threshold: 0,
      shelves: [{ channel_sn: 1, goods_id: cola, quantity: 0, capacity: 10 }],
    });
    const low = ok<{ data: LowShelf[]; count: number }>(await call('getLowStock', {}));
    expect(low.count).toBe(2);
    expect(low.data.map((s) => [s.sn, s.channel_sn, s.quantity, s.goods_detail?.goods_name])).toEqual([
      ['80001', '2', 0, 'Chips'],
      ['80001', '1', 3, 'Cola'],
    ]);
    expect(low.data[0]).toMatchObject({
      stock_notify_threshold: 3,
      store: { _id: store, store_name: 'Mall' },
      area: { _id: area, area_name: 'North' },
    });
    expect((await call('getLowStock', { condition: { store: otherStore } })).result).toEqual({
      data: [],
      count: 0,
    });
  });

  it('writes a sale off the shelf, the goods and the log in the caller’s transaction', async () => {
    const { channelIds } = await addMachine(t, {
      merchantId: main.merchantId,
      sn: '90001',
      areaId: area,
      storeId: store,
      shelves: [{ channel_sn: 7, goods_id: cola, quantity: 2, capacity: 10 }],
    });
    const stock = t.services.stock;
    const sale = {
      merchantId: main.merchantId,
      sn: '90001',
      channelId: channelIds[0]!,
      goodsId: cola,
      orderNo: 'O-1',
    };
    const left = await t.db.kysely
      .transaction()
      .execute((trx) => stock.writeOffSale(trx, { ...sale, quantity: 1 }));
    expect(left).toEqual({ left: 1 });
    // A count that was off is corrected to zero rather than refused: the machine already handed the goods out.
    await t.db.kysely
      .transaction()
      .execute((trx) => stock.writeOffSale(trx, { ...sale, quantity: 3, orderNo: 'O-2' }));
    const shelf = await t.db.kysely
      .selectFrom('channels')
      .select('quantity')
      .where('id', '=', channelIds[0]!)
      .executeTakeFirstOrThrow();
    expect(shelf.quantity).toBe(0);
    const goods = await t.db.kysely
      .selectFrom('goods')
      .select('sold')
      .where('id', '=', cola)
      .executeTakeFirstOrThrow();
    expect(goods.sold).toBe(4);
    const records = await log({ condition: { stock_type: 3 } });
    expect(
      records.data.map((r) => [
        r.order_no,
        r.oper_type,
        r.inventory,
        r.balance,
        r.sn,
        r.channel_sn,
        r.oper_user,
        r.remarks,
      ]),
    ).toEqual([
      ['O-2', 1, 3, 0, '90001', '7', null, 'shelf held 1'],
      ['O-1', 1, 1, 1, '90001', '7', null, ''],
    ]);

    // Another merchant's machine: refused, and the order's transaction rolls back with it.
    const other = await mainAccount(t, '13900000002');
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('goods').set({ sold: 99 }).where('id', '=', cola).execute();
        await stock.writeOffSale(trx, { ...sale, merchantId: other.merchantId, quantity: 1 });
      }),
    ).rejects.toThrow(/no shelf/);
    const after = await t.db.kysely
      .selectFrom('goods')
      .select('sold')
      .where('id', '=', cola)
      .executeTakeFirstOrThrow();
    expect(after.sold).toBe(4);
  });

  it('needs a usable Stock app, for the main account too', async () => {
    await setApp(t, main.merchantId, 'Stock', { expireAt: t.clock.now - 1 });
    const answer = await call('getStock', {});
    expect(answer.rcode).toBe(RCODE.APP_EXPIRED);
    expect(answer.msg).toBe('App expired, contact helper');
    expect((await call('addStock', { goods_id: cola, inventory: 1 })).rcode).toBe(RCODE.APP_EXPIRED);
  });

  it('refuses another merchant’s goods, stores and entries', async () => {
    const { _id } = ok<{ _id: number }>(await call('addStock', { goods_id: cola, store, inventory: 5 }));
    const other = await mainAccount(t, '13900000002');
    expect((await entries({}, other)).count).toBe(0);
    expect((await log({}, other)).count).toBe(0);
    expect((await call('editStock', { _id, oper_type: 0, inventory: 1 }, other)).rcode).toBe(
      RCODE.STOCK_NOT_FOUND,
    );
    expect((await call('delStock', { _id }, other)).rcode).toBe(RCODE.STOCK_NOT_FOUND);
    expect((await call('getRestockBill', { store }, other)).rcode).toBe(RCODE.STORE_NOT_FOUND);
    const otherGoods = ok<{ goods_id: number }>(
      await t.call('/api/v1/g/addPrivate', { goods_name: 'Tea', price: 300 }, other.headers),
    ).goods_id;
    expect((await call('addStock', { goods_id: otherGoods, store, inventory: 1 }, other)).rcode).toBe(
      RCODE.STORE_NOT_FOUND,
    );
    expect((await call('addStock', { goods_id: otherGoods, store, inventory: 1 })).rcode).toBe(
      RCODE.GOODS_NOT_FOUND,
    );
  });

  it('refuses a list filter naming another merchant’s area, store, goods or machine, or none (not an empty list)', async () => {
    ok(await call('addStock', { goods_id: cola, store, inventory: 5 }));
    await addMachine(t, {
      merchantId: main.merchantId,
      sn: '70009',
      areaId: area,
      storeId: store,
      shelves: [],
    });
    const foreign = await mainAccount(t, '13900000002');
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['getStock', { area }, RCODE.AREA_NOT_FOUND],
      ['getStock', { store }, RCODE.STORE_NOT_FOUND],
      ['getStock', { goods_id: cola }, RCODE.GOODS_NOT_FOUND],
      ['getStockLog', { area }, RCODE.AREA_NOT_FOUND],
      ['getStockLog', { store }, RCODE.STORE_NOT_FOUND],
      ['getStockLog', { goods_id: cola }, RCODE.GOODS_NOT_FOUND],
      ['getStockLog', { sn: '70009' }, RCODE.DEVICE_NOT_FOUND],
      ['getLowStock', { area }, RCODE.AREA_NOT_FOUND],
    ];
    for (const [path, condition, rcode] of cases) {
      expect((await call(path, { condition }, foreign)).rcode, `${path} ${JSON.stringify(condition)}`).toBe(
        rcode,
      );
      // The owner's own ids filter as before.
      expect((await call(path, { condition })).rcode, path).toBe(0);
    }
    expect((await call('getStock', { condition: { goods_id: 987_654 } })).rcode).toBe(RCODE.GOODS_NOT_FOUND);
    expect(
      await t.call(
        '/api/v1/i/getStockLog',
        { condition: { sn: '79999' } },
        { ...main.headers, lang: 'zh-TW' },
      ),
    ).toMatchObject({ rcode: RCODE.DEVICE_NOT_FOUND, msg: '設備不存在' });
  });

  describe('staff', () => {
    it('need the Stock permission', async () => {
      const staff = await staffAccount(t, main, { account: 'nobody' });
      expect((await call('getStock', {}, staff)).rcode).toBe(RCODE.FORBIDDEN);
      expect((await call('getRestockBill', { store }, staff)).rcode).toBe(RCODE.FORBIDDEN);
    });

    it('limited to listed stores see and change only those stores’ stock', async () => {
      ok(await call('addStock', { goods_id: cola, inventory: 100 }));
      const theirs = ok<{ _id: number }>(
        await call('addStock', { goods_id: cola, store: otherStore, inventory: 5 }),
      )._id;
      ok(await call('addStock', { goods_id: cola, store, inventory: 5 }));
      const staff = await staffAccount(t, main, { account: 'clerk', storeIds: [store], perms: [1037] });
      const seen = await entries({}, staff);
      expect(seen.data.map((e) => e.store?.store_name)).toEqual(['Mall']);
      expect((await log({}, staff)).count).toBe(1);
      expect((await call('editStock', { _id: theirs, oper_type: 0, inventory: 1 }, staff)).rcode).toBe(
        RCODE.STORE_OUT_OF_SCOPE,
      );
      // The warehouse (no store) is the main account's and all-stores staff's: said so, in every language.
      const warehouse: Record<string, string> = {
        'zh-CN': '总仓库存只能由主账号或管理全部门店的员工操作，请选择您管理的门店',
        'zh-TW': '總倉庫存只能由主帳號或管理全部門店的員工操作，請選擇您管理的門店',
        'en-US':
          'Warehouse stock is for the main account and staff managing all stores only: choose one of your stores',
      };
      for (const [lang, msg] of Object.entries(warehouse)) {
        const answer = await t.call(
          '/api/v1/i/addStock',
          { goods_id: chips, inventory: 1 },
          { ...staff.headers, lang },
        );
        expect(answer).toMatchObject({ rcode: RCODE.WAREHOUSE_STOCK_ALL_STORES_ONLY, msg, result: null });
      }
      const warehouseEntry = ok<{ data: { _id: number; store: unknown }[] }>(
        await call('getStock', {}),
      ).data.find((e) => e.store === null)!._id;
      expect(
        (await call('editStock', { _id: warehouseEntry, oper_type: 0, inventory: 1 }, staff)).rcode,
      ).toBe(RCODE.WAREHOUSE_STOCK_ALL_STORES_ONLY);
      expect((await call('getRestockBill', { store: otherStore }, staff)).rcode).toBe(
        RCODE.STORE_OUT_OF_SCOPE,
      );
      ok(await call('addStock', { goods_id: chips, store, inventory: 1 }, staff));
      const totals = ok<{
        data: { goods_detail: { goods_name: string }; total_stock: number; store_stock: number }[];
      }>(await call('getStockTotal', {}, staff));
      expect(totals.data.find((r) => r.goods_detail.goods_name === 'Cola')).toMatchObject({
        total_stock: 0,
        store_stock: 5,
      });
    });
  });
});
