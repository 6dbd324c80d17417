import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@vendo/contract/api/account';
import type { PassportAccount } from '@vendo/contract/api/passport';
import { RCODE } from '@vendo/contract/rcodes';
import { sessionHeaders } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { browse, followOAuth } from './oauth-browser';

interface LoginInfo {
  account_list: PassportAccount[];
  login_info: { nickname: string; headimgurl: string; account: string; login_type: string };
}

describe.each(dialects())('messaging-app login and linked accounts on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
  });

  /** The hand-over's token and secret as the headers of the passport calls. */
  const handed = (page: URL) => ({
    token: page.searchParams.get('token') ?? '',
    secret: page.searchParams.get('secret') ?? '',
  });
  const wxLogin = (user: string, nickname?: string) =>
    followOAuth(t, '/wxlogin/888888', { user, ...(nickname ? { nickname } : {}) });

  it('offers the login on the pay site’s wxlogin/{agentId}, labelled as the sandbox', async () => {
    const config = ok<{ wechatLogin: unknown; sandbox: { messaging: boolean } }>(
      await t.call('/p/v1/getAppConfig', {}),
    );
    expect(config.wechatLogin).toEqual({ configured: true, url: '/wxlogin/888888' });
    expect(config.sandbox.messaging).toBe(true);
    const paid = await createTestApp(dialect, { PAY_DOMAIN: 'pay.example.com' });
    try {
      const answer = ok<{ wechatLogin: unknown }>(await paid.call('/p/v1/getAppConfig', { agent: 'nope' }));
      expect(answer.wechatLogin).toEqual({ configured: true, url: 'https://pay.example.com/wxlogin/888888' });
    } finally {
      await paid.close();
    }
  });

  it('runs the OAuth redirect, code and token steps and hands a bind ticket to /BindPassport', async () => {
    const jar = new Map<string, string>();
    const start = await browse(t, '/wxlogin/888888', jar);
    expect(start.status).toBe(302);
    const authorize = new URL(start.location, 'http://localhost');
    expect(authorize.pathname).toBe('/p/v1/dev/oauth2/authorize');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:80/p/v1/wxoauth/callback');
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(jar.has('vendo_oauth')).toBe(true);

    const page = await followOAuth(t, '/wxlogin/888888', { user: 'sbx_alice_0001', nickname: 'Alice', jar });
    expect(page.pathname).toBe('/BindPassport');
    const ticket = handed(page);
    expect(ticket.token).toMatch(/^[0-9a-f]{64}$/);
    const info = ok<LoginInfo>(await t.call('/api/v1/u/getPassportLoginInfo', {}, ticket));
    expect(info.account_list).toEqual([]);
    expect(info.login_info).toMatchObject({ nickname: 'Alice', account: '', login_type: 'wechat' });
    expect(info.login_info.headimgurl).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('refuses a callback without its cookie, with a spent code, or refused by the person', async () => {
    const jar = new Map<string, string>();
    const start = await browse(t, '/wxlogin/888888', jar);
    const authorize = new URL(start.location, 'http://localhost');
    const approved = await browse(
      t,
      `${authorize.pathname}${authorize.search}&sandbox_user=sbx_bob_00001`,
      jar,
    );
    const callback = new URL(approved.location);
    const stranger = await browse(t, `${callback.pathname}${callback.search}`, new Map());
    expect(new URL(stranger.location, 'http://localhost').searchParams.get('enMsg')).toBe(
      'Messaging-app authorization failed, please try again',
    );
    const good = await browse(t, `${callback.pathname}${callback.search}`, new Map(jar));
    expect(new URL(good.location, 'http://localhost').pathname).toBe('/BindPassport');
    // The code was spent, and the cookie is gone after a callback.
    const again = await browse(t, `${callback.pathname}${callback.search}`, jar);
    expect(new URL(again.location, 'http://localhost').pathname).toBe('/error');
    const refused = await browse(
      t,
      `/p/v1/wxoauth/callback?state=${callback.searchParams.get('state')}`,
      jar,
    );
    expect(new URL(refused.location, 'http://localhost').pathname).toBe('/error');
    // The sandbox page sends codes back to this server only.
    const elsewhere = await browse(
      t,
      `/p/v1/dev/oauth2/authorize?appid=wx00000000sandbox&response_type=code&scope=snsapi_userinfo&state=x&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
      jar,
    );
    expect(elsewhere.status).toBe(400);
  });

  it('binds an account with its password, then logs straight in to it next time', async () => {
    const ticket = handed(await wxLogin('sbx_alice_0001', 'Alice'));
    expect((await t.call('/api/v1/u/bindPassportAccount', { account: 'x', password: 'y' })).msg).toBe(
      'Failed to get user info',
    );
    const empty = await t.call('/api/v1/u/bindPassportAccount', { account: ' ', password: '' }, ticket);
    expect(empty.rcode).toBe(RCODE.INVALID_PARAM);
    expect(empty.msg).toBe('Please fill in account and password');
    const zh = await t.call('/api/v1/u/bindPassportAccount', {}, { ...ticket, lang: 'zh-CN' });
    expect(zh.msg).toBe('请填写账号和密码');
    const wrong = await t.call(
      '/api/v1/u/bindPassportAccount',
      { account: '13900000001', password: 'nope-nope' },
      ticket,
    );
    expect(wrong.rcode).toBe(RCODE.WRONG_CREDENTIALS);

    const bound = ok<UserInfo>(
      await t.call(
        '/api/v1/u/bindPassportAccount',
        { account: '13900000001', password: 'secret123' },
        ticket,
      ),
    );
    expect(bound).toMatchObject({ username: '13900000001', isMain: true, loginType: 'wechat' });
    // The ticket has done its job.
    expect((await t.call('/api/v1/u/getPassportLoginInfo', {}, ticket)).rcode).toBe(RCODE.SESSION_EXPIRED);

    const page = await wxLogin('sbx_alice_0001');
    expect(page.pathname).toBe('/PassportLoading');
    const session = handed(page);
    const me = ok<UserInfo>(await t.call('/api/v1/u/getUserInfo', {}, session));
    expect(me).toMatchObject({ username: '13900000001', loginType: 'wechat' });
    const info = ok<LoginInfo>(await t.call('/api/v1/u/getPassportLoginInfo', {}, session));
    expect(info.account_list).toEqual([
      expect.objectContaining({
        account: '13900000001',
        is_main: 1,
        current: true,
        merchant_name: 'Test Shop',
      }),
    ]);
    expect(info.login_info.account).toBe('13900000001');
  });

  it('switches between the accounts linked to one identity, with remarks, and unbinds', async () => {
    const staff = await staffAccount(t, main, { account: 'clerk', perms: [1021] });
    const ticket = handed(await wxLogin('sbx_alice_0001'));
    const asMain = ok<UserInfo>(
      await t.call(
        '/api/v1/u/bindPassportAccount',
        { account: '13900000001', password: 'secret123' },
        ticket,
      ),
    );
    t.clock.advance(1000);
    const asStaff = ok<UserInfo>(
      await t.call(
        '/api/v1/u/bindPassportAccount',
        { account: 'clerk@13900000001', password: 'staff-pass-1' },
        sessionHeaders(asMain),
      ),
    );
    expect(asStaff).toMatchObject({ username: 'clerk@13900000001', isMain: false, havePerms: [1021] });
    const list = ok<LoginInfo>(await t.call('/api/v1/u/getPassportLoginInfo', {}, sessionHeaders(asStaff)));
    expect(list.account_list.map((a) => [a.account, a.is_main, a.current])).toEqual([
      ['clerk@13900000001', 0, true],
      ['13900000001', 1, false],
    ]);

    ok(
      await t.call(
        '/api/v1/u/setPassportRemarks',
        { account: '13900000001', remarks: 'Boss' },
        sessionHeaders(asStaff),
      ),
    );
    const switched = ok<UserInfo>(
      await t.call('/api/v1/u/switchAccount', { account: '13900000001' }, sessionHeaders(asStaff)),
    );
    expect(switched).toMatchObject({ username: '13900000001', isMain: true, loginType: 'wechat' });
    // The session it switched from has ended.
    expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(asStaff))).rcode).toBe(
      RCODE.SESSION_EXPIRED,
    );
    const after = ok<LoginInfo>(await t.call('/api/v1/u/getPassportLoginInfo', {}, sessionHeaders(switched)));
    expect(after.account_list.find((a) => a.account === '13900000001')).toMatchObject({
      remarks: 'Boss',
      current: true,
    });

    const other = await mainAccount(t, '13900000002');
    expect(
      (await t.call('/api/v1/u/switchAccount', { account: '13900000002' }, sessionHeaders(switched))).rcode,
    ).toBe(RCODE.PASSPORT_NOT_LINKED);
    // A password session is not a messaging-app identity.
    const notPassport = await t.call('/api/v1/u/getPassportLoginInfo', {}, other.headers);
    expect(notPassport.rcode).toBe(RCODE.NOT_PASSPORT_LOGIN);
    // Another identity cannot reach Alice's accounts.
    const bob = handed(await wxLogin('sbx_bob_00001'));
    expect((await t.call('/api/v1/u/switchAccount', { account: '13900000001' }, bob)).rcode).toBe(
      RCODE.PASSPORT_NOT_LINKED,
    );

    const staffAgain = ok<UserInfo>(
      await t.call('/api/v1/u/switchAccount', { account: 'clerk@13900000001' }, sessionHeaders(switched)),
    );
    // Unlinking the account of the calling session ends it; the identity logs in to what is left.
    ok(
      await t.call('/api/v1/u/unbindPassport', { account: 'clerk@13900000001' }, sessionHeaders(staffAgain)),
    );
    expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(staffAgain))).rcode).toBe(
      RCODE.SESSION_EXPIRED,
    );
    const back = handed(await wxLogin('sbx_alice_0001'));
    const left = ok<LoginInfo>(await t.call('/api/v1/u/getPassportLoginInfo', {}, back));
    expect(left.account_list.map((a) => a.account)).toEqual(['13900000001']);
    // The staff member's own password login is untouched.
    ok(await t.call('/p/v1/login', { username: 'clerk@13900000001', password: 'staff-pass-1' }));
    expect(staff.userId).toBeGreaterThan(0);
  });

  it('drops a removed staff member from the identities linked to it', async () => {
    const staff = await staffAccount(t, main, { account: 'clerk' });
    const ticket = handed(await wxLogin('sbx_carol_001'));
    ok(
      await t.call(
        '/api/v1/u/bindPassportAccount',
        { account: 'clerk@13900000001', password: 'staff-pass-1' },
        ticket,
      ),
    );
    ok(await t.call('/api/v1/u/delSubUser', { sub_userid: staff.userId }, main.headers));
    const page = await wxLogin('sbx_carol_001');
    expect(page.pathname).toBe('/BindPassport');
  });
});
