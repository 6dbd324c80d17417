import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Area, Store } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import {
  addMachine,
  mainAccount,
  ok,
  setApp,
  setStaffPermissions,
  staffAccount,
  type Caller,
} from './catalog-testing';

const BEIJING_DONGCHENG = { prov_code: '110000', city_code: '110100', s_area_code: '110101' };

describe.each(dialects())('areas and stores on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
  });

  const addArea = async (caller: Caller, body: Record<string, unknown>) =>
    t.call('/api/v1/u/addArea', body, caller.headers);
  const addStore = async (caller: Caller, body: Record<string, unknown>) =>
    t.call('/api/v1/u/addStore', body, caller.headers);
  const areaId = async (caller: Caller, name: string) =>
    ok<{ _id: number }>(await addArea(caller, { name }))._id;
  const storeId = async (caller: Caller, area: number, name: string) =>
    ok<{ _id: number }>(await addStore(caller, { name, area }))._id;

  describe('areas', () => {
    it('adds an area and lists it with its store and machine counts', async () => {
      const id = ok<{ _id: number }>(
        await addArea(main, {
          name: 'East side',
          address: '1 Long Road',
          tel: '010-12345678',
          note: 'north gate',
        }),
      )._id;
      await storeId(main, id, 'Mall');
      await addMachine(t, { merchantId: main.merchantId, sn: '10001', areaId: id, storeId: null });
      const list = ok<{ data: Area[]; count: number }>(
        await t.call('/api/v1/u/getArea', { pageNum: 1, pageSize: 999 }, main.headers),
      );
      expect(list.count).toBe(1);
      expect(list.data[0]).toEqual({
        _id: id,
        area_name: 'East side',
        area_address: '1 Long Road',
        phone: '010-12345678',
        remarks: 'north gate',
        store_count: 1,
        dev_count: 1,
        create_time: t.clock.now,
      });
    });

    it('pages, filters by name and lists newest first', async () => {
      for (const name of ['Alpha', 'Beta', 'Gamma']) await areaId(main, name);
      const page = ok<{ data: Area[]; count: number }>(
        await t.call('/api/v1/u/getArea', { pageNum: 2, pageSize: 2 }, main.headers),
      );
      expect(page.count).toBe(3);
      expect(page.data.map((a) => a.area_name)).toEqual(['Alpha']);
      const found = ok<{ data: Area[] }>(
        await t.call('/api/v1/u/getArea', { condition: { area_name: 'et' } }, main.headers),
      );
      expect(found.data.map((a) => a.area_name)).toEqual(['Beta']);
      // % is taken literally, not as a wildcard.
      const literal = ok<{ data: Area[] }>(
        await t.call('/api/v1/u/getArea', { condition: { area_name: '%' } }, main.headers),
      );
      expect(literal.data).toEqual([]);
    });

    it('requires a name and checks the service phone, naming the field', async () => {
      const noName = await addArea(main, { name: '  ' });
      expect(noName.rcode).toBe(RCODE.INVALID_PARAM);
      // 'name' is labelled by whichever module registers it last (see catalog-field-labels.ts).
      expect(noName.msg).toMatch(/name: Cannot be empty$/i);
      const badPhone = await addArea(main, { name: 'A', tel: '12345' });
      // The text names the field already, so no label is put before it.
      expect(badPhone.msg).toBe('Please enter a valid phone: mobile, landline or 400/800 number');
      const zh = await t.call(
        '/api/v1/u/addArea',
        { name: 'A', tel: '12345' },
        { ...main.headers, lang: 'zh-CN' },
      );
      expect(zh.msg).toBe('请输入正确的电话：手机、座机或400/800号码');
      for (const tel of ['13800138000', '0755-1234567', '400-123-4567', '']) {
        expect((await addArea(main, { name: `ok ${tel}`, tel })).rcode, tel).toBe(0);
      }
      const long = await addArea(main, { name: 'x'.repeat(51) });
      expect(long.rcode).toBe(RCODE.INVALID_PARAM);
      expect(long.msg).toMatch(/name: At most 50 characters$/i);
    });

    it('stops at the Region app quota with a clear message', async () => {
      await setApp(t, main.merchantId, 'Region', { extend: { area_max_count: '2' } });
      await areaId(main, 'One');
      await areaId(main, 'Two');
      const third = await addArea(main, { name: 'Three' });
      expect(third.rcode).toBe(RCODE.AREA_QUOTA_EXCEEDED);
      expect(third.msg).toBe('Area limit reached (2); contact support for more');
      // A deleted area frees its place.
      const list = ok<{ data: Area[] }>(await t.call('/api/v1/u/getArea', {}, main.headers));
      ok(await t.call('/api/v1/u/delArea', { _id: list.data[0]!._id }, main.headers));
      expect((await addArea(main, { name: 'Three' })).rcode).toBe(0);
    });

    it('edits an area and refuses another merchant’s area', async () => {
      const id = await areaId(main, 'Old');
      ok(await t.call('/api/v1/u/editArea', { _id: id, name: 'New', tel: '4008123456' }, main.headers));
      const list = ok<{ data: Area[] }>(await t.call('/api/v1/u/getArea', {}, main.headers));
      expect(list.data[0]).toMatchObject({ area_name: 'New', phone: '4008123456', area_address: '' });

      const other = await mainAccount(t, '13900000002');
      const foreign = await t.call('/api/v1/u/editArea', { _id: id, name: 'Mine' }, other.headers);
      expect(foreign.rcode).toBe(RCODE.AREA_NOT_FOUND);
      expect((await t.call('/api/v1/u/delArea', { _id: id }, other.headers)).rcode).toBe(
        RCODE.AREA_NOT_FOUND,
      );
      expect(ok<{ count: number }>(await t.call('/api/v1/u/getArea', {}, other.headers)).count).toBe(0);
      const missing = await t.call('/api/v1/u/editArea', { name: 'x' }, main.headers);
      expect(missing.msg).toBe('ID: Cannot be empty');
    });

    it('refuses to delete an area that still has stores or machines', async () => {
      const id = await areaId(main, 'Busy');
      const store = await storeId(main, id, 'Shop');
      const refused = await t.call('/api/v1/u/delArea', { _id: id }, main.headers);
      expect(refused.rcode).toBe(RCODE.AREA_HAS_STORES);
      expect(refused.msg).toBe(
        'This area still has 1 store(s): delete them or move them to another area first',
      );
      ok(await t.call('/api/v1/u/delStore', { _id: store }, main.headers));
      const { deviceId } = await addMachine(t, {
        merchantId: main.merchantId,
        sn: '10002',
        areaId: id,
        storeId: null,
      });
      const machines = await t.call('/api/v1/u/delArea', { _id: id }, main.headers);
      expect(machines.rcode).toBe(RCODE.AREA_HAS_DEVICES);
      expect(machines.msg).toBe(
        'This area still has 1 machine(s): move them to another area or unbind them first',
      );
      await t.db.kysely.updateTable('devices').set({ area_id: null }).where('id', '=', deviceId).execute();
      ok(await t.call('/api/v1/u/delArea', { _id: id }, main.headers));
      expect(ok<{ count: number }>(await t.call('/api/v1/u/getArea', {}, main.headers)).count).toBe(0);
    });
  });

  describe('stores', () => {
    it('adds a store with every field, taking region names from the official codes', async () => {
      const area = await areaId(main, 'North');
      const id = ok<{ _id: number }>(
        await addStore(main, {
          name: 'Wanda Plaza',
          address: '88 Chang An Ave',
          tel: '13800138000',
          note: 'level 2',
          area,
          ...BEIJING_DONGCHENG,
          manager: 'Li',
          salesman: 'Wang',
          coop_start: '2026-01-01',
          coop_end: '2026-12-31',
          refund_mode: 'manual',
          client_code: 'C-001',
          mode: 'activity',
          coop_mode: 'revenueShare',
        }),
      )._id;
      const list = ok<{ data: Store[]; count: number }>(
        await t.call('/api/v1/u/getStore', { pageNum: 1, pageSize: 999 }, main.headers),
      );
      expect(list.data[0]).toEqual({
        _id: id,
        store_name: 'Wanda Plaza',
        store_address: '88 Chang An Ave',
        phone: '13800138000',
        remarks: 'level 2',
        area: { _id: area, area_name: 'North' },
        dev_count: 0,
        prov: '北京市',
        prov_code: '110000',
        city: '市辖区',
        city_code: '110100',
        s_area: '东城区',
        s_area_code: '110101',
        manager: 'Li',
        salesman: 'Wang',
        coop_start: '2026-01-01',
        coop_end: '2026-12-31',
        refund_mode: 'manual',
        client_code: 'C-001',
        mode: 'activity',
        coop_mode: 'revenueShare',
        create_time: t.clock.now,
      });
    });

    it('defaults: no region, automatic refund, routine mode, no cooperation mode', async () => {
      const area = await areaId(main, 'A');
      await storeId(main, area, 'Plain');
      const list = ok<{ data: Store[] }>(await t.call('/api/v1/u/getStore', {}, main.headers));
      expect(list.data[0]).toMatchObject({
        prov: '',
        prov_code: '',
        s_area_code: '',
        refund_mode: 'auto',
        mode: 'routine',
        coop_mode: '',
        coop_start: '',
      });
    });

    it('refuses region codes that do not form province → city → district', async () => {
      const area = await areaId(main, 'A');
      const cases = [
        { prov_code: '110000', city_code: '310100', s_area_code: '310101' },
        { prov_code: '110000', city_code: '110100', s_area_code: '' },
        { prov_code: '110000', city_code: '', s_area_code: '' },
        { prov_code: '999900', city_code: '999901', s_area_code: '999999' },
      ];
      for (const region of cases) {
        const answer = await addStore(main, { name: 'S', area, ...region });
        expect(answer.rcode, JSON.stringify(region)).toBe(RCODE.REGION_INVALID);
      }
      const malformed = await addStore(main, { name: 'S', area, prov_code: '11' });
      expect(malformed.msg).toBe('Province: Invalid value');
      // Dongguan has no districts: its towns carry 9-digit codes.
      const dongguan = await addStore(main, {
        name: 'Dongguan',
        area,
        prov_code: '440000',
        city_code: '441900',
        s_area_code: '441900003',
      });
      expect(dongguan.rcode).toBe(0);
    });

    it('checks dates, enumerations and the area', async () => {
      const area = await areaId(main, 'A');
      const dates = await addStore(main, {
        name: 'S',
        area,
        coop_start: '2026-05-01',
        coop_end: '2026-04-30',
      });
      expect(dates.msg).toBe('Cooperation end: Start date cannot be after the end date');
      const notDay = await addStore(main, { name: 'S', area, coop_start: '2026-02-30' });
      expect(notDay.msg).toBe('Cooperation start: Invalid value');
      expect((await addStore(main, { name: 'S', area, mode: 'party' })).msg).toBe(
        'Store mode: Invalid value',
      );
      expect((await addStore(main, { name: 'S', area, coop_mode: 'loan' })).msg).toBe(
        'Cooperation mode: Invalid value',
      );
      expect((await addStore(main, { name: 'S' })).msg).toBe('Area: Cannot be empty');
      expect((await addStore(main, { name: 'S', area: 999 })).rcode).toBe(RCODE.AREA_NOT_FOUND);
      const other = await mainAccount(t, '13900000002');
      expect((await addStore(other, { name: 'S', area })).rcode).toBe(RCODE.AREA_NOT_FOUND);
    });

    it('stops at the Region app store quota', async () => {
      await setApp(t, main.merchantId, 'Region', { extend: { store_max_count: '1' } });
      const area = await areaId(main, 'A');
      await storeId(main, area, 'One');
      const second = await addStore(main, { name: 'Two', area });
      expect(second.rcode).toBe(RCODE.STORE_QUOTA_EXCEEDED);
      expect(second.msg).toBe('Store limit reached (1); contact support for more');
    });

    it('lists by area and name, and all stores for the pickers', async () => {
      const north = await areaId(main, 'North');
      const south = await areaId(main, 'South');
      await storeId(main, north, 'Mall one');
      await storeId(main, north, 'Station');
      await storeId(main, south, 'Mall two');
      const byArea = ok<{ data: Store[]; count: number }>(
        await t.call('/api/v1/u/getStore', { condition: { area: north } }, main.headers),
      );
      expect(byArea.data.map((s) => s.store_name)).toEqual(['Station', 'Mall one']);
      // Another merchant's area, or none, is refused (it answered an empty list).
      const other = await mainAccount(t, '13900000002');
      for (const [caller, area] of [
        [other, north],
        [main, 987_654],
      ] as const) {
        expect(await t.call('/api/v1/u/getStore', { condition: { area } }, caller.headers)).toMatchObject({
          rcode: RCODE.AREA_NOT_FOUND,
          result: null,
        });
      }
      const byName = ok<{ data: Store[] }>(
        await t.call('/api/v1/u/getStore', { condition: { store_name: 'MALL', area: '' } }, main.headers),
      );
      expect(byName.data.map((s) => s.store_name)).toEqual(['Mall two', 'Mall one']);
      const all = ok<{ data: Store[]; count: number }>(
        await t.call('/api/v1/u/getAllStore', {}, main.headers),
      );
      expect(all.count).toBe(3);
      expect(all.data.map((s) => s.store_name)).toEqual(['Mall one', 'Station', 'Mall two']);
      const areas = ok<{ data: Area[] }>(await t.call('/api/v1/u/getArea', {}, main.headers));
      expect(areas.data.map((a) => [a.area_name, a.store_count])).toEqual([
        ['South', 1],
        ['North', 2],
      ]);
    });

    it('edits a store; moving it to another area moves its machines too', async () => {
      const north = await areaId(main, 'North');
      const south = await areaId(main, 'South');
      const id = await storeId(main, north, 'Shop');
      const { deviceId } = await addMachine(t, {
        merchantId: main.merchantId,
        sn: '20001',
        areaId: north,
        storeId: id,
      });
      ok(
        await t.call(
          '/api/v1/u/editStore',
          { _id: id, name: 'Shop 2', area: south, ...BEIJING_DONGCHENG, mode: 'custom' },
          main.headers,
        ),
      );
      const list = ok<{ data: Store[] }>(await t.call('/api/v1/u/getStore', {}, main.headers));
      expect(list.data[0]).toMatchObject({
        store_name: 'Shop 2',
        area: { _id: south },
        s_area: '东城区',
        dev_count: 1,
      });
      const device = await t.db.kysely
        .selectFrom('devices')
        .select('area_id')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow();
      expect(device.area_id).toBe(south);
      const other = await mainAccount(t, '13900000002');
      const foreign = await t.call('/api/v1/u/editStore', { _id: id, name: 'X', area: south }, other.headers);
      expect(foreign.rcode).toBe(RCODE.STORE_NOT_FOUND);
    });

    it('refuses to delete a store with machines, then deletes it and its stock', async () => {
      const area = await areaId(main, 'A');
      const id = await storeId(main, area, 'Shop');
      const { deviceId } = await addMachine(t, {
        merchantId: main.merchantId,
        sn: '30001',
        areaId: area,
        storeId: id,
      });
      const refused = await t.call('/api/v1/u/delStore', { _id: id }, main.headers);
      expect(refused.rcode).toBe(RCODE.STORE_HAS_DEVICES);
      expect(refused.msg).toBe(
        'This store still has 1 machine(s): move them to another store or unbind them first',
      );
      await t.db.kysely.updateTable('devices').set({ store_id: null }).where('id', '=', deviceId).execute();
      const goods = ok<{ goods_id: number }>(
        await t.call('/api/v1/g/addPrivate', { goods_name: 'Cola', price: 300 }, main.headers),
      );
      ok(
        await t.call(
          '/api/v1/i/addStock',
          { goods_id: goods.goods_id, store: id, inventory: 5 },
          main.headers,
        ),
      );
      ok(await t.call('/api/v1/u/delStore', { _id: id }, main.headers));
      expect(ok<{ count: number }>(await t.call('/api/v1/u/getStore', {}, main.headers)).count).toBe(0);
      expect(await t.db.kysely.selectFrom('stocks').selectAll().execute()).toEqual([]);
      const log = await t.db.kysely.selectFrom('stock_records').selectAll().orderBy('id').execute();
      expect(log.at(-1)).toMatchObject({
        oper_type: 3,
        stock_type: 1,
        quantity: 5,
        balance: 0,
        store_id: id,
      });
      expect((await t.call('/api/v1/u/delStore', { _id: id }, main.headers)).rcode).toBe(
        RCODE.STORE_NOT_FOUND,
      );
    });
  });

  describe('staff', () => {
    it('limited to listed stores: sees those only and may not reshape areas', async () => {
      const north = await areaId(main, 'North');
      const south = await areaId(main, 'South');
      const mine = await storeId(main, north, 'Mine');
      const theirs = await storeId(main, south, 'Theirs');
      const staff = await staffAccount(t, main, { account: 'clerk', storeIds: [mine], perms: [1022] });

      const stores = ok<{ data: Store[]; count: number }>(
        await t.call('/api/v1/u/getStore', {}, staff.headers),
      );
      expect(stores.data.map((s) => s.store_name)).toEqual(['Mine']);
      const all = ok<{ data: Store[] }>(await t.call('/api/v1/u/getAllStore', {}, staff.headers));
      expect(all.data.map((s) => s._id)).toEqual([mine]);
      const areas = ok<{ data: Area[] }>(await t.call('/api/v1/u/getArea', {}, staff.headers));
      expect(areas.data.map((a) => a.area_name)).toEqual(['North']);

      expect((await addArea(staff, { name: 'Mine too' })).rcode).toBe(RCODE.STORES_RESTRICTED);
      expect((await addStore(staff, { name: 'New', area: north })).rcode).toBe(RCODE.STORES_RESTRICTED);
      expect((await t.call('/api/v1/u/editArea', { _id: north, name: 'N' }, staff.headers)).rcode).toBe(
        RCODE.STORES_RESTRICTED,
      );
      const other = await t.call(
        '/api/v1/u/editStore',
        { _id: theirs, name: 'X', area: south },
        staff.headers,
      );
      expect(other.rcode).toBe(RCODE.STORE_OUT_OF_SCOPE);
      expect((await t.call('/api/v1/u/delStore', { _id: theirs }, staff.headers)).rcode).toBe(
        RCODE.STORES_RESTRICTED,
      );
      const move = await t.call(
        '/api/v1/u/editStore',
        { _id: mine, name: 'Mine', area: south },
        staff.headers,
      );
      expect(move.rcode).toBe(RCODE.STORES_RESTRICTED);
      ok(
        await t.call('/api/v1/u/editStore', { _id: mine, name: 'Mine renamed', area: north }, staff.headers),
      );
    });

    it('limited to listed stores: may not delete even an empty store of their own (stores are merchant-wide structure)', async () => {
      const north = await areaId(main, 'North');
      const mine = await storeId(main, north, 'Mine');
      const staff = await staffAccount(t, main, { account: 'clerk', storeIds: [mine], perms: [1022] });
      const texts = {
        'zh-CN': '您只管理指定门店，不能新增、删除门店或修改区域，请联系主账号',
        'zh-TW': '您只管理指定門店，不能新增、刪除門店或修改區域，請聯繫主帳號',
        'en-US':
          'You manage listed stores only, so you cannot add or delete stores or change areas: ask the main account',
      };
      for (const [lang, msg] of Object.entries(texts)) {
        const answer = await t.call('/api/v1/u/delStore', { _id: mine }, { ...staff.headers, lang });
        expect(answer).toMatchObject({ rcode: RCODE.STORES_RESTRICTED, msg, result: null });
      }
      const left = ok<{ data: Store[] }>(await t.call('/api/v1/u/getStore', {}, staff.headers));
      expect(left.data.map((s) => s._id)).toEqual([mine]);
      // Staff over all stores, and the main account, still may.
      const everywhere = await staffAccount(t, main, { account: 'boss', perms: [1022] });
      ok(await t.call('/api/v1/u/delStore', { _id: mine }, everywhere.headers));
      expect(ok<{ count: number }>(await t.call('/api/v1/u/getStore', {}, main.headers)).count).toBe(0);
    });

    it('tells the app who manages all stores, so the region screen offers staff limited to listed stores no adds', async () => {
      const mine = await storeId(main, await areaId(main, 'North'), 'Mine');
      const limited = await staffAccount(t, main, { account: 'clerk', storeIds: [mine], perms: [1022] });
      const everywhere = await staffAccount(t, main, { account: 'boss', perms: [1022] });
      const allStores = async (who: Caller) =>
        ok<{ allStores?: boolean }>(await t.call('/api/v1/u/getUserInfo', {}, who.headers)).allStores;
      expect(await allStores(main)).toBe(true);
      expect(await allStores(everywhere)).toBe(true);
      expect(await allStores(limited)).toBe(false);
    });

    it('needs AreaStore to change areas and stores, but may read the pickers without it', async () => {
      const area = await areaId(main, 'A');
      const staff = await staffAccount(t, main, { account: 'viewer' });
      expect((await addArea(staff, { name: 'B' })).rcode).toBe(RCODE.FORBIDDEN);
      expect((await t.call('/api/v1/u/delArea', { _id: area }, staff.headers)).rcode).toBe(RCODE.FORBIDDEN);
      expect(ok<{ count: number }>(await t.call('/api/v1/u/getArea', {}, staff.headers)).count).toBe(1);
      await setStaffPermissions(t, main, staff, [1022]);
      expect((await addArea(staff, { name: 'B' })).rcode).toBe(0);
    });
  });
});
