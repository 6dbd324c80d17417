import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RCODE } from '@vendo/contract/rcodes';
import type { UserInfo } from '@vendo/contract/api/account';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { latestCode, md5, sessionHeaders, signUpMerchant } from '../../testing/accounts';
import { LOGIN_LIMITS } from './accounts-service';
import { SMS_LIMITS } from './sms-codes';

const OWNER = '13900000021';
const PASSWORD = 'secret123';

/**
 * Issue 12 item 3: limits hold under parallel attempts (the attempt is counted and recorded before the password
 * is checked), and a stranger's failures lock only the stranger's address out of an account.
 */
describe.each(dialects())('login and password limits on %s', (dialect) => {
  let t: TestApp;
  let owner: UserInfo;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await signUpMerchant(t, OWNER, PASSWORD);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A call from an address (the socket's, as without a proxy). */
  async function callFrom(ip: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', lang: 'en-US', ...headers },
      payload: JSON.stringify(body),
    });
    return response.json<{ rcode: number; msg: string; result: unknown }>();
  }

  const login = (ip: string, password: string, username = OWNER) =>
    callFrom(ip, '/p/v1/login', { username, password });

  /** How many answers had each rcode. */
  function tally(answers: Array<{ rcode: number }>): Record<number, number> {
    const out: Record<number, number> = {};
    for (const a of answers) out[a.rcode] = (out[a.rcode] ?? 0) + 1;
    return out;
  }

  it('checks at most the limit of 200 parallel wrong passwords for one account', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => login('10.0.0.9', 'bad-guess')));
    expect(tally(answers)).toEqual({
      [RCODE.WRONG_CREDENTIALS]: LOGIN_LIMITS.perAccountAddress,
      [RCODE.TOO_MANY_ATTEMPTS]: 200 - LOGIN_LIMITS.perAccountAddress,
    });
  });

  it('checks at most the limit of 200 parallel wrong operation passwords', async () => {
    const headers = sessionHeaders(owner);
    expect((await t.call('/api/v1/u/editOprPwd', { new_oper_pwd: md5('123456') }, headers)).rcode).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call('/api/v1/u/checkOprPwd', { password: md5('000000') }, headers),
      ),
    );
    expect(tally(answers)).toEqual({
      [RCODE.OPER_PWD_WRONG]: LOGIN_LIMITS.operPerUser,
      [RCODE.TOO_MANY_ATTEMPTS]: 200 - LOGIN_LIMITS.operPerUser,
    });
  });

  it('compares at most maxAttempts of 200 parallel wrong SMS codes, and sends one code of parallel asks', async () => {
    const phone = '13900000022';
    const asks = await Promise.all(
      Array.from({ length: 20 }, () => callFrom('10.0.0.5', '/p/v1/checkAccount', { phone })),
    );
    expect(tally(asks)).toEqual({ 0: 1, [RCODE.TOO_MANY_ATTEMPTS]: 19 });
    const { sign } = asks.find((a) => a.rcode === 0)!.result as { sign: string };
    const code = await latestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => t.call('/p/v1/checkSmsCode', { sign, code: wrong })),
    );
    expect(
      answers.filter((a) => a.rcode === 0 && (a.result as { isRight: boolean }).isRight === false),
    ).toHaveLength(SMS_LIMITS.maxAttempts);
    expect(answers.filter((a) => a.rcode === RCODE.SMS_CODE_EXPIRED)).toHaveLength(
      200 - SMS_LIMITS.maxAttempts,
    );
  });

  it('lets a right SMS code keep its attempt, so checking it then signing up works after 4 misses', async () => {
    const phone = '13900000023';
    const { sign } = (await t.call('/p/v1/checkAccount', { phone })).result as { sign: string };
    const code = await latestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_LIMITS.maxAttempts - 1; i++)
      await t.call('/p/v1/checkSmsCode', { sign, code: wrong });
    expect((await t.call('/p/v1/checkSmsCode', { sign, code })).result).toEqual({ isRight: true });
    const body = { mchName: 'Shop', phone, password: PASSWORD, business: 'vm', sign, code, agent: '888888' };
    expect((await t.call('/p/v1/signUp', body)).rcode).toBe(0);
  });

  it('does not let a stranger’s wrong passwords lock the owner out from another address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
      expect((await login('10.0.0.9', 'bad-guess')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
    }
    const stranger = await login('10.0.0.9', PASSWORD);
    expect(stranger.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect(stranger.msg).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect((await login('10.0.0.1', PASSWORD)).rcode).toBe(0);
  });

  it('clears an address’s failures at an account when the right password comes from it', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress - 1; i++) await login('10.0.0.1', 'bad-guess');
    expect((await login('10.0.0.1', PASSWORD)).rcode).toBe(0);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) {
      expect((await login('10.0.0.1', 'bad-guess')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
    }
    expect((await login('10.0.0.1', PASSWORD)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
  });

  it('limits one address across accounts, and right passwords do not count', async () => {
    for (let i = 0; i < 5; i++) expect((await login('10.0.0.7', PASSWORD)).rcode).toBe(0);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const username = `1370000${String(1000 + i)}`;
      expect((await login('10.0.0.7', 'bad-guess', username)).rcode).toBe(RCODE.WRONG_CREDENTIALS);
    }
    expect((await login('10.0.0.7', PASSWORD)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect((await login('10.0.0.8', PASSWORD)).rcode).toBe(0);
  });

  it('slows a guess spread over many addresses without locking the owner out', async () => {
    const addresses = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAddress;
    await Promise.all(
      Array.from({ length: addresses }, async (_, a) => {
        for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) await login(`10.1.0.${a + 1}`, 'bad-guess');
      }),
    );
    // Under attack, a new address gets underAttackPerAddress tries at the account, not perAccountAddress.
    for (let i = 0; i < LOGIN_LIMITS.underAttackPerAddress; i++) {
      expect((await login('10.2.0.1', 'bad-guess')).rcode).toBe(RCODE.WRONG_CREDENTIALS);
    }
    expect((await login('10.2.0.1', PASSWORD)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect((await login('10.0.0.1', PASSWORD)).rcode).toBe(0);
    // Other accounts are not touched.
    await signUpMerchant(t, '13900000024', PASSWORD);
    for (let i = 0; i < LOGIN_LIMITS.underAttackPerAddress; i++)
      await login('10.2.0.1', 'bad-guess', '13900000024');
    expect((await login('10.2.0.1', PASSWORD, '13900000024')).rcode).toBe(0);
  });

  it('unlocks every address of the account when the owner resets the password by SMS', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress; i++) await login('10.0.0.1', 'bad-guess');
    expect((await login('10.0.0.1', PASSWORD)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    t.clock.advance(SMS_LIMITS.resendMs);
    expect((await t.call('/p/v1/sendPwdSMS', { phone: OWNER })).rcode).toBe(0);
    const code = await latestCode(t, OWNER);
    expect((await t.call('/p/v1/resetPwd', { phone: OWNER, password: 'newsecret1', code })).rcode).toBe(0);
    expect((await login('10.0.0.1', 'newsecret1')).rcode).toBe(0);
  });
});
