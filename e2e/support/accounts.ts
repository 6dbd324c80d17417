import type { RunningServer } from './server';

/**
 * Signs a fresh merchant up through the public calls (sandbox SMS code from the outbox), so a test starts from
 * an empty shop instead of the demo merchant's seeded one.
 */
export async function signUpMerchant(
  server: RunningServer,
  phone: string,
  password = 'test-pass-1',
  name = 'Test Shop',
): Promise<{ phone: string; password: string }> {
  const check = await server.call<{ sign: string }>('/p/v1/checkAccount', { phone, agentid: '888888' });
  if (check.rcode !== 0) throw new Error(`checkAccount ${phone}: ${check.msg}`);
  const outbox = await server.call<{ code: string }>('/p/v1/dev/smsOutbox', { phone });
  if (outbox.rcode !== 0) throw new Error(`no SMS for ${phone}: ${outbox.msg}`);
  const signUp = await server.call('/p/v1/signUp', {
    mchName: name,
    phone,
    password,
    business: 'vm',
    sign: check.result.sign,
    code: outbox.result.code,
  });
  if (signUp.rcode !== 0) throw new Error(`signUp ${phone}: ${signUp.msg}`);
  return { phone, password };
}
