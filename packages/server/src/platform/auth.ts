import type { Kysely } from 'kysely';
import { API_KEY_HEADER } from '@vendo/contract/api/api-keys';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database, Merchant, User } from '../db/database';
import { AppError } from './app-error';
import { safeEqual, sha256 } from './crypto';
import type { SessionStore } from './sessions';

/** The merchant's main account (the phone that signed up), as opposed to its staff. Rows keep flags as 0/1. */
export function isMainAccount(user: Pick<User, 'is_main'>): boolean {
  return user.is_main === 1;
}

/**
 * What an API key holds (decision 047): permission codes and stores, checked like a staff member's role and stores.
 * A key calls as its merchant's main account's user made staff-like (`ApiKeyUser`): not main, no operation
 * password, its grant attached; `permissionsOf` and `scopeOf` read the grant instead of a role and user_stores.
 */
export interface ApiKeyGrant {
  id: number;
  name: string;
  permissions: number[];
  /** null: every store of the merchant. */
  storeIds: number[] | null;
}

export type ApiKeyUser = User & { api_key: ApiKeyGrant };

/** The grant of the API key a user stands for; undefined for a person's login. */
export function apiKeyOf(user: User): ApiKeyGrant | undefined {
  return isApiKeyUser(user) ? user.api_key : undefined;
}

function isApiKeyUser(user: User): user is ApiKeyUser {
  return 'api_key' in user;
}

/** Resolves the API key header to its caller (modules/api-keys): refused when unknown, revoked or over its rate. */
export interface ApiKeyResolver {
  authenticate(key: string): Promise<AuthContext>;
  /** Records a key's use of a call that changes something (audit log). */
  recordUse(auth: AuthContext, origin: { ip: string; userAgent: string; call: string }): Promise<void>;
}

/** Who is calling: the user, their merchant, and the session they hold. */
export interface AuthContext {
  user: User;
  merchant: Merchant;
  sessionId: number;
  loginType: 'wechat' | 'common';
  expiresAt: number;
  operSignHash: string | null;
  operExpiresAt: number | null;
  /** The messaging-app identity that opened this session (loginType wechat); null for a password login. */
  passportId: number | null;
}

/**
 * A messaging-app identity calling (the `passport` calls of api/passport.ts): through a session the messaging-app
 * login opened, or through the bind ticket handed over while no account is linked (session null).
 */
export interface PassportContext {
  passportId: number;
  session: AuthContext | null;
}

/**
 * A member calling (the `member` calls of api/members.ts): the member cert's token and secret name one member of
 * one merchant (modules/members writes the certs).
 */
export interface MemberContext {
  memberId: number;
  merchantId: number;
}

/**
 * Resolves the `token` and `secret` headers to a live session. Anything missing, unknown, revoked or
 * past its 3 days answers 604, which the web app treats as "log in again".
 */
