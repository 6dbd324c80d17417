import type { Kysely } from 'kysely';
import type { UserInfo } from '@vendo/contract/api/account';
import type { Locale } from '@vendo/contract/locales';
import { DEFAULT_AGENT, LOGIN_VALID_MS, OPER_SESSION_MS } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { isMainlandMobile } from '@vendo/contract/validation';
import type { Database, Merchant, User } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext } from '../../platform/auth';
import { randomToken, sha256 } from '../../platform/crypto';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Agents } from '../agents/agents';
import { appExtend, type AppModules } from '../apps/app-modules';
import { permissionsOf } from './permissions';
import type { SmsCodes } from './sms-codes';
import { SessionStore } from '../../platform/sessions';
import { AccountRepository } from './account-repository';
import { actorOf, AuditLog, originOf, type AuditOrigin } from '../audit/audit-log';

/**
 * Login limits, failures inside a quarter of an hour (docs/ARCHITECTURE.md, Identity):
 * - perAccountAddress: one account from one address. Only that address is locked out of that account, so a
 *   stranger's wrong guesses never lock the owner out from elsewhere.
 * - perAddress: one address over all accounts (credential stuffing).
 * - perAccount: one account over all addresses. Past it the account is under a distributed attack: it is not
 *   locked, but every address gets only underAttackPerAddress tries at it per window.
 * - operPerUser: wrong operation passwords (and a staff member's wrong current password) of one user.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccountAddress: 10,
  perAddress: 50,
  perAccount: 100,
  underAttackPerAddress: 3,
  operPerUser: 5,
};

/** The rate buckets of logins to an account (its login name, lower case) from an address. */
export function loginBuckets(username: string, ip: string) {
  const account = username.toLowerCase();
  return {
    accountAddress: `login:account-address:${account}|${ip}`,
    /** Every accountAddress bucket of the account starts so. */
    accountAddressPrefix: `login:account-address:${account}|`,
    address: `login:address:${ip}`,
    account: `login:account:${account}`,
  };
}

export interface AccountsDeps {
  db: Kysely<Database>;
  repo: AccountRepository;
  sessions: SessionStore;
  sms: SmsCodes;
  apps: AppModules;
  agents: Agents;
  limiter: RateLimiter;
  clock: () => number;
  timeZone: string;
  trialDays: number;
  payDomain: string;
}

export interface Caller {
  ip: string;
  userAgent: string;
}

