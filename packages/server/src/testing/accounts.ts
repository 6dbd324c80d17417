import { createHash } from 'node:crypto';
import type { UserInfo } from '@vendo/contract/api/account';
import type { TestApp } from './test-app';

export const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** Reads the latest code the sandbox SMS sent to a phone, through the public outbox call. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const answer = await t.call('/p/v1/dev/smsOutbox', { phone });
  if (answer.rcode !== 0) throw new Error(`no SMS for ${phone}: ${answer.msg}`);
  return (answer.result as { code: string }).code;
}

/** Signs a merchant up the way the web app does: checkAccount, code from the outbox, signUp. */
export async function signUpMerchant(
  t: TestApp,
  phone = '13900000001',
  password = 'secret123',
  ip?: string,
): Promise<UserInfo> {
  const headers: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {};
  const check = await t.call('/p/v1/checkAccount', { phone, agentid: '888888' }, headers);
  if (check.rcode !== 0) throw new Error(`checkAccount: ${check.msg}`);
  const { sign } = check.result as { sign: string };
  const code = await latestCode(t, phone);
  const answer = await t.call(
    '/p/v1/signUp',
    { mchName: 'Test Shop', phone, password, business: 'vm', sign, code, agent: '888888' },
    headers,
  );
  if (answer.rcode !== 0) throw new Error(`signUp: ${answer.msg}`);
  return answer.result as UserInfo;
}

export function sessionHeaders(user: Pick<UserInfo, 'token' | 'secret'>): Record<string, string> {
  return { token: user.token, secret: user.secret };
}
