import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotifyRecipient } from '@vendo/contract/api/notify';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import { RCODE } from '@vendo/contract/rcodes';
import { JobLease } from '../../jobs/job-lease';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount, ok, setApp, type Caller } from '../catalog/catalog-testing';
import { bind, eventually, machine, provision, runGateway } from '../devices/device-fixtures';
import { followOAuth } from '../passport/oauth-browser';
import { OFFLINE_GRACE_MS } from './notify-delivery';

const MINUTE = 60_000;

describe.each(dialects())('notifications on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  let area: number;
  let mall: number;
  let square: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
    area = ok<{ _id: number }>(await call('/api/v1/u/addArea', { name: 'North' }))._id;
    mall = ok<{ _id: number }>(await call('/api/v1/u/addStore', { name: 'Mall', area }))._id;
    square = ok<{ _id: number }>(await call('/api/v1/u/addStore', { name: 'Square', area }))._id;
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, who: Caller = main) => t.call(path, body, who.headers);
  const list = async () =>
    ok<{ data: NotifyRecipient[]; count: number }>(await call('/api/v1/u/getNotifyList', {}));
  const outbox = async (openid?: string) =>
    ok<{
      data: { openid: string; template: string; data: Record<string, { value: string }>; url: string }[];
    }>(await t.call('/p/v1/dev/templateOutbox', openid ? { openid } : {})).data;
  const jobs = () => t.services.jobs.runDue();
  const delivery = () => t.services.notifications.delivery;

  /** A recipient bound the way a person does it: the bind link opened in the (sandbox) messaging app. */
  const recipient = async (user: string, settings: Record<string, unknown>) => {
    const { bind_url } = ok<{ bind_url: string; expire_at: number }>(
      await call('/api/v1/u/getNotifyBindUrl', { permission: ['deviceStatus'], ...settings }),
    );
    const url = new URL(bind_url);
    const page = await followOAuth(t, `${url.pathname}${url.search}`, { user, nickname: `Nick ${user}` });
    expect(page.pathname).toBe('/success');
    return (await list()).data.find((r) => r.wechat_detail.nickname === `Nick ${user}`)!;
  };

  describe('recipients', () => {
    it('checks the settings, naming each field', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ permission: [] }, 'Notification permission: Cannot be empty'],
        [{ permission: ['everything'] }, 'Notification permission: Invalid value'],
        [{ not_disture: 1 }, 'Do-not-disturb start: Cannot be empty'],
        [{ not_disture: 1, start_notify: '22:00' }, 'Do-not-disturb end: Cannot be empty'],
        [
          { not_disture: 1, start_notify: '24:00', end_notify: '08:00' },
          'Do-not-disturb start: Please enter a time as HH:mm',
        ],
        [{ all_device: 0 }, 'Managed stores: Cannot be empty'],
        [
          { not_disture: 1, start_notify: '08:00', end_notify: '08:00' },
          'The do-not-disturb end cannot be the same as its start',
        ],
      ];
      for (const [change, msg] of cases) {
        const answer = await call('/api/v1/u/getNotifyBindUrl', { permission: ['lowStock'], ...change });
        expect(answer.rcode, msg).toBe(RCODE.INVALID_PARAM);
        expect(answer.msg).toBe(msg);
      }
      // A window ending when it starts holds nothing: refused in every language, on edit too; 22:00–08:00 (a start
      // after the end) is an overnight window and accepted (the next test binds one).
      const same = { permission: ['lowStock'], not_disture: 1, start_notify: '08:00', end_notify: '08:00' };
      expect(
        await t.call('/api/v1/u/getNotifyBindUrl', same, { ...main.headers, lang: 'zh-CN' }),
      ).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: '免打扰结束时间不能与开始时间相同',
      });
      expect(
        await t.call('/api/v1/u/editNotify', { notify_id: 1, ...same }, { ...main.headers, lang: 'zh-TW' }),
      ).toMatchObject({
        rcode: RCODE.INVALID_PARAM,
        msg: '免打擾結束時間不能與開始時間相同',
      });
    });

    it('binds the person who follows the link, with nickname and avatar, once', async () => {
      const { bind_url, expire_at } = ok<{ bind_url: string; expire_at: number }>(
        await call('/api/v1/u/getNotifyBindUrl', {
          remarks: 'Night shift',
          not_disture: 1,
          start_notify: '22:00',
          end_notify: '08:00',
          permission: 'lowStock,deviceStatus',
          all_device: 0,
          store: [mall],
        }),
      );
      expect(bind_url).toMatch(/^http:\/\/localhost:80\/p\/v1\/wxnotify\/bind\?ticket=[0-9a-f]{64}$/);
      expect(expire_at).toBe(t.clock.now + 24 * 3600_000);
      // Not listed until someone follows it.
      expect((await list()).count).toBe(0);
      const url = new URL(bind_url);
      const page = await followOAuth(t, `${url.pathname}${url.search}`, {
        user: 'sbx_night_001',
        nickname: 'Wang',
      });
      expect(page.pathname).toBe('/success');
      expect(page.searchParams.get('enMsg')).toBe('Bind success');
      const [bound] = (await list()).data;
      expect(bound).toMatchObject({
        wechat_detail: { nickname: 'Wang' },
        remarks: 'Night shift',
        notice: 1,
        not_disture: 1,
        start_notify: '22:00',
        end_notify: '08:00',
        permission: ['deviceStatus', 'lowStock'],
        all_device: 0,
        store: [{ _id: mall, store_name: 'Mall' }],
      });
      expect(bound!.wechat_detail.headimgurl).toMatch(/^data:image\/svg\+xml/);
      const again = await followOAuth(t, `${url.pathname}${url.search}`, { user: 'sbx_other_001' });
      expect(again.pathname).toBe('/error');
      expect(again.searchParams.get('enMsg')).toBe(
        'The bind link has expired or was used; ask for a new one',
      );
      expect((await list()).count).toBe(1);
    });

    it('lists six a page, edits, removes, and keeps other merchants out', async () => {
      for (let i = 1; i <= 7; i++) await recipient(`sbx_user_${i}00`, { remarks: `R${i}` });
      const page = await list();
      expect(page.count).toBe(7);
      expect(page.data).toHaveLength(6);
      const first = page.data[0]!;
      ok(
        await call('/api/v1/u/editNotify', {
          notify_id: first.notify_id,
          remarks: 'Renamed',
          notice: 0,
          permission: ['appExpiry'],
          all_device: 0,
          store: [square],
        }),
      );
      expect((await list()).data[0]).toMatchObject({
        remarks: 'Renamed',
        notice: 0,
        permission: ['appExpiry'],
        store: [{ _id: square, store_name: 'Square' }],
      });
      const other = await mainAccount(t, '13900000002');
      expect((await call('/api/v1/u/delNotify', { notify_id: first.notify_id }, other)).rcode).toBe(
        RCODE.NOTIFY_NOT_FOUND,
      );
      expect((await call('/api/v1/u/getNotifyList', {}, other)).result).toEqual({ data: [], count: 0 });
      ok(await call('/api/v1/u/delNotify', { notify_id: first.notify_id }));
      expect((await list()).count).toBe(6);
    });

    it('applies the Notification app quota at the link and at binding', async () => {
      await setApp(t, main.merchantId, 'Notification', { extend: { Notification_max_count: '1' } });
      const first = ok<{ bind_url: string }>(
        await call('/api/v1/u/getNotifyBindUrl', { permission: ['lowStock'] }),
      );
      const second = ok<{ bind_url: string }>(
        await call('/api/v1/u/getNotifyBindUrl', { permission: ['lowStock'] }),
      );
      const path = (u: string) => `${new URL(u).pathname}${new URL(u).search}`;
      expect((await followOAuth(t, path(first.bind_url), { user: 'sbx_first_001' })).pathname).toBe(
        '/success',
      );
      const late = await followOAuth(t, path(second.bind_url), { user: 'sbx_second_01' });
      expect(late.searchParams.get('enMsg')).toBe('Notification recipient limit reached (1)');
      const refused = await call('/api/v1/u/getNotifyBindUrl', { permission: ['lowStock'] });
      expect(refused.rcode).toBe(RCODE.NOTIFY_QUOTA_EXCEEDED);
      // The same person binding again keeps one row, with the newer settings.
      await setApp(t, main.merchantId, 'Notification', { extend: { Notification_max_count: '5' } });
      const third = ok<{ bind_url: string }>(
        await call('/api/v1/u/getNotifyBindUrl', { remarks: 'Again', permission: ['appExpiry'] }),
      );
      expect((await followOAuth(t, path(third.bind_url), { user: 'sbx_first_001' })).pathname).toBe(
        '/success',
      );
      expect((await list()).data.map((r) => [r.remarks, r.permission])).toEqual([['Again', ['appExpiry']]]);
    });
  });

  describe('delivery', () => {
    it('reports a machine offline after the grace period, to recipients whose kind and stores match', async () => {
      await addMachine(t, { merchantId: main.merchantId, sn: '7000000001', areaId: area, storeId: mall });
      await recipient('sbx_all_00001', {});
      await recipient('sbx_mall_0001', { all_device: 0, store: [mall] });
      await recipient('sbx_square_01', { all_device: 0, store: [square] });
      await recipient('sbx_stock_001', { permission: ['lowStock'] });
      await delivery().devicePresence('7000000001', 'offline');
      await jobs();
      expect(await outbox()).toEqual([]);
      t.clock.advance(OFFLINE_GRACE_MS);
      await jobs();
      const sent = await outbox();
      expect(sent.map((m) => m.openid).sort()).toEqual(['sbx_all_00001', 'sbx_mall_0001']);
      expect(sent[0]).toMatchObject({ template: 'deviceOffline' });
      expect(sent[0]!.data['first']!.value).toBe('设备已离线');
      expect(sent[0]!.data['keyword1']!.value).toBe('Machine 7000000001（7000000001）');
      expect(sent[0]!.data['keyword2']!.value).toBe('Mall');

      t.clock.advance(MINUTE);
      await delivery().devicePresence('7000000001', 'online');
      await jobs();
      const back = (await outbox()).filter((m) => m.template === 'deviceOnline');
      expect(back.map((m) => m.openid).sort()).toEqual(['sbx_all_00001', 'sbx_mall_0001']);
    });

    it('says nothing about a machine that was back before the grace period ended', async () => {
      await addMachine(t, { merchantId: main.merchantId, sn: '7000000002', areaId: area, storeId: mall });
      await recipient('sbx_all_00001', {});
      await delivery().devicePresence('7000000002', 'offline');
      t.clock.advance(OFFLINE_GRACE_MS / 2);
      await delivery().devicePresence('7000000002', 'online');
      t.clock.advance(OFFLINE_GRACE_MS);
      await jobs();
      expect(await outbox()).toEqual([]);
    });

    it('holds messages during do-not-disturb and sends them when it ends', async () => {
      await addMachine(t, { merchantId: main.merchantId, sn: '7000000003', areaId: area, storeId: mall });
      // The test clock stands at 10:00 in Shanghai.
      await recipient('sbx_quiet_001', {
        permission: ['abnormalOrder'],
        not_disture: 1,
        start_notify: '09:30',
        end_notify: '11:00',
      });
      await recipient('sbx_awake_001', { permission: ['abnormalOrder'] });
      await delivery().abnormalOrder({ sn: '7000000003', orderNo: 'A1', fault: 1, at: t.clock.now });
      await jobs();
      expect((await outbox()).map((m) => m.openid)).toEqual(['sbx_awake_001']);
      const held = await t.db.kysely
        .selectFrom('notify_messages')
        .selectAll()
        .where('status', '=', 'held')
        .execute();
      expect(held).toHaveLength(1);
      t.clock.advance(59 * MINUTE);
      await jobs();
      expect(await outbox('sbx_quiet_001')).toEqual([]);
      t.clock.advance(MINUTE);
      await jobs();
      const sent = await outbox('sbx_quiet_001');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ template: 'abnormalOrder' });
      expect(sent[0]!.data['keyword4']!.value).toBe('电机故障');
    });

    it('sends nothing to a paused recipient, and an abnormal order once', async () => {
      await addMachine(t, { merchantId: main.merchantId, sn: '7000000004', areaId: area, storeId: mall });
      const paused = await recipient('sbx_pause_001', { permission: ['abnormalOrder'] });
      await recipient('sbx_on_000001', { permission: ['abnormalOrder'] });
      ok(
        await call('/api/v1/u/editNotify', {
          notify_id: paused.notify_id,
          notice: 0,
          permission: ['abnormalOrder'],
        }),
      );
      const event: MachineEvent = {
        v: PROTOCOL_VERSION,
        id: 'e1',
        at: t.clock.now,
        type: 'delivery',
        data: { order: 'ORD1', payment: 'wechat', items: [{ slot: 1, quantity: 1, delivered: 0, fault: 8 }] },
      };
      await delivery().machineEvent('7000000004', event);
      await delivery().abnormalOrder({ sn: '7000000004', orderNo: 'ORD1', fault: 8, at: t.clock.now });
      await jobs();
      const sent = await outbox();
      expect(sent.map((m) => m.openid)).toEqual(['sbx_on_000001']);
      expect(sent[0]!.data['keyword3']!.value).toBe('ORD1');
      expect(sent[0]!.data['keyword4']!.value).toBe('门未打开');
    });

    it('reports low shelves once per machine until they are refilled', async () => {
      const goods = ok<{ goods_id: number }>(
        await call('/api/v1/g/addPrivate', { goods_name: 'Cola', price: 300 }),
      ).goods_id;
      const { channelIds } = await addMachine(t, {
        merchantId: main.merchantId,
        sn: '7000000005',
        areaId: area,
        storeId: mall,
        threshold: 2,
        shelves: [
          { channel_sn: 1, goods_id: goods, quantity: 1, capacity: 10 },
          { channel_sn: 2, goods_id: goods, quantity: 9, capacity: 10 },
          { channel_sn: 3, goods_id: null, quantity: 0, capacity: 10 },
        ],
      });
      await recipient('sbx_stock_001', { permission: ['lowStock'] });
      await jobs();
      let sent = await outbox();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data['keyword3']!.value).toBe('1号（Shelf 1）剩余1');
      t.clock.advance(2 * MINUTE);
      await jobs();
      expect(await outbox()).toHaveLength(1);
      const setQuantity = (id: number, quantity: number) =>
        t.db.kysely.updateTable('channels').set({ quantity }).where('id', '=', id).execute();
      await setQuantity(channelIds[0]!, 8);
      t.clock.advance(2 * MINUTE);
      await jobs();
      await setQuantity(channelIds[0]!, 2);
      t.clock.advance(2 * MINUTE);
      await jobs();
      sent = await outbox();
      expect(sent).toHaveLength(2);
      expect(sent[0]!.data['keyword3']!.value).toBe('1号（Shelf 1）剩余2');
    });

    it('warns of apps expiring in under 30 days and of expired ones, once each', async () => {
      await recipient('sbx_apps_0001', { permission: ['appExpiry'] });
      await setApp(t, main.merchantId, 'Stock', { expireAt: t.clock.now + 10 * 86_400_000 });
      await delivery().scanAppExpiry();
      await delivery().scanAppExpiry();
      await jobs();
      let sent = await outbox();
      expect(sent.map((m) => m.data['first']!.value)).toEqual(['应用即将到期']);
      expect(sent[0]!.data['keyword1']!.value).toBe('库存');
      t.clock.advance(11 * 86_400_000);
      await delivery().scanAppExpiry();
      await jobs();
      sent = await outbox();
      expect(sent.map((m) => m.data['first']!.value)).toEqual(['应用已到期', '应用即将到期']);
    });

    it('gives up on a person who blocked the messages, and retries passing failures', async () => {
      await addMachine(t, { merchantId: main.merchantId, sn: '7000000006', areaId: area, storeId: mall });
      await recipient('sbx_gone_0001', { permission: ['abnormalOrder'] });
      t.services.providers.sandboxes.messaging!.refuseMessagesTo('sbx_gone_0001');
      await delivery().abnormalOrder({ sn: '7000000006', orderNo: 'X1', fault: 1, at: t.clock.now });
      await jobs();
      const [row] = await t.db.kysely.selectFrom('notify_messages').selectAll().execute();
      expect(row).toMatchObject({ status: 'failed', attempts: 1, error: '43004 require subscribe' });
      expect(await outbox()).toEqual([]);
    });

    it('hears machines going offline and coming back through the device gateway', async () => {
      const [device] = await provision(t, 'vm');
      await bind(t, main.user, device!);
      ok(await call('/api/v1/d/editDev', { sn: device!.sn, store_id: mall }));
      await recipient('sbx_all_00001', { permission: ['deviceStatus', 'abnormalOrder'] });
      const gateway = await runGateway(t);
      const sim = machine(t, gateway, device!);
      try {
        await sim.start();
        await eventually(async () => {
          const row = await t.db.kysely
            .selectFrom('devices')
            .select('alive')
            .where('sn', '=', device!.sn)
            .executeTakeFirstOrThrow();
          expect(row.alive).toBe(1);
        });
        await sim.stop({ graceful: false });
        await eventually(async () => {
          await t.services.notifications.idle();
          const rows = await t.db.kysely.selectFrom('notify_messages').select('template').execute();
          expect(rows.map((r) => r.template)).toEqual(['deviceOffline']);
        });
        t.clock.advance(OFFLINE_GRACE_MS);
        // The gateway's own dispatch may hold the message while this job runs; either way it is sent once.
        await eventually(async () => {
          await jobs();
          expect((await outbox()).map((m) => m.template)).toEqual(['deviceOffline']);
        });
      } finally {
        await sim.stop({ graceful: false }).catch(() => undefined);
        await gateway.close();
      }
    });
  });

  describe('job leases', () => {
    it('lets one process run a job until its lease runs out', async () => {
      const a = new JobLease(t.db.kysely, t.clock.read);
      const b = new JobLease(t.db.kysely, t.clock.read);
      expect(await a.acquire('job', 30_000)).toBe(true);
      expect(await b.acquire('job', 30_000)).toBe(false);
      expect(await a.acquire('job', 30_000)).toBe(true);
      t.clock.advance(30_000);
      expect(await b.acquire('job', 30_000)).toBe(true);
      expect(await a.acquire('job', 30_000)).toBe(false);
      await b.release('job');
      expect(await a.acquire('job', 30_000)).toBe(true);
    });
  });
});
