import { createHash } from 'node:crypto';
import type { Services } from '../app';
import type { Db } from '../db/create-db';
import { AccountRepository } from '../modules/accounts/account-repository';
import { hashPassword } from '../platform/passwords';

/** The demo login printed by `npm start` (issue 2: names operators and scripts rely on). */
export const DEMO = {
  phone: '13800138000',
  password: 'demo123456',
  operPassword: '123456',
  merchantName: '示例商户 Demo Merchant',
  business: 'vm',
};

/**
 * Creates the demo merchant through the same sign-up path a person uses (SMS code from the sandbox), then
 * sets its operation password. Does nothing when it exists already.
 */
export async function ensureDemoMerchant(db: Db, services: Services): Promise<boolean> {
  const repo = new AccountRepository(db.kysely);
  if (await repo.findMainByPhone(DEMO.phone)) return false;
  const caller = { ip: '127.0.0.1', userAgent: 'vendo-demo' };
  const { sign } = await services.accounts.checkAccount(DEMO.phone, caller.ip);
  const sms = services.providers.sandboxes.sms;
  if (!sms)
    throw new Error(
      'The demo signs its merchant up through the SMS sandbox: run it with SMS_PROVIDER=sandbox.',
    );
  const code = sms.latest(DEMO.phone)?.params.code ?? '';
  await services.accounts.signUp(
    {
      mchName: DEMO.merchantName,
      phone: DEMO.phone,
      password: DEMO.password,
      business: DEMO.business,
      sign,
      code,
    },
    caller,
  );
  const user = await repo.findMainByPhone(DEMO.phone);
  if (!user) throw new Error('demo merchant was not created');
  // The operation password travels as the md5 hex of its digits (spec §6) and is stored hashed again.
  const md5 = createHash('md5').update(DEMO.operPassword).digest('hex');
  await repo.setOperPwd(user.id, await hashPassword(md5), Date.now());
  return true;
}