export class Authenticator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionStore,
    private readonly clock: () => number,
    private readonly apiKeys?: ApiKeyResolver,
  ) {}

  /** A session's token and secret, or an API key (decision 047): the key is taken when its header is sent. */
  async authenticate(headers: Record<string, string | string[] | undefined>): Promise<AuthContext> {
    const apiKey = headers[API_KEY_HEADER];
    if (apiKey !== undefined && this.apiKeys) {
      const key = single(apiKey);
      if (!key) throw new AppError(RCODE.API_KEY_INVALID);
      return this.apiKeys.authenticate(key);
    }
    const token = single(headers['token']);
    const secret = single(headers['secret']);
    if (!token || !secret) throw new AppError(RCODE.SESSION_EXPIRED);
    const row = await this.liveSession({ column: 'sessions.token_hash', value: sha256(token) });
    if (!safeEqual(row.secret_hash, sha256(secret))) throw new AppError(RCODE.SESSION_EXPIRED);
    return contextOf(row);
  }

  /**
   * The live session of an id, checked as the headers' would be: a download link names the session that asked
   * for it, and the browser opening the link sends no headers.
   */
  async resume(sessionId: number): Promise<AuthContext> {
    return contextOf(await this.liveSession({ column: 'sessions.id', value: sessionId }));
  }

  /** Records an API key's use of a changing call; nothing for a session. */
  async recordKeyUse(
    auth: AuthContext,
    origin: { ip: string; userAgent: string; call: string },
  ): Promise<void> {
    if (apiKeyOf(auth.user)) await this.apiKeys?.recordUse(auth, origin);
  }

  /** The session row with its user and merchant; anything unknown, revoked, expired or of a removed user: 604. */
  private async liveSession(where: Parameters<SessionStore['find']>[0]): Promise<SessionRow> {
    const row = await this.sessions.find(where);
    if (!row || row.revoked_at !== null || row.expires_at <= this.clock()) {
      throw new AppError(RCODE.SESSION_EXPIRED);
    }
    return row;
  }

  /**
   * The identity of a `passport` call: missing token or secret answers USER_INFO_FAILED ("failed to get user
   * info", spec §5); a bind ticket or a session opened by the messaging-app login names the identity; a session
   * opened with a password answers NOT_PASSPORT_LOGIN; anything unknown, revoked or expired 604.
   */
  /** The member of a `member` call (authenticateMember). */
  async authenticateMember(headers: Record<string, string | string[] | undefined>): Promise<MemberContext> {
    return authenticateMember(this.db, headers, this.clock());
  }

  async authenticatePassport(
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PassportContext> {
    const token = single(headers['token']);
    const secret = single(headers['secret']);
    if (!token || !secret) throw new AppError(RCODE.USER_INFO_FAILED);
    const ticket = await this.db
      .selectFrom('passport_tickets')
      .select(['passport_id', 'secret_hash', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (ticket) {
      const live = ticket.revoked_at === null && ticket.expires_at > this.clock();
      if (!live || !safeEqual(ticket.secret_hash, sha256(secret))) throw new AppError(RCODE.SESSION_EXPIRED);
      return { passportId: ticket.passport_id, session: null };
    }
    const session = await this.authenticate(headers);
    if (session.passportId === null) throw new AppError(RCODE.NOT_PASSPORT_LOGIN);
    return { passportId: session.passportId, session };
  }
}

/**
 * The member of a `member` call: the cert's token and secret (stored hashed, 30 days). Missing, unknown, expired or
 * a wrong secret: INVALID_CERT ("invalid cert", spec §7).
 */
export async function authenticateMember(
  db: Kysely<Database>,
  headers: Record<string, string | string[] | undefined>,
  now: number,
): Promise<MemberContext> {
  const token = single(headers['token']);
  const secret = single(headers['secret']);
  if (!token || !secret) throw new AppError(RCODE.INVALID_CERT);
  const cert = await db
    .selectFrom('member_certs')
    .innerJoin('members', 'members.id', 'member_certs.member_id')
    .select(['member_certs.secret_hash', 'member_certs.expires_at', 'members.id', 'members.merchant_id'])
    .where('member_certs.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!cert || cert.expires_at <= now || !safeEqual(cert.secret_hash, sha256(secret))) {
    throw new AppError(RCODE.INVALID_CERT);
  }
  return { memberId: Number(cert.id), merchantId: Number(cert.merchant_id) };
}

function single(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 200 ? v : undefined;
}

type SessionRow = NonNullable<Awaited<ReturnType<SessionStore['find']>>>;

function contextOf(row: SessionRow): AuthContext {
  return {
    user: {
      id: row.id,
      merchant_id: row.merchant_id,
      username: row.username,
      is_main: row.is_main,
      nickname: row.nickname,
      phone: row.phone,
      password_hash: row.password_hash,
      oper_pwd_hash: row.oper_pwd_hash,
      is_oper_pwd: row.is_oper_pwd,
      role_id: row.role_id,
      all_device: row.all_device,
      goods_own_only: row.goods_own_only,
      bank_own_only: row.bank_own_only,
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
      deleted_at: row.deleted_at,
    },
    merchant: {
      id: row.merchant_id,
      agent_id: row.m_agent_id,
      name: row.m_name,
      business: row.m_business,
      phone: row.m_phone,
      sub_user_suffix: row.m_sub_user_suffix,
      time_zone: row.m_time_zone,
      created_at: row.m_created_at,
    },
    sessionId: row.session_id,
    loginType: row.login_type === 'wechat' ? 'wechat' : 'common',
    expiresAt: row.expires_at,
    operSignHash: row.oper_sign_hash,
    operExpiresAt: row.oper_expires_at,
    passportId: row.passport_id,
  };
}
