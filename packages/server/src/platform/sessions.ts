import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/database';
import { prepared } from '../db/prepared-query';

/** A login: the token and secret the web app holds (hashed), and the operator sign it earned. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  secret_hash: string;
  login_type: string;
  oper_sign_hash: string | null;
  oper_expires_at: number | null;
  ip: string;
  user_agent: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The messaging-app identity that opened the session (loginType wechat); null for a password login. */
  passport_id: number | null;
}

export interface NewSession {
  userId: number;
  tokenHash: string;
  secretHash: string;
  loginType: 'wechat' | 'common';
  ip: string;
  userAgent: string;
  now: number;
  expiresAt: number;
  passportId?: number | null;
}

/** A database handle or the transaction a change must join. */
type Db = Kysely<Database>;

/**
 * The one place that writes sessions: logins open them; logouts, password changes, staff removal and unlinking a
 * messaging-app identity end them. The Authenticator reads them.
 */
export class SessionStore {
  constructor(private readonly db: Db) {}

  async open(input: NewSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        user_id: input.userId,
        token_hash: input.tokenHash,
        secret_hash: input.secretHash,
        login_type: input.loginType,
        oper_sign_hash: null,
        oper_expires_at: null,
        ip: input.ip,
        user_agent: input.userAgent,
        created_at: input.now,
        expires_at: input.expiresAt,
        revoked_at: null,
        passport_id: input.passportId ?? null,
      })
      .execute();
  }

  async revoke(sessionId: number, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every live session of a user: after a password change, a reset or removal. */
  async revokeUser(userId: number, now: number, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends the sessions a messaging-app identity opened on one account (it was unlinked). */
  async revokeOpenedBy(passportId: number, userId: number, now: number, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('passport_id', '=', passportId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async setOperSign(sessionId: number, signHash: string, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ oper_sign_hash: signHash, oper_expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Operator signs (2 hours) given under an old operation password stop counting. */
  async clearOperSigns(userId: number, trx: Db = this.db): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ oper_sign_hash: null, oper_expires_at: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * A session with its user and merchant, by token hash or id; undefined when there is none. Every session call
   * reads it: a prepared query (db/prepared-query.ts), built and compiled once, not on every request.
   */
  async find(where: { column: 'sessions.token_hash' | 'sessions.id'; value: string | number }) {
    return where.column === 'sessions.token_hash'
      ? sessionByToken.first(this.db, { value: String(where.value) })
      : sessionById.first(this.db, { value: Number(where.value) });
  }
}

/** The session row with its user and merchant, for one condition on the session. */
function sessionQuery(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.secret_hash',
      'sessions.login_type',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.oper_sign_hash',
      'sessions.oper_expires_at',
      'sessions.passport_id',
      'merchants.agent_id as m_agent_id',
      'merchants.name as m_name',
      'merchants.business as m_business',
      'merchants.phone as m_phone',
      'merchants.sub_user_suffix as m_sub_user_suffix',
      'merchants.time_zone as m_time_zone',
      'merchants.created_at as m_created_at',
    ])
    .where('users.deleted_at', 'is', null);
}

const sessionByToken = prepared<{ value: string }>()((db, p) =>
  sessionQuery(db).where('sessions.token_hash', '=', p.value),
);
const sessionById = prepared<{ value: number }>()((db, p) =>
  sessionQuery(db).where('sessions.id', '=', p.value),
);