/** Sign-up, login, sessions, login and operation passwords (spec §4–§7). */
export class AccountsService {
  // A fixed hash to verify against when the account does not exist, so timing does not reveal accounts.
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly d: AccountsDeps) {}

  async checkAccount(phone: string, ip: string, locale: Locale): Promise<{ sign: string }> {
    if (await this.d.repo.findMainByPhone(phone)) throw new AppError(RCODE.PHONE_REGISTERED);
    return this.d.sms.issue(phone, 'signUp', ip, locale);
  }

  async checkSmsCode(sign: string, code: string): Promise<{ isRight: boolean }> {
    try {
      await this.d.sms.verify({ sign, purpose: 'signUp', code, consume: false });
      return { isRight: true };
    } catch (error) {
      if (error instanceof AppError && error.rcode === RCODE.SMS_CODE_MISMATCH) return { isRight: false };
      throw error;
    }
  }

  async signUp(
    input: {
      mchName: string;
      phone: string;
      password: string;
      business: string;
      sign: string;
      code: string;
      agent?: string | undefined;
    },
    caller: Caller,
  ): Promise<UserInfo> {
    const agentId = input.agent || DEFAULT_AGENT;
    if (!(await this.d.agents.find(agentId))) throw new AppError(RCODE.AGENT_NOT_FOUND);
    if (await this.d.repo.findMainByPhone(input.phone)) throw new AppError(RCODE.PHONE_REGISTERED);
    await this.d.sms.verify({
      sign: input.sign,
      phone: input.phone,
      purpose: 'signUp',
      code: input.code,
      consume: true,
    });
    const now = this.d.clock();
    const passwordHash = await hashPassword(input.password);
    const { userId } = await this.d.db.transaction().execute(async (trx) => {
      const created = await this.d.repo.createMerchantWithMain(trx, {
        agentId,
        name: input.mchName,
        business: input.business,
        phone: input.phone,
        passwordHash,
        timeZone: this.d.timeZone,
        now,
      });
      await this.d.apps.grantDefaults(trx, created.merchantId, now + this.d.trialDays * 86_400_000, now);
      return created;
    });
    return this.startSession(userId, 'common', caller);
  }

  /**
   * The password login. Both outcomes are in the audit log: a success in the session's transaction, a refusal
   * (wrong password, or locked out) in its own, written before the refusal is answered. A login name that names
   * no account has no merchant to show it to and is not recorded (the rate limits still count it).
   */
  async login(username: string, password: string, caller: Caller): Promise<UserInfo> {
    let user: User;
    try {
      user = await this.verifyLogin(username, password, caller);
    } catch (error) {
      await this.recordFailedLogin(username, caller, error);
      throw error;
    }
    return this.startSession(user.id, 'common', caller, null, '/p/v1/login');
  }

  private async recordFailedLogin(username: string, caller: Caller, error: unknown): Promise<void> {
    const user = await this.findByLogin(username);
    if (!user) return;
    await this.audit.record(this.d.db, {
      merchantId: user.merchant_id,
      origin: { actor: actorOf({ user }), ip: caller.ip, userAgent: caller.userAgent, call: '/p/v1/login' },
      kind: 'login',
      action: 'login_failed',
      target: { type: 'user', id: user.id, name: user.username },
      changes: [{ field: 'rcode', before: null, after: error instanceof AppError ? error.rcode : 'error' }],
    });
  }

  private get audit(): AuditLog {
    return new AuditLog(this.d.clock);
  }

  /**
   * The account a login name and password name, under the login limits (LOGIN_LIMITS); WRONG_CREDENTIALS
   * otherwise. The attempt is recorded before the password is checked, so parallel guesses cannot outrun the
   * limits; a right password takes its attempt back and clears its account's failures from this address.
   * Linking an account to the messaging app checks through here too.
   */
  async verifyLogin(username: string, password: string, caller: Caller): Promise<User> {
    const buckets = loginBuckets(username, caller.ip);
    const { windowMs } = LOGIN_LIMITS;
    const attempt = await this.d.limiter.reserve([
      {
        bucket: buckets.accountAddress,
        windowMs,
        limit: (count) =>
          count(buckets.account) >= LOGIN_LIMITS.perAccount
            ? LOGIN_LIMITS.underAttackPerAddress
            : LOGIN_LIMITS.perAccountAddress,
      },
      { bucket: buckets.address, windowMs, limit: LOGIN_LIMITS.perAddress },
      { bucket: buckets.account, windowMs, limit: Infinity },
    ]);
    const user = await this.findByLogin(username);
    const ok = await verifyPassword(user?.password_hash ?? (await this.dummy()), password);
    if (!user || !ok) throw new AppError(RCODE.WRONG_CREDENTIALS);
    await attempt.release();
    await this.d.limiter.clear(buckets.accountAddress);
    return user;
  }

  async userInfo(auth: AuthContext, token = '', secret = ''): Promise<UserInfo> {
    return this.present(auth.user, auth.merchant, auth.expiresAt, auth.loginType, token, secret);
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await new SessionStore(trx).revoke(auth.sessionId, this.d.clock());
      await this.audit.record(trx, {
        merchantId: auth.user.merchant_id,
        origin: originOf(auth),
        kind: 'logout',
        action: 'logout',
        target: { type: 'user', id: auth.user.id, name: auth.user.username },
      });
    });
  }

  async sendResetSms(phone: string, ip: string, locale: Locale): Promise<void> {
    if (!(await this.d.repo.findMainByPhone(phone))) throw new AppError(RCODE.PHONE_NOT_REGISTERED);
    await this.d.sms.issue(phone, 'resetPwd', ip, locale);
  }

  async resetPassword(
    phone: string,
    password: string,
    code: string,
    caller: Caller = { ip: '', userAgent: '' },
  ): Promise<void> {
    const user = await this.d.repo.findMainByPhone(phone);
    if (!user) throw new AppError(RCODE.PHONE_NOT_REGISTERED);
    await this.d.sms.verify({ phone, purpose: 'resetPwd', code, consume: true });
    await this.replacePassword(user, password, {
      actor: actorOf({ user }),
      ...caller,
      call: '/p/v1/resetPwd',
    });
    // The owner proved the phone: no address stays locked out of the account.
    const buckets = loginBuckets(phone, '');
    await this.d.limiter.clearStartingWith(buckets.accountAddressPrefix);
    await this.d.limiter.clear(buckets.account);
  }

  /** Where the logged-in user's own password-change code goes (spec §6 reset rules). */
  async sendOwnPwdSms(auth: AuthContext, ip: string, locale: Locale): Promise<{ phone: string }> {
    const phone = await this.ownResetPhone(auth);
    await this.d.sms.issue(phone, 'changePwd', ip, locale);
    return { phone: maskPhone(phone) };
  }

  async changeOwnPassword(auth: AuthContext, code: string, password: string): Promise<void> {
    const phone = await this.ownResetPhone(auth);
    await this.d.sms.verify({ phone, purpose: 'changePwd', code, consume: true });
    await this.replacePassword(auth.user, password, originOf(auth));
  }

  /** The code asked before account details change goes to the main account's phone. */
  async sendChangeInfoSms(auth: AuthContext, ip: string, locale: Locale): Promise<{ phone: string }> {
    if (!isMainAccount(auth.user)) throw new AppError(RCODE.FORBIDDEN);
    if (!isMainlandMobile(auth.merchant.phone)) throw new AppError(RCODE.NO_PHONE_BOUND);
    await this.d.sms.issue(auth.merchant.phone, 'changeInfo', ip, locale);
    return { phone: maskPhone(auth.merchant.phone) };
  }

  async editOperPassword(auth: AuthContext, oldMd5: string, newMd5: string): Promise<void> {
    // A staff member's operation password is the main account's to set (spec §6): the call is mainOnly and refuses
    // staff with CONTACT_MAIN_ACCOUNT before the body is read (platform/route.ts).
    if (oldMd5 === newMd5) throw AppError.invalid('new_oper_pwd', 'operPwdSameAsOld');
    if (auth.user.oper_pwd_hash) {
      await this.assertOperPassword(auth, oldMd5);
    }
    const hash = await hashPassword(newMd5);
    await this.d.db.transaction().execute(async (trx) => {
      await new AccountRepository(trx).setOperPwd(auth.user.id, hash, this.d.clock());
      await this.audit.record(trx, {
        merchantId: auth.user.merchant_id,
        origin: originOf(auth),
        kind: 'oper_password',
        action: auth.user.oper_pwd_hash ? 'change' : 'set',
        target: { type: 'user', id: auth.user.id, name: auth.user.username },
        changes: [{ field: 'oper_pwd', before: auth.user.oper_pwd_hash ? 'set' : null, after: 'set' }],
      });
    });
  }

  /** Verifies the operation password and yields the sign, valid 2 hours, that guarded actions need. */
  async checkOperPassword(auth: AuthContext, md5: string): Promise<{ sign: string; expire_at: number }> {
    if (!auth.user.oper_pwd_hash) throw new AppError(RCODE.OPER_PWD_NOT_SET);
    await this.assertOperPassword(auth, md5);
    const sign = randomToken();
    const expireAt = this.d.clock() + OPER_SESSION_MS;
    await this.d.sessions.setOperSign(auth.sessionId, sha256(sign), expireAt);
    return { sign, expire_at: expireAt };
  }

  async listUsers(auth: AuthContext) {
    const users = await this.d.repo.listUsers(auth.merchant.id);
    const data = users.map((u) => ({
      user_id: u.id,
      username: u.username,
      nickname: u.nickname,
      is_main: isMainAccount(u),
    }));
    return { data, count: data.length };
  }

  private async assertOperPassword(auth: AuthContext, md5: string): Promise<void> {
    const bucket = `oper:user:${auth.user.id}`;
    await this.d.limiter.reserve([
      { bucket, limit: LOGIN_LIMITS.operPerUser, windowMs: LOGIN_LIMITS.windowMs },
    ]);
    if (!auth.user.oper_pwd_hash || !(await verifyPassword(auth.user.oper_pwd_hash, md5))) {
      throw new AppError(RCODE.OPER_PWD_WRONG);
    }
    await this.d.limiter.clear(bucket);
  }

  /**
   * The phone a user's own password reset goes to: the main account's username, a staff member's phone while the
   * Account app's subuser_self_reset_password is 1 (else SELF_RESET_DISABLED); NO_PHONE_BOUND (main account) or
   * STAFF_NO_PHONE (staff) without one.
   */
  async ownResetPhone(auth: AuthContext): Promise<string> {
    if (isMainAccount(auth.user)) {
      if (!isMainlandMobile(auth.user.username)) throw new AppError(RCODE.NO_PHONE_BOUND);
      return auth.user.username;
    }
    const apps = await this.d.apps.list(auth.merchant.id);
    if (appExtend(apps, 'Account', 'subuser_self_reset_password') !== '1') {
      throw new AppError(RCODE.SELF_RESET_DISABLED);
    }
    // A staff member's phone is optional: without one the main account has to add it (not support).
    if (!isMainlandMobile(auth.user.phone)) throw new AppError(RCODE.STAFF_NO_PHONE);
    return auth.user.phone;
  }

  private async replacePassword(user: User, password: string, origin: AuditOrigin): Promise<void> {
    const now = this.d.clock();
    const hash = await hashPassword(password);
    await this.d.db.transaction().execute(async (trx) => {
      await new AccountRepository(trx).setPassword(user.id, hash, now);
      // Every session ends: whoever knew the old password is out.
      await new SessionStore(trx).revokeUser(user.id, now);
      await this.audit.record(trx, {
        merchantId: user.merchant_id,
        origin,
        kind: 'password',
        action: origin.call === '/p/v1/resetPwd' ? 'reset' : 'change',
        target: { type: 'user', id: user.id, name: user.username },
        changes: [{ field: 'password', before: 'set', after: 'set' }],
      });
    });
  }

  private async findByLogin(username: string): Promise<User | undefined> {
    const at = username.lastIndexOf('@');
    if (at > 0) return this.d.repo.findStaffByLogin(username.slice(0, at), username.slice(at + 1));
    return this.d.repo.findMainByPhone(username);
  }

  /** Opens a session (3 days) and answers the user info holding its token and secret. */
  async startSession(
    userId: number,
    loginType: 'wechat' | 'common',
    caller: Caller,
    passportId: number | null = null,
    /** The call that logged in (the audit log's entry); sign-up's first session is not a login. */
    auditCall?: string,
  ): Promise<UserInfo> {
    const now = this.d.clock();
    const token = randomToken();
    const secret = randomToken();
    const expiresAt = now + LOGIN_VALID_MS;
    const user = await this.d.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await this.d.db.transaction().execute(async (trx) => {
      await new SessionStore(trx).open({
        userId,
        tokenHash: sha256(token),
        secretHash: sha256(secret),
        loginType,
        ip: caller.ip,
        userAgent: caller.userAgent,
        now,
        expiresAt,
        passportId,
      });
      if (auditCall === undefined) return;
      await this.audit.record(trx, {
        merchantId: user.merchant_id,
        origin: { actor: actorOf({ user }), ip: caller.ip, userAgent: caller.userAgent, call: auditCall },
        kind: 'login',
        action: loginType === 'wechat' ? 'login_wechat' : 'login',
        target: { type: 'user', id: user.id, name: user.username },
      });
    });
    const merchant = await this.d.repo.findMerchant(user.merchant_id);
    if (!merchant) throw new Error(`user ${userId} has no merchant`);
    return this.present(user, merchant, expiresAt, loginType, token, secret);
  }

  private async present(
    user: User,
    merchant: Merchant,
    expiresAt: number,
    loginType: 'wechat' | 'common',
    token: string,
    secret: string,
  ): Promise<UserInfo> {
    const [appList, agent] = await Promise.all([
      this.d.apps.list(merchant.id),
      this.d.agents.brand(merchant.agent_id),
    ]);
    return {
      username: isMainAccount(user)
        ? user.username
        : `${user.username}@${merchant.sub_user_suffix ?? merchant.phone}`,
      nickname: user.nickname,
      token,
      secret,
      isMain: isMainAccount(user),
      business: merchant.business,
      merchantName: merchant.name,
      havePerms: await permissionsOf(this.d.db, user),
      allStores: isMainAccount(user) || user.all_device === 1,
      hasPhone: isMainlandMobile(isMainAccount(user) ? user.username : user.phone),
      expiry: expiresAt,
      payDomain: this.d.payDomain,
      isOperPwd: user.is_oper_pwd === 1 ? 1 : 0,
      subUserSuffix: merchant.sub_user_suffix ?? '',
      appList,
      loginType,
      agent,
    };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken());
    return this.dummyHash;
  }
}

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
