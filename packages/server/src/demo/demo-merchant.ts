import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE } from '@vendo/contract/locales';
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
 * A second merchant of the demo: the partner whose approved card the demo merchant can name as a split account on
 * /feeSplitting (split accounts are other merchants' cards). It has no machines; its login shows its share.
 */
export const DEMO_PARTNER = {
  phone: '13800138001',
  password: 'demo123456',
  operPassword: '123456',
  merchantName: '示例合作方 Demo Partner',
  business: 'vm',
};

export type DemoAccount = typeof DEMO;

/**
 * Creates a demo merchant (the demo's own, by default) through the same sign-up path a person uses (SMS code
 * from the sandbox), then sets its operation password. Does nothing when it exists already.
 */
export async function ensureDemoMerchant(
  db: Db,
  services: Services,
  account: DemoAccount = DEMO,
): Promise<boolean> {
  const repo = new AccountRepository(db.kysely);
  if (await repo.findMainByPhone(account.phone)) return false;
  const caller = { ip: '127.0.0.1', userAgent: 'vendo-demo' };
  const { sign } = await services.accounts.checkAccount(account.phone, caller.ip, DEFAULT_LOCALE);
  const sms = services.providers.sandboxes.sms;
  if (!sms)
    throw new Error(
      'The demo signs its merchant up through the SMS sandbox: run it with SMS_PROVIDER=sandbox.',
    );
  const code = sms.latest(account.phone)?.params.code ?? '';
  await services.accounts.signUp(
    {
      mchName: account.merchantName,
      phone: account.phone,
      password: account.password,
      business: account.business,
      sign,
      code,
    },
    caller,
  );
  const user = await repo.findMainByPhone(account.phone);
  if (!user) throw new Error('demo merchant was not created');
  // The operation password travels as the md5 hex of its digits (spec §6) and is stored hashed again.
  const md5 = createHash('md5').update(account.operPassword).digest('hex');
  await repo.setOperPwd(user.id, await hashPassword(md5), Date.now());
  return true;
}
