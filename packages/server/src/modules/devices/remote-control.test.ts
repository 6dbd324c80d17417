import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '@vendo/contract/api/devices';
import { RCODE } from '@vendo/contract/rcodes';
import type { SimMachine, SimMachineOptions } from '@vendo/device-sim/machine';
import { md5 } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { bind, brokerEnv, eventually, machine, provision, runGateway } from './device-fixtures';
import type { ProvisionedDevice } from './provisioning';
import { addGoods } from '../orders/order-fixtures';

describe.each(dialects())('remote control on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let gw: Awaited<ReturnType<typeof runGateway>>;
  let sims: SimMachine[];
  let cola: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
    owner = await mainAccount(t, '13900000601');
    gw = await runGateway(t);
    sims = [];
    cola = await addGoods(t, owner.merchantId, 'Cola', 300, 100);
  });
  afterEach(async () => {
    await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
    await t.services.devices.idle();
    await gw.close();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const row = (sn: string) =>
    t.db.kysely.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirstOrThrow();

  /** A bound machine, online and in step, with Cola on shelf 1 (5 of 10). */
  async function onlineMachine(
    type: ProvisionedDevice['type'] = 'vm',
    options: Partial<SimMachineOptions> = {},
  ) {
    const [device] = (await provision(t, type)) as [ProvisionedDevice];
    await bind(t, owner.user, device);
    const sim = machine(t, gw, device, options);
    sims.push(sim);
    await sim.start();
    await eventually(async () =>
      expect((await row(device.sn)).shelves_acked_rev).toBe((await row(device.sn)).shelves_rev),
    );
    const [shelf] = ok<{ data: Array<{ id: number }> }>(
      await call('/api/v1/c/getDevChannel', { sn: device.sn }),
    ).data;
    ok(
      await call('/api/v1/c/setChannelInfo', {
        sn: device.sn,
        id: shelf!.id,
        name: 'Cola',
        price: 300,
        game_price: 300,
        quantity: 5,
        capacity: 10,
        probability: 0,
        goods_id: cola,
      }),
    );
    return { device, sim, shelfId: shelf!.id };
  }

  describe('/d/remoteOuting', () => {
    it('dispenses, and the delivery event counts the shelf down once', async () => {
      const { device, sim, shelfId } = await onlineMachine();
      const answer = ok<{ order: string; items: unknown[] }>(
        await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 1, quantity: 2 }] }),
      );
      expect(answer.items).toEqual([{ channel_sn: 1, quantity: 2, delivered: 2, fault: 0, fault_text: '' }]);
      expect(answer.order).toMatch(/^R[0-9a-f]{32}$/);
      expect(sim.state.shelves.get(1)?.quantity).toBe(3);
      await eventually(async () => {
        const shelf = await t.db.kysely
          .selectFrom('channels')
          .selectAll()
          .where('id', '=', shelfId)
          .executeTakeFirstOrThrow();
        expect(shelf.quantity).toBe(3);
      });
      const events = await t.db.kysely
        .selectFrom('device_events')
        .selectAll()
        .where('sn', '=', device.sn)
        .execute();
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0]!.payload)).toMatchObject({ order: answer.order, payment: 'remote' });
      const log = await t.db.kysely
        .selectFrom('stock_records')
        .selectAll()
        .where('order_no', '=', answer.order)
        .execute();
      expect(log).toMatchObject([
        { goods_id: cola, oper_type: 1, quantity: 2, balance: 3, oper_user_id: null },
      ]);
      const audit = await t.db.kysely
        .selectFrom('device_commands')
        .selectAll()
        .where('name', '=', 'vend')
        .execute();
      expect(audit).toMatchObject([{ sn: device.sn, user_id: owner.userId, status: 'acked' }]);
    });

    it('refuses 0, more than one on capsule machines, unknown shelves and empty ones', async () => {
      const { device } = await onlineMachine();
      const zero = await call('/api/v1/d/remoteOuting', {
        sn: device.sn,
        goods: [{ channel_sn: 1, quantity: 0 }],
      });
      expect(zero).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Dispense quantity cannot be 0' });
      expect(
        (await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 99, quantity: 1 }] }))
          .rcode,
      ).toBe(RCODE.SHELF_NOT_FOUND);
      const tooMany = await call('/api/v1/d/remoteOuting', {
        sn: device.sn,
        goods: [{ channel_sn: 1, quantity: 6 }],
      });
      expect(tooMany).toMatchObject({ rcode: RCODE.SHELF_OUT_OF_STOCK, msg: 'Shelf out of stock' });
      expect(
        (await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 2, quantity: 1 }] }))
          .rcode,
      ).toBe(RCODE.SHELF_OUT_OF_STOCK);

      const capsule = await onlineMachine('gpm');
      const two = await call('/api/v1/d/remoteOuting', {
        sn: capsule.device.sn,
        goods: [{ channel_sn: 1, quantity: 2 }],
      });
      expect(two).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: 'Quantity: Capsule and lattice machines dispense 1 at a time',
      });
      ok(
        await call('/api/v1/d/remoteOuting', {
          sn: capsule.device.sn,
          goods: [{ channel_sn: 1, quantity: 1 }],
        }),
      );
    });

    it('keeps the cool-down: try again in N seconds', async () => {
      const { device } = await onlineMachine();
      ok(await call('/api/v1/d/editDev', { sn: device.sn, cool_down: 30 }));
      ok(await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 1, quantity: 1 }] }));
      t.clock.advance(12_000);
      const early = await call('/api/v1/d/remoteOuting', {
        sn: device.sn,
        goods: [{ channel_sn: 1, quantity: 1 }],
      });
      expect(early).toMatchObject({ rcode: RCODE.COOL_DOWN, msg: 'Please try again in 18 seconds' });
      t.clock.advance(18_000);
      ok(await call('/api/v1/d/remoteOuting', { sn: device.sn, goods: [{ channel_sn: 1, quantity: 1 }] }));
    });

    it('answers offline, timeout and dispense faults as their rcodes', async () => {
      const slow = await onlineMachine('vm', { commandDelayMs: 20 });
      await slow.sim.stop({ graceful: false });
      await eventually(async () => expect((await row(slow.device.sn)).alive).toBe(0));
      const offline = await call('/api/v1/d/remoteOuting', {
        sn: slow.device.sn,
        goods: [{ channel_sn: 1, quantity: 1 }],
      });
      expect(offline).toMatchObject({ rcode: RCODE.DEVICE_OFFLINE, msg: 'Device offline, cannot execute' });

      const late = await onlineMachine();
      late.sim.commandDelayMs = 1_800;
      const timeout = await call('/api/v1/d/remoteOuting', {
        sn: late.device.sn,
        goods: [{ channel_sn: 1, quantity: 1 }],
      });
      expect(timeout).toMatchObject({
        rcode: RCODE.COMMAND_TIMEOUT,
        msg: 'The device did not answer in time, please try again',
      });
      expect(
        await t.db.kysely
          .selectFrom('device_commands')
          .select('status')
          .where('sn', '=', late.device.sn)
          .where('name', '=', 'vend')
          .execute(),
      ).toEqual([{ status: 'timeout' }]);

      const broken = await onlineMachine('vm', { faultRate: 1, random: () => 0 });
      const fault = await call('/api/v1/d/remoteOuting', {
        sn: broken.device.sn,
        goods: [{ channel_sn: 1, quantity: 1 }],
      });
      expect(fault).toMatchObject({ rcode: RCODE.DELIVERY_FAILED, msg: 'Dispense failed: Motor fault' });
      await eventually(async () => {
        const shelf = await t.db.kysely
          .selectFrom('channels')
          .selectAll()
          .where('id', '=', broken.shelfId)
          .executeTakeFirstOrThrow();
        expect(shelf).toMatchObject({ quantity: 5, status: 1, fault: '1' });
      });
      const list = ok<{ data: Array<{ status: number; status_text: string }> }>(
        await call('/api/v1/c/getDevChannel', { sn: broken.device.sn }),
      );
      expect(list.data[0]).toMatchObject({ status: 1, status_text: 'Motor fault' });
    });

    it('needs the operator sign and the remote-control permission', async () => {
      const { device } = await onlineMachine();
      ok(await call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('112233') }));
      const body = { sn: device.sn, goods: [{ channel_sn: 1, quantity: 1 }] };
      expect((await call('/api/v1/d/remoteOuting', { ...body, sign: 'placeholder' })).rcode).toBe(
        RCODE.IDENTITY_EXPIRED,
      );
      const { sign } = ok<{ sign: string }>(await call('/api/v1/u/checkOprPwd', { password: md5('112233') }));
      ok(await call('/api/v1/d/remoteOuting', { ...body, sign }));
      t.clock.advance(7_200_001);
      expect((await call('/api/v1/d/remoteOuting', { ...body, sign })).rcode).toBe(RCODE.IDENTITY_EXPIRED);

      const staff = await staffAccount(t, owner, { account: 'clerk' });
      for (const path of [
        '/api/v1/d/remoteOuting',
        '/api/v1/d/testOut',
        '/api/v1/d/power',
        '/api/v1/d/switchLED',
        '/api/v1/d/onlineShopAlive',
      ]) {
        expect((await call(path, { sn: device.sn }, staff)).rcode, path).toBe(RCODE.FORBIDDEN);
      }
      const rival = await mainAccount(t, '13900000602');
      expect((await call('/api/v1/d/remoteOuting', body, rival)).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
    });
  });

  it('tests a shelf motor and answers the fault it found', async () => {
    const { device } = await onlineMachine();
    expect(ok(await call('/api/v1/d/testOut', { sn: device.sn, road: 1 }))).toEqual({
      channel_sn: 1,
      fault: 0,
      fault_text: '',
    });
    expect((await call('/api/v1/d/testOut', { sn: device.sn, road: 80 })).rcode).toBe(RCODE.SHELF_NOT_FOUND);
    // A refused "attach" is named as what it holds, not by its key.
    const wrong = await call('/api/v1/d/testOut', { sn: device.sn, road: 1, attach: 1 });
    expect(wrong.rcode).toBe(RCODE.INVALID_PARAM);
    expect(wrong.msg).toMatch(/^(Test options|测试参数|測試參數)/);
    const broken = await onlineMachine('vm', { faultRate: 1, random: () => 0.5 });
    expect(
      ok(await call('/api/v1/d/testOut', { sn: broken.device.sn, road: 1, attach: { times: 2 } })),
    ).toEqual({
      channel_sn: 1,
      fault: 6,
      fault_text: 'Over-current',
    });
    // Each test that reached a machine is in the audit log with its outcome; the unknown shelf is not.
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select(['machine_sn', 'action', 'changes'])
      .where('kind', '=', 'test_dispense')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.machine_sn, a.action])).toEqual([
      [device.sn, 'test'],
      [broken.device.sn, 'test'],
    ]);
    expect(JSON.parse(audited[1]!.changes)).toContainEqual({
      field: 'outcome',
      before: null,
      after: 'acked',
    });
  });

  it('powers, reboots and refreshes settings', async () => {
    const { device, sim } = await onlineMachine('vm', { rebootMs: 200 });
    ok(await call('/api/v1/d/power', { sn: device.sn, dev: 'dev', motion: 'off' }));
    expect(sim.state.power).toBe('off');
    ok(await call('/api/v1/d/power', { sn: device.sn, dev: 'dev', motion: 'on' }));
    expect(sim.state.power).toBe('on');
    expect((await call('/api/v1/d/power', { sn: device.sn, dev: 'all', motion: 'off' })).rcode).toBe(
      RCODE.INVALID_PARAM,
    );

    const before = sim.state.settingsRev;
    ok(await call('/api/v1/d/power', { sn: device.sn, dev: 'all', motion: 'setting' }));
    expect(sim.state.settingsRev).toBe(before);
    expect(sim.state.settings).toMatchObject({ power_on: '08:00' });

    ok(await call('/api/v1/d/power', { sn: device.sn, dev: 'dtu', motion: 'reboot' }));
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0), 2_000);
    await eventually(async () => expect((await row(device.sn)).alive).toBe(1), 5_000);
  });

  it('switches the lamp and keeps it as the device setting', async () => {
    const { device, sim } = await onlineMachine();
    const answer = ok(
      await call('/api/v1/d/switchLED', {
        sn: device.sn,
        setting: 'off',
        attach: { color: '#FF0000', brightness: 40 },
      }),
    );
    expect(answer).toEqual({ lamp_ctrl: 0, lamp_color: '#FF0000' });
    expect(sim.state.lamp).toEqual({ on: false, color: '#FF0000', brightness: 40 });
    const [listed] = ok<{ data: Device[] }>(
      await call('/api/v1/d/getDev', { condition: { sn: device.sn } }),
    ).data;
    expect(listed?.detail).toMatchObject({ lamp_ctrl: 0, lamp_color: '#FF0000', lamp_brightness: 40 });
    expect(listed?.settings_synced).toBe(true);
    expect((await call('/api/v1/d/switchLED', { sn: device.sn, setting: 'dim' })).rcode).toBe(
      RCODE.INVALID_PARAM,
    );
  });

  it('checks the shop app is alive, or says the machine is offline', async () => {
    const { device, sim } = await onlineMachine('vm', { version: '5.0.2' });
    const alive = ok<{ alive: boolean; latency_ms: number; version: string }>(
      await call('/api/v1/d/onlineShopAlive', { sn: device.sn }),
    );
    expect(alive).toMatchObject({ alive: true, version: '5.0.2' });
    await sim.stop({ graceful: true });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0));
    expect((await call('/api/v1/d/onlineShopAlive', { sn: device.sn })).rcode).toBe(RCODE.DEVICE_OFFLINE);
  });

  it('pushes saved settings, and a machine that was away gets them when it is back', async () => {
    const { device, sim } = await onlineMachine();
    const saved = ok<{ device: Device; push: { status: string } }>(
      await call('/api/v1/d/editDev', { sn: device.sn, price: 300, power_off: '22:00' }),
    );
    expect(saved.push.status).toBe('acked');
    expect(saved.device.settings_synced).toBe(true);
    expect(sim.state.settings).toMatchObject({ price: 300, power_off: '22:00' });

    await sim.stop({ graceful: false });
    await eventually(async () => expect((await row(device.sn)).alive).toBe(0));
    const offline = ok<{ push: { status: string } }>(
      await call('/api/v1/d/editDev', { sn: device.sn, price: 500 }),
    );
    expect(offline.push.status).toBe('offline');
    await sim.start();
    await eventually(() => expect(sim.state.settings?.price).toBe(500));
    await eventually(async () =>
      expect((await row(device.sn)).settings_acked_rev).toBe((await row(device.sn)).settings_rev),
    );
  });

  it('tells the machine about binding and unbinding; unbinding resets it', async () => {
    const { device, sim } = await onlineMachine();
    // Bound while it was away: told when it connected.
    expect(sim.state).toMatchObject({ bound: true, title: 'Lobby' });
    ok(await call('/api/v1/d/unbind', { sn: device.sn }));
    await t.services.devices.idle();
    expect(sim.state).toMatchObject({ bound: false, title: '' });
    expect(sim.state.shelves.get(1)).toMatchObject({ goods_id: null, quantity: 0 });
    ok(
      await call('/api/v1/d/bind', {
        clientid: device.clientid,
        sign: device.sign,
        title: 'Again',
        type: 'vm',
      }),
    );
    await t.services.devices.idle();
    expect(sim.state).toMatchObject({ bound: true, title: 'Again' });
  });
});
