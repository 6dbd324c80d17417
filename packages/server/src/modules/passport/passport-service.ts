import type { UserInfo } from '@vendo/contract/api/account';
import { PASSPORT_TICKET_MS, type PassportAccount } from '@vendo/contract/api/passport';
import { RCODE } from '@vendo/contract/rcodes';
import type { OAuthUser } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { PassportContext } from '../../platform/auth';
import { randomToken, sha256 } from '../../platform/crypto';
import type { AccountsService, Caller } from '../accounts/accounts-service';
import type { LinkedAccount, PassportRepository } from './passport-repository';
import type { SessionStore } from '../../platform/sessions';

export interface PassportDeps {
  repo: PassportRepository;
  sessions: SessionStore;
  accounts: AccountsService;
  /** The messaging app's name, stored with each identity. */
  provider: string;
  clock: () => number;
}

/** What the login hand-over gives the browser: a session of a linked account, or a bind ticket. */
export type HandOver = { kind: 'session' | 'ticket'; token: string; secret: string };

/** The login name of a linked account: the phone of a main account, account@suffix of staff. */
function loginName(a: LinkedAccount): string {
  return a.isMain ? a.username : `${a.username}@${a.subUserSuffix ?? a.merchantPhone}`;
}

/**
 * Logging in with the messaging app and the accounts linked to an identity (spec §2 /BindPassport,
 * /PassportLoading; §5 link account; §7 linked login). Sessions it opens are loginType wechat and remember the
 * identity, so it can switch between its accounts.
 */
export class PassportService {
  constructor(private readonly d: PassportDeps) {}

  /** After the OAuth callback: the account used last, or a ticket for /BindPassport while none is linked. */
  async handOver(who: OAuthUser, caller: Caller): Promise<HandOver> {
    const now = this.d.clock();
    const passportId = await this.d.repo.upsert(this.d.provider, who, now);
    const [last] = await this.d.repo.linked(passportId);
    if (last) {
      const info = await this.open(passportId, last.userId, caller);
      return { kind: 'session', token: info.token, secret: info.secret };
    }
    const token = randomToken();
    const secret = randomToken();
    await this.d.repo.createTicket(passportId, sha256(token), sha256(secret), now, now + PASSPORT_TICKET_MS);
    return { kind: 'ticket', token, secret };
  }

  /** Links the account a login name and password name (login limits apply) and logs in to it. */
  async bindAccount(
    ctx: PassportContext,
    input: { account: string; password: string },
    caller: Caller,
  ): Promise<UserInfo> {
    const user = await this.d.accounts.verifyLogin(input.account, input.password, caller);
    const now = this.d.clock();
    await this.d.repo.link(ctx.passportId, user.id, now);
    await this.d.repo.revokeTickets(ctx.passportId, now);
    return this.open(ctx.passportId, user.id, caller);
  }

  async loginInfo(ctx: PassportContext) {
    const passport = await this.d.repo.find(ctx.passportId);
    if (!passport) throw new AppError(RCODE.USER_INFO_FAILED);
    const linked = await this.d.repo.linked(ctx.passportId);
    const currentId = ctx.session?.user.id;
    const current = linked.find((a) => a.userId === currentId);
    return {
      account_list: linked.map((a): PassportAccount => ({
        account: loginName(a),
        is_main: a.isMain ? 1 : 0,
        remarks: a.remarks,
        merchant_name: a.merchantName,
        current: a.userId === currentId,
        linked_at: a.linkedAt,
      })),
      login_info: {
        nickname: passport.nickname,
        headimgurl: passport.headimgurl,
        account: current ? loginName(current) : '',
        login_type: 'wechat' as const,
      },
    };
  }

  /** Logs in to another linked account; the calling session ends (the web app keeps the new one). */
  async switchAccount(ctx: PassportContext, account: string, caller: Caller): Promise<UserInfo> {
    const target = await this.linkedAccount(ctx, account);
    const info = await this.open(ctx.passportId, target.userId, caller);
    if (ctx.session && ctx.session.user.id !== target.userId) {
      await this.d.sessions.revoke(ctx.session.sessionId, this.d.clock());
    }
    return info;
  }

  async setRemarks(ctx: PassportContext, account: string, remarks: string): Promise<void> {
    const target = await this.linkedAccount(ctx, account);
    await this.d.repo.setRemarks(ctx.passportId, target.userId, remarks);
  }

  /** Unlinks; the sessions this identity opened on the account end (the calling one too, if it is one). */
  async unbind(ctx: PassportContext, account: string): Promise<void> {
    const target = await this.linkedAccount(ctx, account);
    await this.d.repo.unlink(ctx.passportId, target.userId, this.d.clock());
  }

  async pruneTickets(): Promise<void> {
    await this.d.repo.pruneTickets(this.d.clock() - 86_400_000);
  }

  private async linkedAccount(ctx: PassportContext, account: string): Promise<LinkedAccount> {
    const linked = await this.d.repo.linked(ctx.passportId);
    const found = linked.find((a) => loginName(a) === account);
    if (!found) throw new AppError(RCODE.PASSPORT_NOT_LINKED);
    return found;
  }

  private async open(passportId: number, userId: number, caller: Caller): Promise<UserInfo> {
    await this.d.repo.touch(passportId, userId, this.d.clock());
    // A messaging-app login is a login in the audit log too (modules/audit).
    return this.d.accounts.startSession(userId, 'wechat', caller, passportId, 'passport');
  }
}
