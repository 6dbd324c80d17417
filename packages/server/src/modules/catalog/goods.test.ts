import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Goods, GoodsImage } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import {
  addMachine,
  mainAccount,
  ok,
  postMultipart,
  SAMPLE_IMAGES,
  setApp,
  setStaffPermissions,
  staffAccount,
  type Caller,
} from './catalog-testing';

describe.each(dialects())('goods on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  const dataDir = `/tmp/vendo-goods-test-${process.pid}-${dialect}`;
  beforeEach(async () => {
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const add = (caller: Caller, body: Record<string, unknown>) =>
    t.call('/api/v1/g/addPrivate', body, caller.headers);
  const list = async (caller: Caller, body: Record<string, unknown> = {}) =>
    ok<{ data: Goods[]; count: number }>(await t.call('/api/v1/g/getGoods', body, caller.headers));
  const upload = async (caller: Caller) =>
    ok<GoodsImage>(
      await postMultipart(
        t,
        '/api/v1/g/upload',
        { file: { filename: 'cola.png', type: 'image/png', data: SAMPLE_IMAGES.png } },
        caller.headers,
      ),
    );

  it('adds goods with every field and lists them', async () => {
    const image = await upload(main);
    const detail = await postMultipart(
      t,
      '/api/v1/g/upload',
      { file: { filename: 'd.gif', type: 'image/gif', data: SAMPLE_IMAGES.gif } },
      main.headers,
    );
    const { goods_id } = ok<{ goods_id: number }>(
      await add(main, {
        goods_name: '可乐 330ml',
        price: 350,
        cost_price: 200,
        goods_code: '6901234567890',
        sold: 12,
        tags: ['饮料', '冷饮'],
        description: 'Cold drink',
        duration: 0,
        goods_type: 'drink',
        img: image.url,
        detail_intro: 'Sugar, water',
        detail_imgs: [(detail.result as GoodsImage).url, image.url],
      }),
    );
    const { data, count } = await list(main);
    expect(count).toBe(1);
    expect(data[0]).toEqual({
      goods_id,
      goods_name: '可乐 330ml',
      price: 350,
      cost_price: 200,
      goods_code: '6901234567890',
      sold: 12,
      tags: '饮料,冷饮',
      goods_detail: {
        _id: goods_id,
        description: 'Cold drink',
        duration: 0,
        goods_type: 'drink',
        img: image.url,
        detail_intro: 'Sugar, water',
      },
      detail_imgs: [(detail.result as GoodsImage).url, image.url],
      created_by_me: true,
      create_time: t.clock.now,
      update_time: t.clock.now,
    });
  });

  it('pages by 8 by default and filters by name, code and tag', async () => {
    for (let i = 1; i <= 10; i++) {
      ok(
        await add(main, {
          goods_name: `Item ${i}`,
          price: 100 + i,
          goods_code: `C${i}`,
          tags: i % 2 ? 'odd' : 'even',
        }),
      );
    }
    const first = await list(main);
    expect(first.count).toBe(10);
    expect(first.data).toHaveLength(8);
    expect(first.data[0]!.goods_name).toBe('Item 10');
    expect((await list(main, { pageNum: 2 })).data.map((g) => g.goods_name)).toEqual(['Item 2', 'Item 1']);
    expect((await list(main, { condition: { goods_name: 'item 1' } })).count).toBe(2);
    expect((await list(main, { condition: { goods_code: 'C7' } })).data[0]!.goods_name).toBe('Item 7');
    expect((await list(main, { condition: { tag: 'even' } })).count).toBe(5);
  });

  it('applies the goods rules of spec §5, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 300 }, 'Goods name: Cannot be empty'],
      [{ goods_name: 'Cola<script>', price: 300 }, 'Goods name: Special symbols are not allowed'],
      [{ goods_name: 'Cola' }, 'Price: Cannot be empty'],
      [{ goods_name: 'Cola', price: 1 }, 'Price must be at least 0.02 yuan'],
      [{ goods_name: 'Cola', price: 2.5 }, 'Price must be precise to the cent'],
      [{ goods_name: 'Cola', price: 300, tags: ['a', 'b', 'c'] }, 'At most 2 tags'],
      [{ goods_name: 'Cola', price: 300, tags: ['a,b'] }, 'Tags cannot contain an English comma'],
      [{ goods_name: 'Cola', price: 300, detail_imgs: Array(9).fill('/x') }, 'At most 8 detail images'],
      [{ goods_name: 'Cola', price: 300, cost_price: -1 }, 'Cost price: Please enter a valid number'],
      [{ goods_name: 'Cola', price: 300, sold: 1.5 }, 'Sold: Decimals are not allowed'],
    ];
    for (const [body, msg] of cases) {
      const answer = await add(main, body);
      expect(answer.rcode, msg).toBe(RCODE.INVALID_PARAM);
      expect(answer.msg).toBe(msg);
    }
    expect((await add(main, { goods_name: 'Cola', price: 2 })).rcode).toBe(0);
    expect((await add(main, { goods_name: 'Tagged', price: 2, tags: '甲,乙' })).rcode).toBe(0);
    expect((await list(main)).count).toBe(2);
  });

  it('takes images only from the library', async () => {
    const refused = await add(main, { goods_name: 'Cola', price: 300, img: 'https://evil.example/x.png' });
    expect(refused.rcode).toBe(RCODE.IMAGE_NOT_UPLOADED);
    const unknown = `/uploads/ab/${'ab'.padEnd(64, '0')}.png`;
    expect((await add(main, { goods_name: 'Cola', price: 300, detail_imgs: [unknown] })).rcode).toBe(
      RCODE.IMAGE_NOT_UPLOADED,
    );
    const image = await upload(main);
    expect((await add(main, { goods_name: 'Cola', price: 300, img: image.url })).rcode).toBe(0);
  });

  it('stops at the Goods app quota', async () => {
    await setApp(t, main.merchantId, 'Goods', { extend: { Goods_max_count: '1' } });
    ok(await add(main, { goods_name: 'One', price: 300 }));
    const second = await add(main, { goods_name: 'Two', price: 300 });
    expect(second.rcode).toBe(RCODE.GOODS_QUOTA_EXCEEDED);
    expect(second.msg).toBe('Goods limit reached (1); contact support for more');
  });

  it('edits goods and says whether the name changed', async () => {
    const { goods_id } = ok<{ goods_id: number }>(
      await add(main, { goods_name: 'Cola', price: 300, cost_price: 100 }),
    );
    t.clock.advance(1000);
    const same = ok<{ renamed: boolean }>(
      await t.call('/api/v1/g/editPrivate', { goods_id, goods_name: 'Cola', price: 350 }, main.headers),
    );
    expect(same.renamed).toBe(false);
    const renamed = ok<{ renamed: boolean }>(
      await t.call('/api/v1/g/editPrivate', { goods_id, goods_name: 'Cola Zero', price: 350 }, main.headers),
    );
    expect(renamed.renamed).toBe(true);
    const [goods] = (await list(main)).data;
    // cost_price left out keeps what was stored.
    expect(goods).toMatchObject({
      goods_name: 'Cola Zero',
      price: 350,
      cost_price: 100,
      update_time: t.clock.now,
    });
  });

  it('refuses another merchant’s goods everywhere', async () => {
    const { goods_id } = ok<{ goods_id: number }>(await add(main, { goods_name: 'Cola', price: 300 }));
    const other = await mainAccount(t, '13900000002');
    expect((await list(other)).count).toBe(0);
    const edit = await t.call(
      '/api/v1/g/editPrivate',
      { goods_id, goods_name: 'X', price: 300 },
      other.headers,
    );
    expect(edit.rcode).toBe(RCODE.GOODS_NOT_FOUND);
    expect((await t.call('/api/v1/g/delPrivate', { goods_id }, other.headers)).rcode).toBe(
      RCODE.GOODS_NOT_FOUND,
    );
    expect((await t.call('/api/v1/i/addStock', { goods_id, inventory: 1 }, other.headers)).rcode).toBe(
      RCODE.GOODS_NOT_FOUND,
    );
  });

  it('refuses to delete goods on a shelf, then deletes them with their stock', async () => {
    const { goods_id } = ok<{ goods_id: number }>(await add(main, { goods_name: 'Cola', price: 300 }));
    const { channelIds } = await addMachine(t, {
      merchantId: main.merchantId,
      sn: '40001',
      areaId: null,
      storeId: null,
      shelves: [{ channel_sn: 1, goods_id, quantity: 3, capacity: 10 }],
    });
    const refused = await t.call('/api/v1/g/delPrivate', { goods_id }, main.headers);
    expect(refused.rcode).toBe(RCODE.GOODS_ON_SHELF);
    expect(refused.msg).toBe('These goods are still on 1 shelf/shelves: take them off first');
    await t.db.kysely
      .updateTable('channels')
      .set({ goods_id: null })
      .where('id', '=', channelIds[0]!)
      .execute();
    ok(await t.call('/api/v1/i/addStock', { goods_id, inventory: 7 }, main.headers));
    ok(await t.call('/api/v1/g/delPrivate', { goods_id }, main.headers));
    expect((await list(main)).count).toBe(0);
    expect(await t.db.kysely.selectFrom('stocks').selectAll().execute()).toEqual([]);
    const log = ok<{
      data: { oper_type: number; inventory: number; goods_detail: { goods_name: string } }[];
    }>(await t.call('/api/v1/i/getStockLog', {}, main.headers));
    // The log keeps showing deleted goods by name.
    expect(log.data[0]).toMatchObject({ oper_type: 3, inventory: 7, goods_detail: { goods_name: 'Cola' } });
    expect((await t.call('/api/v1/g/delPrivate', { goods_id }, main.headers)).rcode).toBe(
      RCODE.GOODS_NOT_FOUND,
    );
  });

  describe('staff', () => {
    it('limited to own goods: sees and changes only what they added', async () => {
      const mainGoods = ok<{ goods_id: number }>(await add(main, { goods_name: 'Main cola', price: 300 }));
      const staff = await staffAccount(t, main, { account: 'picker', goodsOwnOnly: true, perms: [1024] });
      const own = ok<{ goods_id: number }>(await add(staff, { goods_name: 'Staff cola', price: 300 }));
      const seen = await list(staff);
      expect(seen.data.map((g) => g.goods_name)).toEqual(['Staff cola']);
      expect(seen.data[0]!.created_by_me).toBe(true);
      const edit = await t.call(
        '/api/v1/g/editPrivate',
        { goods_id: mainGoods.goods_id, goods_name: 'Mine now', price: 300 },
        staff.headers,
      );
      expect(edit.rcode).toBe(RCODE.GOODS_NOT_FOUND);
      expect(
        (await t.call('/api/v1/g/delPrivate', { goods_id: mainGoods.goods_id }, staff.headers)).rcode,
      ).toBe(RCODE.GOODS_NOT_FOUND);
      ok(
        await t.call(
          '/api/v1/g/editPrivate',
          { goods_id: own.goods_id, goods_name: 'Staff cola 2', price: 300 },
          staff.headers,
        ),
      );
      // The main account sees everything, and who added what.
      const all = await list(main);
      expect(all.data.map((g) => [g.goods_name, g.created_by_me])).toEqual([
        ['Staff cola 2', false],
        ['Main cola', true],
      ]);
    });

    it('sees and sets the cost price only with "view profit and cost"', async () => {
      ok(await add(main, { goods_name: 'Cola', price: 300, cost_price: 120 }));
      const staff = await staffAccount(t, main, { account: 'clerk', perms: [1024] });
      expect((await list(staff)).data[0]!.cost_price).toBeNull();
      const refused = await add(staff, { goods_name: 'Tea', price: 300, cost_price: 50 });
      expect(refused.rcode).toBe(RCODE.COST_HIDDEN);
      ok(await add(staff, { goods_name: 'Tea', price: 300, cost_price: null }));
      await setStaffPermissions(t, main, staff, [1024, 1038]);
      expect((await list(staff)).data.map((g) => g.cost_price)).toEqual([0, 120]);
    });

    it('needs GoodsManage', async () => {
      const staff = await staffAccount(t, main, { account: 'nobody' });
      expect((await t.call('/api/v1/g/getGoods', {}, staff.headers)).rcode).toBe(RCODE.FORBIDDEN);
      expect((await add(staff, { goods_name: 'Cola', price: 300 })).rcode).toBe(RCODE.FORBIDDEN);
    });
  });
});
