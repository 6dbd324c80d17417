import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@vendo/contract/api/account';
import type { Role, SubUser } from '@vendo/contract/api/staff';
import { RCODE } from '@vendo/contract/rcodes';
import { md5, sessionHeaders } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, setApp, type Caller } from '../catalog/catalog-testing';

const PASSWORD = 'staff-pass-1';

describe.each(dialects())('staff and roles on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, body: unknown, who: Caller | Record<string, string> = main) =>
    t.call(path, body, 'headers' in who ? (who.headers as Record<string, string>) : who);
  const addRole = (body: Record<string, unknown>, who: Caller = main) =>
    call('/api/v1/a/addRole', { name: 'Clerk', note: 'Shop floor', permissions: [1021], ...body }, who);
  const addStaff = (body: Record<string, unknown>, who: Caller = main) =>
    call(
      '/api/v1/u/addSubUser',
      { sub_username: 'clerk', nickname: 'Li Lei', password: PASSWORD, confirm_password: PASSWORD, ...body },
      who,
    );
  const login = (username: string, password = PASSWORD) => t.call('/p/v1/login', { username, password });
  const staffList = async (body: Record<string, unknown> = {}) =>
    ok<{ data: SubUser[]; count: number }>(await call('/api/v1/u/getSubUser', body));
  const areaAndStores = async () => {
    const area = ok<{ _id: number }>(await call('/api/v1/u/addArea', { name: 'North' }))._id;
    const a = ok<{ _id: number }>(await call('/api/v1/u/addStore', { name: 'Mall', area }))._id;
    const b = ok<{ _id: number }>(await call('/api/v1/u/addStore', { name: 'Square', area }))._id;
    return { area, a, b };
  };

  describe('roles', () => {
    it('needs a name, a note and at least one known permission, each message naming its field', async () => {
      expect((await addRole({ name: '' })).msg).toBe('Role name: Cannot be empty');
      expect((await addRole({ note: ' ' })).msg).toBe('Role note: Cannot be empty');
      const none = await addRole({ permissions: [] });
      expect(none.rcode).toBe(RCODE.INVALID_PARAM);
      expect(none.msg).toBe('Permissions: Please choose at least one permission');
      expect((await addRole({ permissions: [1021, 999] })).msg).toBe('Permissions: Invalid value');
      ok(await addRole({}));
      expect((await addRole({ permissions: '1020' })).msg).toBe(
        'Role name: A role with this name already exists',
      );
      expect(await t.db.kysely.selectFrom('roles').selectAll().execute()).toHaveLength(1);
    });

    it('lists six a page with the permissions split, the comma string and how many staff hold each', async () => {
      for (let i = 1; i <= 7; i++) ok(await addRole({ name: `Role ${i}`, permissions: '1038,1020,1020' }));
      const page = ok<{ data: Role[]; count: number }>(await call('/api/v1/a/getRole', {}));
      expect(page.count).toBe(7);
      expect(page.data).toHaveLength(6);
      expect(page.data[0]).toMatchObject({
        rolename: 'Role 7',
        name: 'Role 7',
        note: 'Shop floor',
        permissions: [1020, 1038],
        perm_detail: '1020,1038',
        staff_count: 0,
      });
      ok(await addStaff({ roleid: page.data[0]!.roleid }));
      const second = ok<{ data: Role[] }>(await call('/api/v1/a/getRole', { pageNum: 2 }));
      expect(second.data.map((r) => r.rolename)).toEqual(['Role 1']);
      const filtered = ok<{ data: Role[] }>(
        await call('/api/v1/a/getRole', { condition: { rolename: 'role 7' } }),
      );
      expect(filtered.data.map((r) => [r.rolename, r.staff_count])).toEqual([['Role 7', 1]]);
    });

    it('gives staff the role’s permissions, and an edit applies with their next call', async () => {
      const { roleid } = ok<{ roleid: number }>(await addRole({ permissions: [1021] }));
      const { login_name } = ok<{ login_name: string }>(await addStaff({ roleid }));
      const staff = ok<UserInfo>(await login(login_name));
      expect(staff.havePerms).toEqual([1021]);
      // Added without a phone: their own password-reset code has nowhere to go, and the app says so up front.
      expect(staff.hasPhone).toBe(false);
      expect((await call('/api/v1/g/getGoods', {}, sessionHeaders(staff))).rcode).toBe(RCODE.FORBIDDEN);
      ok(
        await call('/api/v1/a/editRole', { roleid, name: 'Clerk', note: 'More', permissions: [1021, 1024] }),
      );
      ok(await call('/api/v1/g/getGoods', {}, sessionHeaders(staff)));
      const info = ok<UserInfo>(await call('/api/v1/u/getUserInfo', {}, sessionHeaders(staff)));
      expect(info.havePerms).toEqual([1021, 1024]);
    });

    it('refuses to delete a role in use, naming how many staff hold it, until they have another', async () => {
      const { roleid } = ok<{ roleid: number }>(await addRole({}));
      const other = ok<{ roleid: number }>(await addRole({ name: 'Other' })).roleid;
      const a = ok<{ sub_userid: number }>(await addStaff({ roleid })).sub_userid;
      ok(await addStaff({ sub_username: 'second', roleid }));
      const refused = await call('/api/v1/a/delRole', { roleid });
      expect(refused.rcode).toBe(RCODE.ROLE_IN_USE);
      expect(refused.msg).toBe('2 staff members have this role; give them another role first');
      ok(
        await call('/api/v1/u/editSubUser', {
          sub_userid: a,
          sub_username: 'clerk',
          nickname: 'Li',
          roleid: other,
        }),
      );
      const removed = (await staffList()).data.find((s) => s.sub_username === 'second')!;
      ok(await call('/api/v1/u/delSubUser', { sub_userid: removed.sub_userid }));
      ok(await call('/api/v1/a/delRole', { roleid }));
      expect((await call('/api/v1/a/delRole', { roleid })).rcode).toBe(RCODE.ROLE_NOT_FOUND);
    });

    it("keeps another merchant's roles out of reach", async () => {
      const { roleid } = ok<{ roleid: number }>(await addRole({}));
      const other = await mainAccount(t, '13900000002');
      expect((await call('/api/v1/a/delRole', { roleid }, other)).rcode).toBe(RCODE.ROLE_NOT_FOUND);
      expect((await addStaff({ roleid }, other)).rcode).toBe(RCODE.ROLE_NOT_FOUND);
      expect(ok<{ count: number }>(await call('/api/v1/a/getRole', {}, other)).count).toBe(0);
    });
  });

  describe('staff', () => {
    it('checks every field of the form, naming it', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ sub_username: '' }, 'Account: Cannot be empty'],
        [{ sub_username: 'li lei' }, 'Account may contain letters, digits, _ . and - only, at most 32'],
        [{ nickname: '' }, 'Name: Cannot be empty'],
        // Texts that name their field already are not prefixed.
        [{ phone: '12345' }, 'Please enter a mainland China phone number'],
        [
          { password: '12345', confirm_password: '12345' },
          'Login password: Password needs at least 6 characters',
        ],
        [{ confirm_password: 'other-pass' }, 'Confirm password: Passwords differ'],
        [{ is_oper_pwd: 1 }, 'Operation password: Cannot be empty'],
        [{ oper_pwd: '123456', confirm_oper_pwd: '123456' }, 'Operation password must be 6 digits'],
        [
          { oper_pwd: md5('123456'), confirm_oper_pwd: md5('654321') },
          'Confirm operation password: Passwords differ',
        ],
        [{ all_device: 0 }, 'Managed stores: Cannot be empty'],
      ];
      for (const [change, msg] of cases) {
        const answer = await addStaff(change);
        expect(answer.rcode, msg).toBe(RCODE.INVALID_PARAM);
        expect(answer.msg).toBe(msg);
      }
      expect(await t.db.kysely.selectFrom('users').selectAll().where('is_main', '=', 0).execute()).toEqual(
        [],
      );
      const zh = await t.call(
        '/api/v1/u/addSubUser',
        { sub_username: 'a', nickname: 'b', password: '1', confirm_password: '1' },
        { ...main.headers, lang: 'zh-CN' },
      );
      expect(zh.msg).toBe('登录密码：密码至少6位');
    });

    it('logs staff in as account@main phone, then as account@suffix once one is set', async () => {
      const added = ok<{ sub_userid: number; login_name: string }>(await addStaff({ phone: '13700000001' }));
      expect(added.login_name).toBe('clerk@13900000001');
      const first = ok<UserInfo>(await login('clerk@13900000001'));
      expect(first).toMatchObject({
        username: 'clerk@13900000001',
        isMain: false,
        havePerms: [],
        hasPhone: true,
        subUserSuffix: '',
      });

      expect((await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'ab' })).msg).toBe(
        'Login suffix: Suffix needs at least 3 characters',
      );
      expect((await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'ab-c' })).msg).toBe(
        'Login suffix: Suffix may contain letters and digits only',
      );
      ok(await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'shop1' }));
      expect((await login('clerk@13900000001')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
      expect(ok<UserInfo>(await login('clerk@shop1'))).toMatchObject({
        username: 'clerk@shop1',
        subUserSuffix: 'shop1',
      });
      // The session opened before the suffix changed keeps working.
      ok(await call('/api/v1/u/getUserInfo', {}, sessionHeaders(first)));
      expect((await staffList()).data[0]).toMatchObject({
        login_name: 'clerk@shop1',
        sub_user_suffix: 'shop1',
      });
    });

    it('keeps suffixes unique across merchants, and never equal to another merchant’s phone', async () => {
      const other = await mainAccount(t, '13900000002');
      ok(await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'shop1' }, other));
      expect(ok(await call('/api/v1/u/isExistSuffix', { sub_user_suffix: 'shop1' }))).toEqual({
        exist: true,
      });
      expect(ok(await call('/api/v1/u/isExistSuffix', { sub_user_suffix: 'shop1' }, other))).toEqual({
        exist: false,
      });
      expect(ok(await call('/api/v1/u/isExistSuffix', { sub_user_suffix: '13900000002' }))).toEqual({
        exist: true,
      });
      const taken = await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'shop1' });
      expect(taken.msg).toBe('Login suffix: This suffix is already taken');
      expect((await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: '13900000002' })).rcode).toBe(
        RCODE.INVALID_PARAM,
      );
    });

    it('keeps accounts unique within the merchant only', async () => {
      ok(await addStaff({}));
      expect(ok(await call('/api/v1/u/isExistSubUser', { sub_username: 'clerk' }))).toEqual({ exist: true });
      expect(ok(await call('/api/v1/u/isExistSubUser', { sub_username: 'other' }))).toEqual({ exist: false });
      expect((await addStaff({})).msg).toBe('This account already exists');
      const other = await mainAccount(t, '13900000002');
      ok(await addStaff({}, other));
      expect(ok<UserInfo>(await login('clerk@13900000002')).merchantName).toBe('Test Shop');
    });

    it('lists six a page with role, stores and switches, and filters by keyword and role', async () => {
      const { a } = await areaAndStores();
      const { roleid } = ok<{ roleid: number }>(await addRole({}));
      for (let i = 1; i <= 6; i++) ok(await addStaff({ sub_username: `s${i}`, nickname: `Staff ${i}` }));
      ok(
        await addStaff({
          sub_username: 'limited',
          nickname: 'Wang',
          phone: '13700000009',
          roleid,
          all_device: 0,
          store: [a],
          is_oper_pwd: 1,
          oper_pwd: md5('112233'),
          confirm_oper_pwd: md5('112233'),
          goods_own_only: 1,
        }),
      );
      const page = await staffList();
      expect(page.count).toBe(7);
      expect(page.data).toHaveLength(6);
      expect(page.data[0]).toMatchObject({
        sub_username: 'limited',
        login_name: 'limited@13900000001',
        nickname: 'Wang',
        phone: '13700000009',
        role_info: { roleid, rolename: 'Clerk' },
        all_device: 0,
        store: [{ _id: a, store_name: 'Mall' }],
        is_oper_pwd: 1,
        has_oper_pwd: true,
        goods_own_only: 1,
        bank_own_only: 0,
      });
      expect(page.data[1]).toMatchObject({ role_info: null, all_device: 1, store: [], is_oper_pwd: 0 });
      expect(
        (await staffList({ condition: { keyword: '1370000' } })).data.map((s) => s.sub_username),
      ).toEqual(['limited']);
      expect((await staffList({ condition: { roleid } })).count).toBe(1);
    });

    it('limits staff to their stores, and an edit of the stores applies at once', async () => {
      const { a, b } = await areaAndStores();
      const { roleid } = ok<{ roleid: number }>(await addRole({ permissions: [1022] }));
      const id = ok<{ sub_userid: number }>(await addStaff({ roleid, all_device: 0, store: [a] })).sub_userid;
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      const names = async () =>
        ok<{ data: { store_name: string }[] }>(await call('/api/v1/u/getStore', {}, staff)).data.map(
          (s) => s.store_name,
        );
      expect(await names()).toEqual(['Mall']);
      ok(
        await call('/api/v1/u/editSubUser', {
          sub_userid: id,
          sub_username: 'clerk',
          nickname: 'Li Lei',
          roleid,
          all_device: 0,
          store: [b],
        }),
      );
      expect(await names()).toEqual(['Square']);
      const other = await mainAccount(t, '13900000002');
      const theirs = ok<{ _id: number }>(
        await call(
          '/api/v1/u/addStore',
          {
            name: 'Theirs',
            area: ok<{ _id: number }>(await call('/api/v1/u/addArea', { name: 'X' }, other))._id,
          },
          other,
        ),
      )._id;
      expect((await addStaff({ sub_username: 'x', all_device: 0, store: [theirs] })).rcode).toBe(
        RCODE.STORE_NOT_FOUND,
      );
    });

    it('applies the Account app quota', async () => {
      await setApp(t, main.merchantId, 'Account', { extend: { Account_max_count: '2' } });
      ok(await addStaff({ sub_username: 'a1' }));
      ok(await addStaff({ sub_username: 'a2' }));
      const refused = await addStaff({ sub_username: 'a3' });
      expect(refused.rcode).toBe(RCODE.STAFF_QUOTA_EXCEEDED);
      expect(refused.msg).toBe('Staff account limit reached (2)');
    });

    it('ends every session of a removed staff member at once, and frees the account', async () => {
      const id = ok<{ sub_userid: number }>(await addStaff({})).sub_userid;
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      ok(await call('/api/v1/u/getUserInfo', {}, staff));
      ok(await call('/api/v1/u/delSubUser', { sub_userid: id }));
      expect((await call('/api/v1/u/getUserInfo', {}, staff)).rcode).toBe(RCODE.SESSION_EXPIRED);
      expect((await login('clerk@13900000001')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
      expect((await staffList()).count).toBe(0);
      expect((await call('/api/v1/u/delSubUser', { sub_userid: id })).rcode).toBe(RCODE.STAFF_NOT_FOUND);
      ok(await addStaff({}));
      // The row stays for history (stock logs name who did what).
      const rows = await t.db.kysely
        .selectFrom('users')
        .select(['id', 'deleted_at'])
        .where('is_main', '=', 0)
        .execute();
      expect(rows).toHaveLength(2);
      expect(ok<{ count: number }>(await call('/api/v1/u/getUserList', {})).count).toBe(2);
    });

    it('resets a staff member’s login password, ending their sessions', async () => {
      const id = ok<{ sub_userid: number }>(await addStaff({})).sub_userid;
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      const mismatch = await call('/api/v1/u/resetSubUserPwd', {
        sub_userid: id,
        password: 'new-pass-1',
        confirm_password: 'new-pass-2',
      });
      expect(mismatch.msg).toBe('Confirm password: Passwords differ');
      ok(
        await call('/api/v1/u/resetSubUserPwd', {
          sub_userid: id,
          password: 'new-pass-1',
          confirm_password: 'new-pass-1',
        }),
      );
      expect((await call('/api/v1/u/getUserInfo', {}, staff)).rcode).toBe(RCODE.SESSION_EXPIRED);
      expect((await login('clerk@13900000001')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
      ok(await login('clerk@13900000001', 'new-pass-1'));
      const other = await mainAccount(t, '13900000002');
      expect(
        (
          await call(
            '/api/v1/u/resetSubUserPwd',
            { sub_userid: id, password: 'hijack-1', confirm_password: 'hijack-1' },
            other,
          )
        ).rcode,
      ).toBe(RCODE.STAFF_NOT_FOUND);
    });

    it('leaves a staff member’s operation password to the main account', async () => {
      const id = ok<{ sub_userid: number }>(await addStaff({})).sub_userid;
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      const own = await call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('111111') }, staff);
      expect(own.rcode).toBe(RCODE.CONTACT_MAIN_ACCOUNT);
      expect(own.msg).toBe('Please contact the main account to change it');

      const noPassword = await call('/api/v1/u/changeIsOperPwd', { sub_userid: id, is_oper_pwd: 1 });
      expect(noPassword.rcode).toBe(RCODE.STAFF_OPER_PWD_NOT_SET);
      ok(
        await call('/api/v1/u/resetSubUserOprPwd', {
          sub_userid: id,
          oper_pwd: md5('111111'),
          confirm_oper_pwd: md5('111111'),
        }),
      );
      expect(ok(await call('/api/v1/u/changeIsOperPwd', { sub_userid: id, is_oper_pwd: 1 }))).toEqual({
        is_oper_pwd: 1,
      });
      expect(ok<UserInfo>(await call('/api/v1/u/getUserInfo', {}, staff)).isOperPwd).toBe(1);
      ok(await call('/api/v1/u/checkOprPwd', { password: md5('111111') }, staff));
      // A reset ends the signs given under the old password.
      ok(
        await call('/api/v1/u/resetSubUserOprPwd', {
          sub_userid: id,
          oper_pwd: md5('222222'),
          confirm_oper_pwd: md5('222222'),
        }),
      );
      const sessions = await t.db.kysely
        .selectFrom('sessions')
        .select('oper_sign_hash')
        .where('user_id', '=', id)
        .execute();
      expect(sessions.every((s) => s.oper_sign_hash === null)).toBe(true);
      expect((await call('/api/v1/u/checkOprPwd', { password: md5('111111') }, staff)).rcode).toBe(
        RCODE.OPER_PWD_WRONG,
      );
      ok(await call('/api/v1/u/checkOprPwd', { password: md5('222222') }, staff));

      expect(ok(await call('/api/v1/u/changeIsOperPwd', { sub_userid: id, is_oper_pwd: 0 }))).toEqual({
        is_oper_pwd: 0,
      });
      expect(ok<UserInfo>(await call('/api/v1/u/getUserInfo', {}, staff)).isOperPwd).toBe(0);
      // Turning it on with a password given at once.
      const second = ok<{ sub_userid: number }>(await addStaff({ sub_username: 'second' })).sub_userid;
      ok(
        await call('/api/v1/u/changeIsOperPwd', {
          sub_userid: second,
          is_oper_pwd: 1,
          oper_pwd: md5('333333'),
          confirm_oper_pwd: md5('333333'),
        }),
      );
      expect((await staffList()).data.find((s) => s.sub_userid === second)).toMatchObject({
        is_oper_pwd: 1,
        has_oper_pwd: true,
      });
    });

    it('lets staff change their own login password only when the Account app allows it', async () => {
      ok(await addStaff({ phone: '13700000001' }));
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      const change = { old_password: PASSWORD, password: 'mine-pass-1', confirm_password: 'mine-pass-1' };
      const disabled = await call('/api/v1/u/changePwdForSubUser', change, staff);
      expect(disabled.rcode).toBe(RCODE.SELF_RESET_DISABLED);
      expect((await call('/api/v1/u/sendPwdSMS', {}, staff)).rcode).toBe(RCODE.SELF_RESET_DISABLED);

      await setApp(t, main.merchantId, 'Account', { extend: { subuser_self_reset_password: '1' } });
      const wrong = await call(
        '/api/v1/u/changePwdForSubUser',
        { ...change, old_password: 'nope-nope' },
        staff,
      );
      expect(wrong.rcode).toBe(RCODE.OLD_PASSWORD_WRONG);
      ok(await call('/api/v1/u/changePwdForSubUser', change, staff));
      expect((await call('/api/v1/u/getUserInfo', {}, staff)).rcode).toBe(RCODE.SESSION_EXPIRED);
      ok(await login('clerk@13900000001', 'mine-pass-1'));
      // The main account uses /u/changePwd (SMS) instead.
      expect((await call('/api/v1/u/changePwdForSubUser', change)).rcode).toBe(RCODE.FORBIDDEN);
    });

    it('tells staff without a phone that the main account has to add one before a code can be sent', async () => {
      ok(await addStaff({ sub_username: 'nophone' }));
      const staff = sessionHeaders(ok<UserInfo>(await login('nophone@13900000001')));
      await setApp(t, main.merchantId, 'Account', { extend: { subuser_self_reset_password: '1' } });
      for (const [lang, text] of [
        [
          'en-US',
          'This sub-account has no phone number to receive the code: ask the main account to add one',
        ],
        ['zh-CN', '此子账号未填写手机号，无法接收验证码，请联系主账号'],
        ['zh-TW', '此子帳號未填寫手機號碼，無法接收驗證碼，請聯繫主帳號'],
      ] as const) {
        const sent = await call('/api/v1/u/sendPwdSMS', {}, { ...staff, lang });
        expect(sent.rcode).toBe(RCODE.STAFF_NO_PHONE);
        expect(sent.msg).toContain(text);
        expect(sent.msg).not.toMatch(/support|客服/);
      }
      const changed = await call('/api/v1/u/changePwd', { code: '000000', password: 'mine-pass-1' }, staff);
      expect(changed.rcode).toBe(RCODE.STAFF_NO_PHONE);
    });

    it('keeps the staff screen and every other main-account function to the main account', async () => {
      const { roleid } = ok<{ roleid: number }>(
        await addRole({ permissions: [1020, 1021, 1022, 1023, 1024] }),
      );
      ok(await addStaff({ roleid }));
      const staff = sessionHeaders(ok<UserInfo>(await login('clerk@13900000001')));
      for (const path of [
        '/api/v1/u/getSubUser',
        '/api/v1/a/getRole',
        '/api/v1/u/getNotifyList',
        '/api/v1/u/getMyApps',
        '/api/v1/u/sendChangeInfoSMS',
      ]) {
        const answer = await call(path, {}, staff);
        expect(answer.rcode, path).toBe(RCODE.FORBIDDEN);
        expect(answer.msg).toBe('No permission');
      }
    });
  });

  describe('my apps and the overview', () => {
    it('answers the apps with what the expiry rules make of them', async () => {
      await setApp(t, main.merchantId, 'Stock', { expireAt: t.clock.now + 10 * 86_400_000 });
      await setApp(t, main.merchantId, 'Member', { expireAt: t.clock.now - 1 });
      const apps = ok<{
        data: { app_module_name: string; usable: boolean; expires_soon: boolean; days_left: number }[];
      }>(await call('/api/v1/u/getMyApps', {}));
      const byName = Object.fromEntries(apps.data.map((a) => [a.app_module_name, a]));
      expect(byName['Stock']).toMatchObject({ usable: true, expires_soon: true, days_left: 10 });
      expect(byName['Member']).toMatchObject({ usable: false, expires_soon: false, days_left: 0 });
      expect(byName['Account']).toMatchObject({ usable: true, expires_soon: false });
    });

    it('tells support who is logged in, until when, the version, the apps and the health', async () => {
      ok(await addStaff({}));
      const staff = ok<UserInfo>(await login('clerk@13900000001'));
      const overview = ok<{
        account: Record<string, unknown>;
        session: { expiry: number; oper_expire_at: number | null };
        version: string;
        app_list: unknown[];
        health: Record<string, unknown>;
      }>(await call('/api/v1/u/getOverview', {}, sessionHeaders(staff)));
      expect(overview.account).toMatchObject({
        username: 'clerk@13900000001',
        is_main: false,
        merchant_name: 'Test Shop',
        // No suffix set: staff log in with the main account's phone.
        sub_user_suffix: '',
        login_suffix: '13900000001',
        login_type: 'common',
        time_zone: 'Asia/Shanghai',
      });
      expect(overview.session).toEqual({ expiry: staff.expiry, oper_expire_at: null });
      expect(overview.version).toBe('0.1.0');
      expect(overview.app_list.length).toBeGreaterThan(5);
      // No device link runs in this test app, so the health says so.
      expect(overview.health).toMatchObject({
        status: 'degraded',
        db: dialect,
        db_ok: true,
        gateway: 'stopped',
        sandbox: { sms: true, messaging: true },
      });
      // With a suffix set, the main account's overview names it as what staff log in with.
      ok(await call('/api/v1/u/setSubUserSuffix', { sub_user_suffix: 'shop1' }));
      const mine = ok<{ account: Record<string, unknown> }>(await call('/api/v1/u/getOverview', {}));
      expect(mine.account).toMatchObject({ is_main: true, sub_user_suffix: 'shop1', login_suffix: 'shop1' });
    });
  });
});
