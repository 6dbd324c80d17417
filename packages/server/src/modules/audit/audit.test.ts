import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditEntryDetail } from '@vendo/contract/api/audit';
import { RCODE } from '@vendo/contract/rcodes';
import { md5 } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { addMachine, mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { bind, brokerEnv, provision } from '../devices/device-fixtures';
import type { ProvisionedDevice } from '../devices/provisioning';
import { diffFields, masked } from './audit-log';
import {
  addArea,
  addGoods,
  addStore,
  calmSandbox,
  customerPays,
  settle,
  standingMachine,
  virtualMachines,
} from '../orders/order-fixtures';

type Page = { data: AuditEntry[]; count: number; range: { start_time: number; end_time: number } };
const PHONE = '13900000701';
const UA = 'Mozilla/5.0 (audit test) MicroMessenger';

describe.each(dialects())('audit log on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect, brokerEnv('embedded'));
    owner = await mainAccount(t, PHONE);
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, caller: Caller = owner) =>
    t.call(path, body, { ...caller.headers, 'user-agent': UA, 'x-forwarded-for': '203.0.113.9' });
  const list = async (condition: Record<string, unknown> = {}, caller: Caller = owner) =>
    ok<Page>(await call('/api/v1/u/getAuditLog', { condition, pageSize: 100 }, caller));
  const kinds = async () => (await list()).data.map((e) => `${e.kind}:${e.action}`).reverse();

  it('records logins, refused ones too, and logouts, with who, the address and the user agent', async () => {
    const login = (password: string) =>
      t.call(
        '/p/v1/login',
        { username: PHONE, password },
        { 'user-agent': UA, 'x-forwarded-for': '198.51.100.7' },
      );
    expect((await login('wrong-password-1')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
    // An account nobody has: no merchant to show it to.
    expect((await t.call('/p/v1/login', { username: '13900000799', password: 'whatever-1' })).rcode).toBe(
      RCODE.WRONG_CREDENTIALS,
    );
    const session = ok<{ token: string; secret: string }>(await login('secret123'));
    ok(
      await t.call(
        '/api/v1/u/logout',
        {},
        { token: session.token, secret: session.secret, 'user-agent': UA },
      ),
    );

    const page = await list();
    expect(page.data.map((e) => e.action)).toEqual(['logout', 'login', 'login_failed']);
    expect(page.data[2]).toMatchObject({
      kind: 'login',
      actor_kind: 'account',
      actor_id: owner.userId,
      ip: '198.51.100.7',
      user_agent: UA,
      call: '/p/v1/login',
      target_type: 'user',
      target_name: PHONE,
    });
    const rows = await t.db.kysely.selectFrom('audit_log').select('merchant_id').execute();
    expect(rows.every((r) => Number(r.merchant_id) === owner.merchantId)).toBe(true);
  });

  it('records staff, roles and passwords with before and after, never the secrets', async () => {
    const clerk = await staffAccount(t, owner, { account: 'clerk', perms: [1021] });
    ok(await call('/api/v1/u/editOprPwd', { old_oper_pwd: '', new_oper_pwd: md5('123456') }));
    ok(
      await call('/api/v1/u/resetSubUserPwd', {
        sub_userid: clerk.userId,
        password: 'new-pass-22',
        confirm_password: 'new-pass-22',
      }),
    );
    // A refused change leaves nothing: a role name taken.
    expect(
      (await call('/api/v1/a/addRole', { name: 'Role clerk', note: 'x', permissions: [1021] })).rcode,
    ).toBe(RCODE.INVALID_PARAM);
    expect(await kinds()).toEqual([
      'role:create',
      'staff:create',
      // staffAccount logs the clerk in.
      'login:login',
      'oper_password:set',
      'password:reset',
    ]);
    const staffEntry = (await list({ kind: 'staff' })).data[0]!;
    const detail = ok<{ data: AuditEntryDetail }>(
      await call('/api/v1/u/getAuditEntry', { id: staffEntry.id }),
    );
    expect(detail.data.changes).toEqual(
      expect.arrayContaining([
        { field: 'username', before: null, after: 'clerk' },
        { field: 'password', before: null, after: '***' },
      ]),
    );
    const text = JSON.stringify(await t.db.kysely.selectFrom('audit_log').select('changes').execute());
    expect(text).not.toContain('new-pass-22');
    expect(text).not.toContain(md5('123456'));
  });

  it('records binding, shelf prices, goods prices and stock in their transactions; a refused change leaves none', async () => {
    const [device] = (await provision(t, 'vm')) as [ProvisionedDevice];
    await bind(t, owner.user, device);
    const cola = ok<{ goods_id: number }>(
      await call('/api/v1/g/addPrivate', { goods_name: 'Cola', price: 300 }),
    ).goods_id;
    ok(await call('/api/v1/g/editPrivate', { goods_id: cola, goods_name: 'Cola', price: 350 }));
    const shelves = ok<{ data: Array<{ id: number; channel_sn: number }> }>(
      await call('/api/v1/c/getDevChannel', { sn: device.sn }),
    ).data;
    ok(
      await call('/api/v1/c/setChannelInfo', {
        sn: device.sn,
        id: shelves[0]!.id,
        name: 'Cola 330ml',
        price: 400,
        game_price: 100,
        quantity: 6,
        capacity: 8,
        probability: 25,
        difficulty: 'hard',
        enabled: 1,
        goods_id: cola,
      }),
    );
    const entry = ok<{ _id: number }>(
      await call('/api/v1/i/addStock', { goods_id: cola, inventory: 10 }),
    )._id;
    // More than there is: refused, rolled back, no entry.
    expect((await call('/api/v1/i/editStock', { _id: entry, oper_type: 1, inventory: 11 })).rcode).toBe(
      RCODE.STOCK_NOT_ENOUGH,
    );
    ok(await call('/api/v1/i/editStock', { _id: entry, oper_type: 1, inventory: 4 }));
    ok(await call('/api/v1/d/unbind', { sn: device.sn }));

    expect(await kinds()).toEqual([
      'binding:bind',
      'price:goods_price',
      'price:price',
      'stock:create',
      'stock:reduce',
      'binding:unbind',
    ]);
    const machine = await list({ sn: device.sn });
    expect(machine.data.map((e) => e.action)).toEqual(['unbind', 'price', 'bind']);
    const price = machine.data[1]!;
    const detail = ok<{ data: AuditEntryDetail }>(await call('/api/v1/u/getAuditEntry', { id: price.id }));
    expect(detail.data.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', before: 2, after: 400 },
        { field: 'goods_id', before: null, after: cola },
      ]),
    );
    const stock = (await list({ kind: 'stock' })).data[0]!;
    expect(
      ok<{ data: AuditEntryDetail }>(await call('/api/v1/u/getAuditEntry', { id: stock.id })).data.changes,
    ).toEqual([{ field: 'inventory', before: 10, after: 6 }]);
  });

  it('is the main account’s: staff are refused, another merchant sees none of it, filters by who', async () => {
    const clerk = await staffAccount(t, owner, { account: 'clerk', perms: [1033, 1021] });
    const rival = await mainAccount(t, '13900000702');
    const forbidden = await call('/api/v1/u/getAuditLog', {}, clerk);
    expect(forbidden.rcode).toBe(RCODE.FORBIDDEN);
    expect((await call('/api/v1/u/auditReport', { condition: {} }, clerk)).rcode).toBe(RCODE.FORBIDDEN);
    const own = (await list()).data[0]!;
    expect((await call('/api/v1/u/getAuditEntry', { id: own.id }, clerk)).rcode).toBe(RCODE.FORBIDDEN);
    expect((await call('/api/v1/u/getAuditEntry', { id: own.id }, rival)).rcode).toBe(RCODE.NOT_FOUND);
    expect((await list({}, rival)).count).toBe(0);
    expect((await list({ actor: owner.userId })).count).toBe(2);
    // The clerk's own login.
    expect((await list({ actor: clerk.userId })).data.map((e) => e.action)).toEqual(['login']);
  });

  it('refuses a machine the merchant never had (not an empty list), in the list and the file', async () => {
    const rival = await mainAccount(t, '13900000703');
    await addMachine(t, { merchantId: rival.merchantId, sn: '71077', areaId: null, storeId: null });
    await addMachine(t, { merchantId: owner.merchantId, sn: '71078', areaId: null, storeId: null });
    for (const sn of ['71077', '79999']) {
      expect(await call('/api/v1/u/getAuditLog', { condition: { sn } })).toMatchObject({
        rcode: RCODE.DEVICE_NOT_FOUND,
        msg: 'Device does not exist',
      });
      expect((await call('/api/v1/u/auditReport', { condition: { sn } })).rcode).toBe(RCODE.DEVICE_NOT_FOUND);
    }
    expect(
      await t.call(
        '/api/v1/u/getAuditLog',
        { condition: { sn: '71077' } },
        { ...owner.headers, lang: 'zh-TW' },
      ),
    ).toMatchObject({ rcode: RCODE.DEVICE_NOT_FOUND, msg: '設備不存在' });
    // The rival's own machine and the owner's filter as before.
    expect((await list({ sn: '71077' }, rival)).count).toBe(0);
    expect((await list({ sn: '71078' })).count).toBe(0);
    ok(await call('/api/v1/u/auditReport', { condition: { sn: '71078' } }));
  });

  it('checks the shared range rule, downloads a file, and keeps entries for the retention only', async () => {
    ok(await call('/api/v1/a/addRole', { name: 'Clerk', note: 'x', permissions: [1021] }));
    const tooEarly = await call('/api/v1/u/getAuditLog', {
      condition: { start_time: t.clock.now - 1000 * 86_400_000, end_time: t.clock.now },
    });
    expect(tooEarly.rcode).toBe(RCODE.INVALID_PARAM);
    expect(tooEarly.msg).toContain('The start is too far back');

    const link = ok<{ url: string; filename: string }>(
      await call('/api/v1/u/auditReport', { condition: { kind: 'role' }, format: 'csv' }),
    );
    expect(link.filename).toMatch(/^Audit log_\d{4}-\d\d-\d\d\.csv$/);
    const file = await t.app.inject({ method: 'GET', url: link.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Role');
    expect(file.body).toContain('Clerk');

    t.clock.advance(401 * 86_400_000);
    await t.services.audit.service.prune();
    expect(await t.db.kysely.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });
});

describe.each(dialects())('audit log of money and the platform on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let restore: () => void;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t, { autoNotify: false });
    owner = await mainAccount(t, PHONE);
    const cola = await addGoods(t, owner.merchantId, 'Cola', 300, 120);
    const area = await addArea(t, owner, 'North');
    const store = await addStore(t, owner, area, 'Mall');
    await standingMachine(t, owner, { sn: '71001', areaId: area, storeId: store, goods: [cola] });
    restore = virtualMachines(t);
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const entries = () =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('kind', '!=', 'login').orderBy('id').execute();

  it('records a refund with the order and machine, a bank card masked, and an app grant by the platform', async () => {
    const order = await customerPays(t, '71001', 1);
    const notice = await t.services.orders.sandbox!.paymentNotice(order.order_no);
    await t.services.orders.payments.onNotification('wechat', notice!.headers, notice!.body);
    await settle(t);
    ok(await t.call('/api/v1/b/refund', { orderno: order.order_no, remarks: 'asked' }, owner.headers));
    ok(
      await t.call(
        '/api/v1/k/addBank',
        {
          acct_name: 'Holder',
          acct_cert_no: '11010519491231002X',
          cert_start_date: '2020-01-01',
          cert_expire_date: '2040-01-01',
          bank_code: '102',
          bank_province: '110000',
          bank_city: '110100',
          bank_branch: 'Branch',
          acct_no: '6222020200112233445',
          acct_mobile: '13800138000',
          prov_code: '110000',
          city_code: '110100',
          area_code: '110101',
          address: 'Street 1',
        },
        owner.headers,
      ),
    );
    await t.services.apps.grant(owner.merchantId, 'Member', t.clock.now + 86_400_000, [], t.clock.now);

    const rows = await entries();
    expect(rows.map((r) => `${r.kind}:${r.action}`)).toEqual([
      'refund:manual',
      'bank_card:create',
      'app_grant:extend',
    ]);
    expect(rows[0]).toMatchObject({ target_type: 'order', target_id: order.order_no, machine_sn: '71001' });
    expect(JSON.parse(rows[0]!.changes)).toEqual(
      expect.arrayContaining([{ field: 'refund_fee', before: null, after: 300 }]),
    );
    expect(rows[2]).toMatchObject({ actor_kind: 'platform', call: 'admin:grant', target_id: 'Member' });
    const card = rows[1]!.changes;
    expect(card).toContain('****3445');
    expect(card).not.toContain('6222020200112233445');
    expect(card).not.toContain('11010519491231002X');
    expect(card).not.toContain('13800138000');
  });
});

describe('audit changes', () => {
  it('keep only that a secret changed, and the last 4 of card and ID numbers', () => {
    expect(masked({ field: 'oper_pwd', before: 'a', after: 'b' })).toEqual({
      field: 'oper_pwd',
      before: '***',
      after: '***',
    });
    expect(masked({ field: 'acct_no', before: null, after: '6222020200112233445' })).toEqual({
      field: 'acct_no',
      before: null,
      after: '****3445',
    });
    expect(diffFields({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toEqual([{ field: 'b', before: 'x', after: 'y' }]);
  });
});
