import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '@vendo/contract/api/devices';
import { RCODE } from '@vendo/contract/rcodes';
import { md5 } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { bindSign } from './bind-sign';
import { bind, brokerEnv, provision } from './device-fixtures';

type DeviceList = { data: Device[]; count: number };

describe.each(dialects())('binding and the device list on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
    owner = await mainAccount(t, '13900000401');
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);

  async function place(merchantId: number, name: string) {
    const now = t.clock.now;
    const area = await t.db.kysely
      .insertInto('areas')
      .values({
        merchant_id: merchantId,
        name: `${name} area`,
        address: '',
        phone: '',
        remarks: '',
        created_by: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await t.db.kysely
      .insertInto('stores')
      .values({
        merchant_id: merchantId,
        area_id: area.id,
        name,
        address: '',
        phone: '',
        remarks: '',
        prov: '',
        prov_code: '',
        city: '',
        city_code: '',
        district: '',
        district_code: '',
        manager: '',
        salesman: '',
        coop_start: '',
        coop_end: '',
        refund_mode: 'auto',
        client_code: '',
        mode: 'routine',
        coop_mode: '',
        created_by: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { areaId: area.id, storeId: store.id };
  }

  describe('/d/bind', () => {
    it('binds a provisioned machine to the merchant with its name and type', async () => {
      const [device] = await provision(t, 'vm');
      const answer = await call('/api/v1/d/bind', {
        clientid: device!.clientid,
        sign: device!.sign,
        title: 'Lobby',
        type: 'gzj',
      });
      expect(ok(answer)).toEqual({ sn: device!.sn, title: 'Lobby', type: 'gzj' });
      const row = await t.db.kysely
        .selectFrom('devices')
        .selectAll()
        .where('sn', '=', device!.sn)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        merchant_id: owner.merchantId,
        title: 'Lobby',
        type: 'gzj',
        bound_at: t.clock.now,
      });
      const history = await t.db.kysely.selectFrom('device_bindings').selectAll().execute();
      expect(history).toMatchObject([{ sn: device!.sn, merchant_id: owner.merchantId, unbound_at: null }]);
    });

    it('asks for all four fields with the empty-field message', async () => {
      const [device] = await provision(t);
      const full = { clientid: device!.clientid, sign: device!.sign, title: 'Lobby', type: 'vm' };
      for (const field of ['clientid', 'sign', 'title', 'type']) {
        const answer = await call('/api/v1/d/bind', { ...full, [field]: '' });
        expect(answer.rcode, field).toBe(RCODE.INVALID_PARAM);
        expect(answer.msg, field).toContain('Please fill in all binding fields');
      }
      const badName = await call('/api/v1/d/bind', { ...full, title: 'Lobby<1>' });
      expect(badName.msg).toBe('Device name: Special symbols are not allowed');
      const badType = await call('/api/v1/d/bind', { ...full, type: 'truck' });
      expect(badType.msg).toBe('Device type: Invalid value');
    });

    it('refuses a bad sign, an unknown machine, and a machine bound already (515)', async () => {
      const [device] = await provision(t);
      const body = { clientid: device!.clientid, sign: device!.sign, title: 'Lobby', type: 'vm' };
      const badSign = await call('/api/v1/d/bind', { ...body, sign: 'f'.repeat(32) });
      expect(badSign).toMatchObject({
        rcode: RCODE.BIND_SIGN_INVALID,
        msg: 'Please scan the correct QR code',
      });
      // A sign made for another machine does not fit this one.
      const [other] = await provision(t);
      expect((await call('/api/v1/d/bind', { ...body, sign: other!.sign })).rcode).toBe(
        RCODE.BIND_SIGN_INVALID,
      );
      const unknown = await call('/api/v1/d/bind', { ...body, clientid: 'vd0000000000000000' });
      expect(unknown).toMatchObject({ rcode: RCODE.DEVICE_NOT_FOUND, msg: 'Device does not exist' });

      ok(await call('/api/v1/d/bind', body));
      const again = await call('/api/v1/d/bind', body);
      expect(again).toMatchObject({ rcode: 515, msg: 'Device already bound, please unbind first' });
      const rival = await mainAccount(t, '13900000402');
      expect((await call('/api/v1/d/bind', body, rival)).rcode).toBe(515);
    });

    it('verifies the sign under the platform secret', async () => {
      const [device] = await provision(t);
      const secret = (
        await t.db.kysely
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'platform_secret')
          .executeTakeFirstOrThrow()
      ).value;
      expect(device!.sign).toBe(bindSign(secret, device!.clientid, device!.sn));
    });

    it('is for the main account only', async () => {
      const [device] = await provision(t);
      const staff = await staffAccount(t, owner, { account: 'clerk' });
      const answer = await call(
        '/api/v1/d/bind',
        { clientid: device!.clientid, sign: device!.sign, title: 'A', type: 'vm' },
        staff,
      );
      expect(answer.rcode).toBe(RCODE.FORBIDDEN);
    });
  });

  describe('/d/unbind', () => {
    it('releases the machine and keeps its history with the merchant', async () => {
      const [device] = await provision(t);
      await bind(t, owner.user, device!);
      ok(await call('/api/v1/d/unbind', { sn: device!.sn }));
      const row = await t.db.kysely
        .selectFrom('devices')
        .selectAll()
        .where('sn', '=', device!.sn)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ merchant_id: null, title: '', store_id: null, bound_at: null });
      const history = await t.db.kysely.selectFrom('device_bindings').selectAll().execute();
      expect(history).toMatchObject([
        { merchant_id: owner.merchantId, unbound_at: t.clock.now, unbound_by: owner.userId },
      ]);
      // Another merchant can bind it now.
      const next = await mainAccount(t, '13900000403');
      ok(
        await call(
          '/api/v1/d/bind',
          { clientid: device!.clientid, sign: device!.sign, title: 'New', type: 'vm' },
          next,
        ),
      );
    });

    it('needs the operator sign when an operation password is active', async () => {
      const [device] = await provision(t);
      await bind(t, owner.user, device!);
      ok(await call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('135790') }));
      expect((await call('/api/v1/d/unbind', { sn: device!.sn })).rcode).toBe(RCODE.IDENTITY_EXPIRED);
      expect((await call('/api/v1/d/unbind', { sn: device!.sn, sign: 'placeholder' })).rcode).toBe(
        RCODE.IDENTITY_EXPIRED,
      );
      const { sign } = ok<{ sign: string }>(await call('/api/v1/u/checkOprPwd', { password: md5('135790') }));
      ok(await call('/api/v1/d/unbind', { sn: device!.sn, sign }));
    });

    it("refuses another merchant's machine, an unknown sn, a non-numeric sn and staff", async () => {
      const [device] = await provision(t);
      await bind(t, owner.user, device!);
      const rival = await mainAccount(t, '13900000404');
      expect((await call('/api/v1/d/unbind', { sn: device!.sn }, rival)).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
      expect((await call('/api/v1/d/unbind', { sn: '999999999999' })).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
      const letters = await call('/api/v1/d/unbind', { sn: '12ab' });
      expect(letters).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Serial number must be numeric' });
      const staff = await staffAccount(t, owner, { account: 'clerk' });
      expect((await call('/api/v1/d/unbind', { sn: device!.sn }, staff)).rcode).toBe(RCODE.FORBIDDEN);
    });
  });

  describe('/d/getDev and /d/devOnlineCount', () => {
    it('lists the merchant’s machines with placement, signal and detail, filtered and paged', async () => {
      const devices = await provision(t, 'vm', 12);
      for (const [i, d] of devices.entries())
        await bind(t, owner.user, d, i === 0 ? 'Front door' : `Hall ${i}`);
      const rival = await mainAccount(t, '13900000405');
      const [foreign] = await provision(t);
      await bind(t, rival.user, foreign!, 'Theirs');
      const { storeId, areaId } = await place(owner.merchantId, 'Mall');
      ok(await call('/api/v1/d/editDev', { sn: devices[0]!.sn, store_id: storeId }));
      await t.db.kysely
        .updateTable('devices')
        .set({ alive: 1, rssi: 15, version: '2.0', imei: '861234567890123' })
        .where('sn', '=', devices[0]!.sn)
        .execute();
      await t.db.kysely
        .updateTable('devices')
        .set({ payout_merchant_id: 'M-1' })
        .where('sn', '=', devices[1]!.sn)
        .execute();

      const first = ok<DeviceList>(
        await call('/api/v1/d/getDev', { pageNum: 1, pageSize: 10, step: 'start', condition: {} }),
      );
      expect(first.count).toBe(12);
      expect(first.data).toHaveLength(10);
      expect(first.data.map((d) => d.sn)).not.toContain(foreign!.sn);
      expect(first.data[0]).toMatchObject({
        sn: devices[0]!.sn,
        title: 'Front door',
        alive: 1,
        rssi: 15,
        signal: 15,
        imei: '861234567890123',
        version: '2.0',
        store: { _id: storeId, store_name: 'Mall' },
        area: { _id: areaId, area_name: 'Mall area' },
        merchant_id: null,
        detail: { power_on: '08:00', power_off: '23:00', price: 2, lamp_color: '#0099FF' },
      });
      expect(first.data[1]).toMatchObject({ alive: 0, signal: 0, store: null, merchant_id: 'M-1' });
      const second = ok<DeviceList>(
        await call('/api/v1/d/getDev', { pageNum: 2, pageSize: 10, condition: {} }),
      );
      expect(second.data).toHaveLength(2);

      const list = async (condition: object) =>
        ok<DeviceList>(await call('/api/v1/d/getDev', { pageNum: 1, pageSize: 10, condition }));
      expect((await list({ sn: devices[0]!.sn })).data.map((d) => d.sn)).toEqual([devices[0]!.sn]);
      expect((await list({ sn: devices[11]!.sn.slice(-2) })).data.map((d) => d.sn)).toEqual([
        devices[11]!.sn,
      ]);
      expect((await list({ sn: '' })).count).toBe(12);
      expect((await list({ title: 'front' })).count).toBe(1);
      expect((await list({ title: '%' })).count).toBe(0);
      expect((await list({ alive: 1 })).count).toBe(1);
      expect((await list({ alive: 'false' })).count).toBe(11);
      expect((await list({ store: storeId })).count).toBe(1);
      expect((await list({ area: areaId })).count).toBe(1);
      expect((await list({ merchant_id: 0 })).count).toBe(11);
      expect((await list({ merchant_id: 'M-1' })).count).toBe(1);
      // Another merchant's store or area, or none, is refused (it answered an empty list); the sn is a search.
      for (const [condition, rcode] of [
        [{ store: storeId }, RCODE.STORE_NOT_FOUND],
        [{ area: areaId }, RCODE.AREA_NOT_FOUND],
        [{ store: 987_654 }, RCODE.STORE_NOT_FOUND],
      ] as const) {
        const who = 'store' in condition && condition.store === 987_654 ? owner : rival;
        expect((await call('/api/v1/d/getDev', { condition }, who)).rcode).toBe(rcode);
      }

      const bad = await call('/api/v1/d/getDev', { condition: { sn: '12a' } });
      expect(bad).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Serial number must be numeric' });

      expect(ok(await call('/api/v1/d/devOnlineCount', {}))).toEqual({ online: 1, offline: 11, total: 12 });
      expect(ok(await call('/api/v1/d/devOnlineCount', {}, rival))).toEqual({
        online: 0,
        offline: 1,
        total: 1,
      });
    });

    it('keeps staff to the permission and their stores', async () => {
      const [a, b] = await provision(t, 'vm', 2);
      await bind(t, owner.user, a!);
      await bind(t, owner.user, b!);
      const { storeId } = await place(owner.merchantId, 'Mall');
      ok(await call('/api/v1/d/editDev', { sn: a!.sn, store_id: storeId }));
      const limited = await staffAccount(t, owner, { account: 'clerk', storeIds: [storeId] });
      // Staff hold no device permission until the staff feature gives them roles.
      expect((await call('/api/v1/d/getDev', {}, limited)).rcode).toBe(RCODE.FORBIDDEN);
      expect((await call('/api/v1/d/editDev', { sn: a!.sn, title: 'X' }, limited)).rcode).toBe(
        RCODE.FORBIDDEN,
      );
      // The count is for every session, within the staff member's stores.
      expect(ok(await call('/api/v1/d/devOnlineCount', {}, limited))).toEqual({
        online: 0,
        offline: 1,
        total: 1,
      });
    });
  });

  describe('/d/editDev', () => {
    it('saves settings, name and store, keeping what is not sent, and reports the push', async () => {
      const [device] = await provision(t);
      await bind(t, owner.user, device!);
      const { storeId, areaId } = await place(owner.merchantId, 'Station');
      const answer = ok<{ device: Device; push: { status: string; rcode: number; msg: string } }>(
        await call('/api/v1/d/editDev', {
          sn: device!.sn,
          title: 'Platform 2',
          store_id: storeId,
          power_ctrl: 1,
          power_on: '07:30',
          price: 150,
          game_package: [{ plays: 3, price: 500 }],
          extend: [{ key: 'volume', value: '7', note: 'speaker' }],
          cool_down: 30,
          stock_notify_threshold: 2,
          game_place: 0,
          winning_mode: 'random',
          channel_y: 5,
        }),
      );
      expect(answer.device).toMatchObject({
        title: 'Platform 2',
        store: { _id: storeId },
        area: { _id: areaId },
        settings_synced: false,
      });
      expect(answer.device.detail).toMatchObject({
        power_ctrl: 1,
        power_on: '07:30',
        power_off: '23:00',
        price: 150,
        game_package: [{ plays: 3, price: 500 }],
        extend: [{ key: 'volume', value: '7', note: 'speaker' }],
        cool_down: 30,
      });
      // The machine is offline: saved, and the answer says it could not be told yet.
      expect(answer.push).toMatchObject({
        status: 'offline',
        rcode: RCODE.DEVICE_OFFLINE,
        msg: 'Device offline, cannot execute',
      });
      const row = await t.db.kysely
        .selectFrom('devices')
        .selectAll()
        .where('sn', '=', device!.sn)
        .executeTakeFirstOrThrow();
      expect(row.stock_notify_threshold).toBe(2);

      const again = ok<{ device: Device }>(
        await call('/api/v1/d/editDev', { sn: device!.sn, lamp_brightness: 90 }),
      );
      expect(again.device.detail).toMatchObject({ power_on: '07:30', price: 150, lamp_brightness: 90 });
      expect(again.device.title).toBe('Platform 2');
    });

    it('refuses bad values naming the field, fixed values changed, and stores not the merchant’s', async () => {
      const [device] = await provision(t);
      await bind(t, owner.user, device!);
      const sn = device!.sn;
      expect((await call('/api/v1/d/editDev', { sn, price: 1 })).msg).toBe(
        'Price must be at least 0.02 yuan',
      );
      expect((await call('/api/v1/d/editDev', { sn, power_on: '25:00' })).msg).toBe(
        'Power-on time: Invalid value',
      );
      expect((await call('/api/v1/d/editDev', { sn, probability: 120 })).msg).toBe(
        'Win probability cannot exceed 100%',
      );
      expect((await call('/api/v1/d/editDev', { sn, channel_y: 6 })).rcode).toBe(RCODE.INVALID_PARAM);
      expect((await call('/api/v1/d/editDev', { sn, lamp_color: 'blue' })).msg).toBe(
        'Lamp colour: Invalid value',
      );
      const dupKeys = await call('/api/v1/d/editDev', {
        sn,
        extend: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      });
      expect(dupKeys.msg).toBe('Parameter name: Invalid value');
      const rival = await mainAccount(t, '13900000406');
      const theirs = await place(rival.merchantId, 'Elsewhere');
      expect((await call('/api/v1/d/editDev', { sn, store_id: theirs.storeId })).rcode).toBe(
        RCODE.STORE_NOT_FOUND_FOR_DEVICE,
      );
      expect((await call('/api/v1/d/editDev', { sn, title: 'Mine' }, rival)).rcode).toBe(
        RCODE.DEVICE_NOT_FOUND,
      );
    });
  });

  it('answers a signed JS-SDK configuration for the bind-code scanner', async () => {
    const answer = ok<{ appId: string; signature: string; jsApiList: string[]; sandbox: boolean }>(
      await call('/api/v1/p/getMJssdkConfig', { url: 'https://app.example.com/deviceBindEnter#x' }),
    );
    expect(answer.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(answer.jsApiList).toContain('scanQRCode');
    expect(answer.sandbox).toBe(true);
    expect((await call('/api/v1/p/getMJssdkConfig', { url: 'javascript:alert(1)' })).rcode).toBe(
      RCODE.INVALID_PARAM,
    );
  });
});
