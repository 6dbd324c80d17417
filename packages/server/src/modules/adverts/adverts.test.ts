import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADVERTS_ENABLED_MAX, type Advert, type ShownAd } from '@vendo/contract/api/adverts';
import type { GoodsImage } from '@vendo/contract/api/catalog';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { SimMachine } from '@vendo/device-sim/machine';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import {
  mainAccount,
  ok,
  postMultipart,
  SAMPLE_IMAGES,
  setApp,
  type Caller,
} from '../catalog/catalog-testing';
import { bind, eventually, machine, provision, runGateway } from '../devices/device-fixtures';
import type { ProvisionedDevice } from '../devices/provisioning';
import { addArea, addGoods, addStore, standingMachine } from '../orders/order-fixtures';

const DAY = 86_400_000;
const png = { filename: 'ad.png', type: 'image/png', data: SAMPLE_IMAGES.png };

/**
 * Advertisements (issue 18, docs/marketing.md "Advertisements"): /advertisement's calls and every rule at its own
 * rcode, another merchant's plans out of reach, the purchase page's ads by scope, and the machines' ads over the
 * device protocol (pushed when a plan changes, sent again to a machine that was away, withdrawn when disabled).
 */
describe.each(dialects())('advertisements on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let other: Caller;
  let mall: number;
  let port: number;
  let image: string;
  const dataDir = `/tmp/vendo-adverts-test-${process.pid}-${dialect}`;

  beforeEach(async () => {
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
    owner = await mainAccount(t, '13900001801');
    other = await mainAccount(t, '13900001802');
    const area = await addArea(t, owner, 'North');
    mall = await addStore(t, owner, area, 'Mall', 'manual');
    port = await addStore(t, owner, area, 'Port', 'manual');
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    await standingMachine(t, owner, { sn: '18001', areaId: area, storeId: mall, goods: [cola] });
    await standingMachine(t, owner, { sn: '18002', areaId: area, storeId: port, goods: [cola] });
    image = ok<GoodsImage>(await postMultipart(t, '/api/v1/g/upload', { file: png }, owner.headers)).url;
  });
  afterEach(async () => {
    await t.services.adverts.idle();
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) => t.call(path, body, caller.headers);
  const form = (change: Record<string, unknown> = {}) => ({
    name: 'Summer drinks',
    type: 1,
    scope: 'all',
    text: 'Cold drinks at the Mall',
    link: 'https://example.com/summer',
    ...change,
  });
  const add = async (change: Record<string, unknown> = {}, caller: Caller = owner) =>
    ok<{ advert_id: number }>(await call('/api/v1/b/addAdvert', form(change), caller)).advert_id;
  const list = async (condition: Record<string, unknown> = {}, caller: Caller = owner) =>
    ok<{ data: Advert[]; count: number }>(await call('/api/v1/b/getAdvert', { condition }, caller));
  const ads = async (sn: string) =>
    ok<{ data: ShownAd[] }>(await t.call('/p/v1/buy/getAds', { sn }, {})).data;
  const enable = async (id: number, status: 0 | 1 = 1) =>
    ok(await call('/api/v1/b/setAdvertStatus', { advert_id: id, status }));

  it('adds a plan disabled, lists it with type, scope and status, and enables and disables it', async () => {
    const id = await add({ scope: 'stores', store_ids: [mall] });
    const [plan] = (await list()).data;
    expect(plan).toMatchObject({
      advert_id: id,
      name: 'Summer drinks',
      type: 1,
      scope: 'stores',
      store_ids: [mall],
      targets: [{ id: String(mall), name: 'Mall' }],
      text: 'Cold drinks at the Mall',
      link: 'https://example.com/summer',
      status: 0,
    });
    expect(await ads('18001')).toEqual([]);
    expect(await enable(id)).toEqual({ advert_id: id, status: 1 });
    expect((await list({ status: 1 })).count).toBe(1);
    expect((await list({ status: 0 })).count).toBe(0);
    expect((await list({ keyword: 'summer' })).count).toBe(1);
    expect((await list({ keyword: 'winter' })).count).toBe(0);
    // Shown on the Mall's machine only.
    expect(await ads('18001')).toEqual([
      expect.objectContaining({ advert_id: id, type: 1, text: 'Cold drinks at the Mall', coupon: null }),
    ]);
    expect(await ads('18002')).toEqual([]);
    await enable(id, 0);
    expect(await ads('18001')).toEqual([]);
  });

  it('keeps only the fields of the plan’s type, and edits move it to other machines', async () => {
    const id = await add({ type: 2, image, app_id: 'wx123', web_url: 'https://example.com/page' });
    const [plan] = (await list()).data;
    expect(plan).toMatchObject({
      type: 2,
      image,
      link: 'https://example.com/summer',
      text: '',
      app_id: '',
      web_url: '',
    });
    await enable(id);
    expect((await ads('18002'))[0]).toMatchObject({ type: 2, image });
    ok(
      await call('/api/v1/b/editAdvert', {
        ...form({ type: 3, web_url: 'https://example.com/page', scope: 'machines', sns: ['18001'] }),
        advert_id: id,
      }),
    );
    const [edited] = (await list()).data;
    expect(edited).toMatchObject({
      type: 3,
      image: '',
      link: '',
      text: '',
      web_url: 'https://example.com/page',
    });
    expect(edited?.sns).toEqual(['18001']);
    expect(edited?.targets).toEqual([{ id: '18001', name: expect.any(String) as string }]);
    expect(edited?.status).toBe(1);
    expect(await ads('18002')).toEqual([]);
    expect((await ads('18001'))[0]).toMatchObject({ type: 3, web_url: 'https://example.com/page' });
    ok(await call('/api/v1/b/delAdvert', { advert_id: id }));
    expect((await list()).count).toBe(0);
    expect(await ads('18001')).toEqual([]);
  });

  it('answers every rule with its own code', async () => {
    const refused = async (change: Record<string, unknown>, rcode: number) =>
      expect((await call('/api/v1/b/addAdvert', form(change))).rcode, JSON.stringify(change)).toBe(rcode);
    await refused({ text: '' }, RCODE.ADVERT_TEXT_REQUIRED);
    await refused({ link: '' }, RCODE.ADVERT_LINK_INVALID);
    await refused({ link: 'example.com' }, RCODE.ADVERT_LINK_INVALID);
    await refused({ link: 'ftp://example.com/x' }, RCODE.ADVERT_LINK_INVALID);
    await refused({ link: 'javascript:alert(1)' }, RCODE.ADVERT_LINK_INVALID);
    await refused({ type: 2, image: '' }, RCODE.ADVERT_IMAGE_REQUIRED);
    await refused({ type: 2, image: 'https://elsewhere.example/a.png' }, RCODE.ADVERT_IMAGE_UNKNOWN);
    await refused({ type: 3, web_url: 'http://' }, RCODE.ADVERT_WEB_URL_INVALID);
    await refused({ type: 4 }, RCODE.ADVERT_COUPON_REQUIRED);
    await refused({ type: 4, coupon_id: 99999 }, RCODE.ADVERT_COUPON_UNKNOWN);
    await refused({ type: 5 }, RCODE.ADVERT_APP_ID_INVALID);
    await refused({ type: 6, app_id: 'bad id!' }, RCODE.ADVERT_APP_ID_INVALID);
    await refused({ type: 5, app_id: 'wx1', link: 'pages/index' }, RCODE.ADVERT_LINK_INVALID);
    await refused({ type: 7 }, RCODE.ADVERT_PLACEMENT_INVALID);
    await refused({ scope: 'stores', store_ids: [] }, RCODE.ADVERT_SCOPE_EMPTY);
    await refused({ scope: 'machines' }, RCODE.ADVERT_SCOPE_EMPTY);
    await refused({ type: 8 }, RCODE.INVALID_PARAM);
    await refused({ name: '' }, RCODE.INVALID_PARAM);
    await refused({ scope: 'goods' }, RCODE.INVALID_PARAM);
    // Another merchant's image, store, machine and coupon are not this merchant's.
    const theirImage = ok<GoodsImage>(
      await postMultipart(
        t,
        '/api/v1/g/upload',
        { file: { ...png, data: SAMPLE_IMAGES.gif, type: 'image/gif', filename: 'x.gif' } },
        other.headers,
      ),
    ).url;
    await refused({ type: 2, image: theirImage }, RCODE.ADVERT_IMAGE_UNKNOWN);
    const theirArea = await addArea(t, other, 'South');
    const theirStore = await addStore(t, other, theirArea, 'Theirs', 'manual');
    await refused({ scope: 'stores', store_ids: [mall, theirStore] }, RCODE.ADVERT_TARGET_UNKNOWN);
    await standingMachine(t, other, { sn: '18009', areaId: theirArea, storeId: theirStore, goods: [] });
    await refused({ scope: 'machines', sns: ['18009'] }, RCODE.ADVERT_TARGET_UNKNOWN);
    const today = zonedDay(t.clock.now, 'Asia/Shanghai');
    const coupon = {
      name: 'Theirs',
      type: 'reduce',
      reduce: 50,
      scope: 'all',
      quantity: 5,
      receive_limit: 1,
      receive_start: today,
      receive_end: zonedDay(t.clock.now + 7 * DAY, 'Asia/Shanghai'),
      use_start: today,
      use_end: zonedDay(t.clock.now + 30 * DAY, 'Asia/Shanghai'),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    };
    const theirCoupon = ok<{ coupon_id: number }>(await call('/api/v1/b/addCoupon', coupon, other)).coupon_id;
    await refused({ type: 4, coupon_id: theirCoupon }, RCODE.ADVERT_COUPON_UNKNOWN);
    // Nothing was stored.
    expect((await list()).count).toBe(0);
  });

  it('hands out a coupon plan’s coupon on the page, and leaves the plan out once the coupon is deleted', async () => {
    const today = zonedDay(t.clock.now, 'Asia/Shanghai');
    const couponId = ok<{ coupon_id: number }>(
      await call('/api/v1/b/addCoupon', {
        name: '2 off',
        type: 'reduce',
        reduce: 200,
        scope: 'all',
        quantity: 5,
        receive_limit: 1,
        receive_start: today,
        receive_end: zonedDay(t.clock.now + 7 * DAY, 'Asia/Shanghai'),
        use_start: today,
        use_end: zonedDay(t.clock.now + 30 * DAY, 'Asia/Shanghai'),
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      }),
    ).coupon_id;
    const id = await add({ type: 4, coupon_id: couponId, text: 'ignored' });
    expect((await list()).data[0]).toMatchObject({
      coupon_id: couponId,
      coupon_name: '2 off',
      text: '',
      link: '',
    });
    await enable(id);
    expect((await ads('18001'))[0]?.coupon).toEqual({
      coupon_id: couponId,
      name: '2 off',
      type: 'reduce',
      rate: 0,
      reduce: 200,
      condition: 0,
    });
    ok(await call('/api/v1/b/delCoupon', { coupon_id: couponId }));
    expect(await ads('18001')).toEqual([]);
    expect((await list()).data[0]?.coupon_name).toBe('2 off');
  });

  it('keeps other merchants’ plans out of reach and limits enabled plans', async () => {
    const id = await add();
    expect((await list({}, other)).count).toBe(0);
    for (const [path, body] of [
      ['/api/v1/b/editAdvert', { ...form(), advert_id: id }],
      ['/api/v1/b/setAdvertStatus', { advert_id: id, status: 1 }],
      ['/api/v1/b/delAdvert', { advert_id: id }],
    ] as const) {
      expect((await call(path, body, other)).rcode, path).toBe(RCODE.ADVERT_NOT_FOUND);
    }
    expect((await list()).data[0]?.status).toBe(0);
    for (let i = 0; i < ADVERTS_ENABLED_MAX; i++) await enable(await add({ name: `Plan ${i}` }));
    expect((await call('/api/v1/b/setAdvertStatus', { advert_id: id, status: 1 })).rcode).toBe(
      RCODE.ADVERT_ENABLED_LIMIT,
    );
    expect((await ads('18001')).length).toBe(ADVERTS_ENABLED_MAX);
    expect((await t.call('/p/v1/buy/getAds', { sn: '99999' }, {})).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
  });

  it('refuses every caller while the Advertisement app is expired', async () => {
    await setApp(t, owner.merchantId, 'Advertisement', { expireAt: t.clock.now - 1 });
    expect((await call('/api/v1/b/getAdvert', {})).rcode).toBe(RCODE.APP_EXPIRED);
    expect((await call('/api/v1/b/addAdvert', form())).rcode).toBe(RCODE.APP_EXPIRED);
  });

  describe('on a machine online', () => {
    let gw: Awaited<ReturnType<typeof runGateway>>;
    let device: ProvisionedDevice;
    let sim: SimMachine;

    beforeEach(async () => {
      [device] = (await provision(t, 'vm')) as [ProvisionedDevice];
      await bind(t, owner.user, device);
      gw = await runGateway(t);
      sim = machine(t, gw, device);
      await sim.start();
      await eventually(() => expect(sim.state.shelves.size).toBe(25));
      // It announced no ads it holds: it was sent the (empty) list.
      await eventually(() => expect(sim.state.adsRev).toBeGreaterThan(0));
    });
    afterEach(async () => {
      await sim.stop({ graceful: false });
      await t.services.adverts.idle();
      await t.services.devices.idle();
      await gw.close();
    });

    it('gets an enabled plan, again after it was away, and loses it when disabled', async () => {
      expect(sim.state.ads).toEqual([]);
      const first = await add({ scope: 'machines', sns: [device.sn] });
      await enable(first);
      await eventually(() => expect(sim.state.ads.map((a) => a.id)).toEqual([first]));
      expect(sim.state.ads[0]).toMatchObject({
        type: 1,
        text: 'Cold drinks at the Mall',
        link: 'https://example.com/summer',
      });
      const held = sim.state.adsRev;

      // Away while a second plan is enabled: on its next connect it announces the old revision and gets the new list.
      await sim.stop({ graceful: true });
      await eventually(async () => {
        const row = await t.db.kysely
          .selectFrom('devices')
          .select('alive')
          .where('sn', '=', device.sn)
          .executeTakeFirstOrThrow();
        expect(row.alive).toBe(0);
      });
      const second = await add({ name: 'Image', type: 2, image });
      await enable(second);
      await t.services.adverts.idle();
      expect(sim.state.ads.map((a) => a.id)).toEqual([first]);
      await sim.start();
      await eventually(() => expect(sim.state.ads.map((a) => a.id)).toEqual([first, second]));
      expect(sim.state.adsRev).toBeGreaterThan(held);
      expect(sim.state.ads[1]?.image).toBe(image);

      // Disabled: withdrawn at once; the revision acknowledged is the current one.
      await enable(first, 0);
      await eventually(() => expect(sim.state.ads.map((a) => a.id)).toEqual([second]));
      await t.services.adverts.idle();
      const rev = await t.db.kysely
        .selectFrom('advert_machine_revs')
        .innerJoin('devices', 'devices.id', 'advert_machine_revs.device_id')
        .select(['rev', 'acked_rev'])
        .where('devices.sn', '=', device.sn)
        .executeTakeFirstOrThrow();
      expect(rev.acked_rev).toBe(rev.rev);
      expect(sim.state.adsRev).toBe(rev.rev);

      // Moved into the Mall, it gets the Mall's plan at once; moved out, it loses it.
      const mallPlan = await add({ name: 'Mall only', scope: 'stores', store_ids: [mall] });
      await enable(mallPlan);
      await t.services.adverts.idle();
      expect(sim.state.ads.map((a) => a.id)).toEqual([second]);
      ok(await call('/api/v1/d/editDev', { sn: device.sn, store_id: mall }));
      await eventually(() => expect(sim.state.ads.map((a) => a.id)).toEqual([second, mallPlan]));
      ok(await call('/api/v1/d/editDev', { sn: device.sn, store_id: port }));
      await eventually(() => expect(sim.state.ads.map((a) => a.id)).toEqual([second]));
      await t.services.adverts.idle();

      // Reconnecting in step sends nothing.
      const sent = sim.commands.filter((c) => c.name === 'ads').length;
      await sim.stop({ graceful: true });
      await sim.start();
      await eventually(() => expect(sim.connected).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.services.adverts.idle();
      expect(sim.commands.filter((c) => c.name === 'ads').length).toBe(sent);
    });
  });
});
