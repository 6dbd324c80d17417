import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import { LOGIN_VALID_MS, OPER_SESSION_MS } from '@vendo/contract/constants';
import type { UserInfo } from '@vendo/contract/api/account';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { latestCode, md5, sessionHeaders, signUpMerchant } from '../../testing/accounts';
import { SMS_LIMITS } from './sms-codes';

describe.each(dialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  describe('sign-up', () => {
    it('creates the merchant, its main account and trial apps, and logs it in', async () => {
      const user = await signUpMerchant(t, '13900000001', 'secret123');
      expect(user).toMatchObject({
        username: '13900000001',
        isMain: true,
        business: 'vm',
        isOperPwd: 0,
        loginType: 'common',
      });
      expect(user.token).toMatch(/^[0-9a-f]{64}$/);
      expect(user.expiry).toBe(t.clock.now + LOGIN_VALID_MS);
      expect(user.appList.map((a) => a.app_module_name)).toContain('Account');
      expect(user.appList.every((a) => a.expire_at > t.clock.now)).toBe(true);
      expect(user.havePerms).toContain(1020);
      const merchants = await t.db.kysely.selectFrom('merchants').selectAll().execute();
      expect(merchants).toHaveLength(1);
      expect(merchants[0]).toMatchObject({ name: 'Test Shop', phone: '13900000001', agent_id: '888888' });
      const users = await t.db.kysely.selectFrom('users').selectAll().execute();
      expect(users).toHaveLength(1);
      expect(users[0]!.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a phone that is not a mainland mobile, naming the field', async () => {
      const answer = await t.call('/p/v1/checkAccount', { phone: '12345678901' });
      expect(answer.rcode).toBe(RCODE.INVALID_PARAM);
      expect(answer.msg).toBe('Please enter a mainland China phone number');
      const zh = await t.call('/p/v1/checkAccount', { phone: '123' }, { lang: 'zh-CN' });
      expect(zh.msg).toContain('手机号');
    });

    it('sends the code in the requesting user’s language, labelled sandbox', async () => {
      const outbox = async (phone: string) =>
        (await t.call('/p/v1/dev/smsOutbox', { phone })).result as { code: string; text: string };
      const expected = {
        'zh-CN': (code: string) =>
          `【沙箱】【Vendo】您的注册验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略。`,
        'zh-TW': (code: string) =>
          `【沙箱】【Vendo】您的註冊驗證碼是 ${code}，10 分鐘內有效。如非本人操作，請忽略。`,
        'en-US': (code: string) =>
          `[Sandbox] [Vendo] Your sign-up verification code is ${code}, valid for 10 minutes. If you did not ask for it, ignore this message.`,
      };
      let n = 10;
      for (const [lang, text] of Object.entries(expected)) {
        const phone = `139000000${n++}`;
        expect((await t.call('/p/v1/checkAccount', { phone }, { lang })).rcode).toBe(0);
        const sent = await outbox(phone);
        expect(sent.text).toBe(text(sent.code));
      }
      // The password reset and, logged in, the account-change code too.
      const user = await signUpMerchant(t, '13900000021', 'secret123');
      t.clock.advance(SMS_LIMITS.resendMs);
      expect((await t.call('/p/v1/sendPwdSMS', { phone: '13900000021' }, { lang: 'zh-TW' })).rcode).toBe(0);
      expect((await outbox('13900000021')).text).toMatch(
        /^【沙箱】【Vendo】您的找回密碼驗證碼是 \d{6}，10 分鐘內有效/,
      );
      t.clock.advance(SMS_LIMITS.resendMs);
      const headers = { ...sessionHeaders(user), lang: 'en-US' };
      expect((await t.call('/api/v1/u/sendChangeInfoSMS', {}, headers)).rcode).toBe(0);
      expect((await outbox('13900000021')).text).toMatch(
        /^\[Sandbox\] \[Vendo\] Your account change verification code is \d{6}, valid for 10 minutes\./,
      );
    });

    it('refuses an already registered phone at checkAccount and at signUp', async () => {
      await signUpMerchant(t, '13900000002');
      t.clock.advance(61_000);
      const answer = await t.call('/p/v1/checkAccount', { phone: '13900000002' });
      expect(answer.rcode).toBe(RCODE.PHONE_REGISTERED);
    });

    it('answers isRight for the right code without spending it, and false for a wrong one', async () => {
      const { sign } = (await t.call('/p/v1/checkAccount', { phone: '13900000003' })).result as {
        sign: string;
      };
      const code = await latestCode(t, '13900000003');
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await t.call('/p/v1/checkSmsCode', { sign, code: wrong })).result).toEqual({ isRight: false });
      expect((await t.call('/p/v1/checkSmsCode', { sign, code })).result).toEqual({ isRight: true });
      const signUp = await t.call('/p/v1/signUp', {
        mchName: 'Shop',
        phone: '13900000003',
        password: 'secret123',
        business: 'gpm',
        sign,
        code,
      });
      expect(signUp.rcode).toBe(0);
    });

    it('refuses a wrong code, then a reused code, and changes nothing', async () => {
      const { sign } = (await t.call('/p/v1/checkAccount', { phone: '13900000004' })).result as {
        sign: string;
      };
      const code = await latestCode(t, '13900000004');
      const body = { mchName: 'Shop', phone: '13900000004', password: 'secret123', business: 'vm', sign };
      const wrong = await t.call('/p/v1/signUp', { ...body, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.rcode).toBe(RCODE.SMS_CODE_MISMATCH);
      expect(wrong.msg).toBe('Verification code does not match');
      expect(await t.db.kysely.selectFrom('merchants').selectAll().execute()).toHaveLength(0);
      expect((await t.call('/p/v1/signUp', { ...body, code })).rcode).toBe(0);
      const again = await t.call('/p/v1/signUp', { ...body, phone: '13900000004', code });
      expect(again.rcode).toBe(RCODE.PHONE_REGISTERED);
    });

    it('expires a code after 10 minutes and after too many wrong tries', async () => {
      const { sign } = (await t.call('/p/v1/checkAccount', { phone: '13900000005' })).result as {
        sign: string;
      };
      const code = await latestCode(t, '13900000005');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < SMS_LIMITS.maxAttempts; i++) {
        expect((await t.call('/p/v1/checkSmsCode', { sign, code: wrong })).result).toEqual({
          isRight: false,
        });
      }
      const locked = await t.call('/p/v1/checkSmsCode', { sign, code });
      expect(locked.rcode).toBe(RCODE.SMS_CODE_EXPIRED);

      t.clock.advance(61_000);
      const second = (await t.call('/p/v1/checkAccount', { phone: '13900000005' })).result as {
        sign: string;
      };
      const code2 = await latestCode(t, '13900000005');
      t.clock.advance(SMS_LIMITS.validMs + 1);
      const late = await t.call('/p/v1/checkSmsCode', { sign: second.sign, code: code2 });
      expect(late.rcode).toBe(RCODE.SMS_CODE_EXPIRED);
    });

    it('blocks a resend within 60 s with the seconds left, and caps codes per phone per day', async () => {
      expect((await t.call('/p/v1/checkAccount', { phone: '13900000006' })).rcode).toBe(0);
      t.clock.advance(20_000);
      const early = await t.call('/p/v1/checkAccount', { phone: '13900000006' });
      expect(early.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
      expect(early.msg).toBe('Too many attempts, try again in 40 seconds');
      for (let i = 1; i < SMS_LIMITS.perPhonePerDay; i++) {
        t.clock.advance(60_000);
        expect((await t.call('/p/v1/checkAccount', { phone: '13900000006' })).rcode).toBe(0);
      }
      t.clock.advance(60_000);
      expect((await t.call('/p/v1/checkAccount', { phone: '13900000006' })).rcode).toBe(
        RCODE.SMS_DAILY_LIMIT,
      );
    });

    it('caps codes per address per day', async () => {
      const ip = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < SMS_LIMITS.perIpPerDay; i++) {
        const phone = `139${String(10000000 + i)}`;
        expect((await t.call('/p/v1/checkAccount', { phone }, ip)).rcode).toBe(0);
      }
      expect((await t.call('/p/v1/checkAccount', { phone: '13799999999' }, ip)).rcode).toBe(
        RCODE.SMS_DAILY_LIMIT,
      );
      expect((await t.call('/p/v1/checkAccount', { phone: '13799999999' })).rcode).toBe(0);
    });

    it('validates every field, first failing rule winning', async () => {
      const base = {
        mchName: 'Shop',
        phone: '13900000007',
        password: 'secret123',
        business: 'vm',
        sign: 'x',
        code: '123456',
      };
      expect((await t.call('/p/v1/signUp', { ...base, mchName: '' })).msg).toBe(
        'Merchant name: Cannot be empty',
      );
      expect((await t.call('/p/v1/signUp', { ...base, password: '12345' })).msg).toBe(
        'Password needs at least 6 characters',
      );
      expect((await t.call('/p/v1/signUp', { ...base, sign: 'unknown' })).rcode).toBe(RCODE.SIGN_INVALID);
      const missing = await t.call('/p/v1/signUp', { phone: '13900000007' });
      expect(missing.rcode).toBe(RCODE.INVALID_PARAM);
      expect(missing.msg).toBe('Merchant name: Cannot be empty');
    });

    it('refuses an unknown agent', async () => {
      const { sign } = (await t.call('/p/v1/checkAccount', { phone: '13900000008' })).result as {
        sign: string;
      };
      const code = await latestCode(t, '13900000008');
      const answer = await t.call('/p/v1/signUp', {
        mchName: 'Shop',
        phone: '13900000008',
        password: 'secret123',
        business: 'vm',
        sign,
        code,
        agent: '000001',
      });
      expect(answer.rcode).toBe(RCODE.AGENT_NOT_FOUND);
    });
  });

  describe('login and sessions', () => {
    let user: UserInfo;
    beforeEach(async () => {
      user = await signUpMerchant(t, '13900000011', 'secret123');
    });

    it('logs in with the phone and answers the user info of spec §3', async () => {
      const answer = await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' });
      expect(answer.rcode).toBe(0);
      expect(answer.result).toMatchObject({
        username: '13900000011',
        isMain: true,
        hasPhone: true,
        subUserSuffix: '',
        payDomain: '',
      });
      const info = answer.result as UserInfo;
      const me = await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(info));
      expect(me.rcode).toBe(0);
      expect(me.result).toMatchObject({ username: '13900000011', token: info.token });
    });

    it('answers 102 for a wrong password or an unknown account', async () => {
      const wrong = await t.call('/p/v1/login', { username: '13900000011', password: 'nope123' });
      expect(wrong.rcode).toBe(102);
      expect(wrong.msg).toBe('Username or password wrong');
      expect((await t.call('/p/v1/login', { username: '13700000000', password: 'secret123' })).rcode).toBe(
        102,
      );
      expect((await t.call('/p/v1/login', { username: 'x@y', password: 'secret123' })).rcode).toBe(102);
    });

    it('refuses empty username or password without looking', async () => {
      const answer = await t.call('/p/v1/login', { username: '', password: '' });
      expect(answer.rcode).toBe(RCODE.INVALID_PARAM);
      expect(answer.msg).toBe('Username and password cannot be empty');
    });

    it('limits failed logins per account, with the seconds to wait', async () => {
      for (let i = 0; i < 10; i++) {
        expect((await t.call('/p/v1/login', { username: '13900000011', password: 'bad-guess' })).rcode).toBe(
          102,
        );
      }
      const blocked = await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' });
      expect(blocked.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
      expect(blocked.msg).toMatch(/try again in \d+ seconds/);
      t.clock.advance(15 * 60 * 1000 + 1);
      expect((await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' })).rcode).toBe(0);
    });

    it('limits failed logins per address across accounts', async () => {
      const ip = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 50; i++) {
        await t.call('/p/v1/login', { username: `1370000${String(1000 + i)}`, password: 'bad-guess' }, ip);
      }
      const blocked = await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' }, ip);
      expect(blocked.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
      expect((await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' })).rcode).toBe(0);
    });

    it('answers 604 without headers, with a wrong secret, after logout and after 3 days', async () => {
      expect((await t.call('/api/v1/u/getUserInfo', {})).rcode).toBe(604);
      expect((await t.call('/api/v1/u/getUserInfo', {}, { token: user.token, secret: 'x' })).rcode).toBe(604);

      const second = (await t.call('/p/v1/login', { username: '13900000011', password: 'secret123' }))
        .result as UserInfo;
      expect((await t.call('/api/v1/u/logout', {}, sessionHeaders(second))).rcode).toBe(0);
      const afterLogout = await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(second));
      expect(afterLogout.rcode).toBe(604);
      expect(afterLogout.msg).toBe('Session expired, please log in again');
      // the other session is untouched by that logout
      expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).rcode).toBe(0);

      t.clock.advance(LOGIN_VALID_MS - 1);
      expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).rcode).toBe(0);
      t.clock.advance(1);
      expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).rcode).toBe(604);
    });

    it('stores sessions hashed', async () => {
      const rows = await t.db.kysely.selectFrom('sessions').selectAll().execute();
      expect(rows.some((r) => r.token_hash === user.token)).toBe(false);
    });

    it('lists permission groups and the merchant users', async () => {
      const perms = await t.call('/api/v1/a/getPermission', undefined, sessionHeaders(user));
      expect(perms.rcode).toBe(0);
      const result = perms.result as {
        data: { group: string; perms: { code: number }[] }[];
        havePerms: number[];
      };
      expect(result.data.flatMap((g) => g.perms.map((p) => p.code)).sort()).toEqual(
        Array.from({ length: 19 }, (_, i) => 1020 + i),
      );
      expect(result.havePerms).toHaveLength(19);
      const users = await t.call('/api/v1/u/getUserList', {}, sessionHeaders(user));
      expect(users.result).toMatchObject({ count: 1, data: [{ username: '13900000011', is_main: true }] });
    });
  });

  describe('passwords', () => {
    let user: UserInfo;
    beforeEach(async () => {
      user = await signUpMerchant(t, '13900000021', 'secret123');
      t.clock.advance(61_000);
    });

    it('resets a forgotten password by SMS and ends every session', async () => {
      expect((await t.call('/p/v1/sendPwdSMS', { phone: '13900000021' })).rcode).toBe(0);
      const code = await latestCode(t, '13900000021');
      const short = await t.call('/p/v1/resetPwd', { phone: '13900000021', password: '12345', code });
      expect(short.rcode).toBe(RCODE.INVALID_PARAM);
      expect(
        (await t.call('/p/v1/resetPwd', { phone: '13900000021', password: 'newpass1', code })).rcode,
      ).toBe(0);
      expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).rcode).toBe(604);
      expect((await t.call('/p/v1/login', { username: '13900000021', password: 'secret123' })).rcode).toBe(
        102,
      );
      expect((await t.call('/p/v1/login', { username: '13900000021', password: 'newpass1' })).rcode).toBe(0);
      const reused = await t.call('/p/v1/resetPwd', { phone: '13900000021', password: 'other12', code });
      expect(reused.rcode).toBe(RCODE.SMS_CODE_EXPIRED);
    });

    it('refuses a reset for a phone that is not registered', async () => {
      expect((await t.call('/p/v1/sendPwdSMS', { phone: '13600000000' })).rcode).toBe(
        RCODE.PHONE_NOT_REGISTERED,
      );
    });

    it('changes the login password of the logged-in user with a code sent to their phone', async () => {
      const sent = await t.call('/api/v1/u/sendPwdSMS', {}, sessionHeaders(user));
      expect(sent.result).toEqual({ phone: '139****0021' });
      const code = await latestCode(t, '13900000021');
      const wrong = await t.call(
        '/api/v1/u/changePwd',
        { code: code === '000000' ? '111111' : '000000', password: 'newpass1' },
        sessionHeaders(user),
      );
      expect(wrong.rcode).toBe(RCODE.SMS_CODE_MISMATCH);
      expect(
        (await t.call('/api/v1/u/changePwd', { code, password: 'newpass1' }, sessionHeaders(user))).rcode,
      ).toBe(0);
      expect((await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).rcode).toBe(604);
      expect((await t.call('/p/v1/login', { username: '13900000021', password: 'newpass1' })).rcode).toBe(0);
    });

    it('sends the change-info code to the main phone', async () => {
      const sent = await t.call('/api/v1/u/sendChangeInfoSMS', {}, sessionHeaders(user));
      expect(sent.rcode).toBe(0);
      expect(await latestCode(t, '13900000021')).toMatch(/^\d{6}$/);
    });

    it('sets, checks and changes the operation password, signing for 2 hours', async () => {
      const notSet = await t.call('/api/v1/u/checkOprPwd', { password: md5('123456') }, sessionHeaders(user));
      expect(notSet.rcode).toBe(RCODE.OPER_PWD_NOT_SET);
      const bad = await t.call('/api/v1/u/editOprPwd', { new_oper_pwd: '123456' }, sessionHeaders(user));
      expect(bad.rcode).toBe(RCODE.INVALID_PARAM);
      expect(
        (await t.call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('123456') }, sessionHeaders(user))).rcode,
      ).toBe(0);
      const me = (await t.call('/api/v1/u/getUserInfo', {}, sessionHeaders(user))).result as UserInfo;
      expect(me.isOperPwd).toBe(1);

      const check = await t.call('/api/v1/u/checkOprPwd', { password: md5('123456') }, sessionHeaders(user));
      expect(check.rcode).toBe(0);
      expect(check.result).toMatchObject({ expire_at: t.clock.now + OPER_SESSION_MS });
      const wrong = await t.call('/api/v1/u/checkOprPwd', { password: md5('654321') }, sessionHeaders(user));
      expect(wrong.rcode).toBe(RCODE.OPER_PWD_WRONG);
      expect(wrong.msg).toBe('Operator validation failure');

      const same = await t.call(
        '/api/v1/u/editOprPwd',
        { old_oper_pwd: md5('123456'), new_oper_pwd: md5('123456') },
        sessionHeaders(user),
      );
      expect(same.rcode).toBe(RCODE.INVALID_PARAM);
      expect(same.msg).toBe('New operation password must differ from the old one');
      const wrongOld = await t.call(
        '/api/v1/u/editOprPwd',
        { old_oper_pwd: md5('000000'), new_oper_pwd: md5('222222') },
        sessionHeaders(user),
      );
      expect(wrongOld.rcode).toBe(RCODE.OPER_PWD_WRONG);
      const changed = await t.call(
        '/api/v1/u/editOprPwd',
        { old_oper_pwd: md5('123456'), new_oper_pwd: md5('222222') },
        sessionHeaders(user),
      );
      expect(changed.rcode).toBe(0);
      expect(
        (await t.call('/api/v1/u/checkOprPwd', { password: md5('222222') }, sessionHeaders(user))).rcode,
      ).toBe(0);
    });

    it('limits wrong operation passwords', async () => {
      await t.call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('123456') }, sessionHeaders(user));
      for (let i = 0; i < 5; i++) {
        expect(
          (await t.call('/api/v1/u/checkOprPwd', { password: md5('000000') }, sessionHeaders(user))).rcode,
        ).toBe(RCODE.OPER_PWD_WRONG);
      }
      const blocked = await t.call(
        '/api/v1/u/checkOprPwd',
        { password: md5('123456') },
        sessionHeaders(user),
      );
      expect(blocked.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    });
  });
});
