import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { isMainAccount } from '../../platform/auth';
import type { SessionStore } from '../../platform/sessions';

type Db = Kysely<Database>;

export interface LinkedAccount {
  userId: number;
  username: string;
  isMain: boolean;
  merchantName: string;
  subUserSuffix: string | null;
  merchantPhone: string;
  remarks: string;
  linkedAt: number;
  lastLoginAt: number;
}

/** All SQL of messaging-app identities, the accounts linked to them and their bind tickets. */
export class PassportRepository {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  /** The identity of (provider, openid), made or refreshed with the nickname and avatar the platform gave. */
  async upsert(
    provider: string,
    who: { openid: string; unionid: string; nickname: string; headimgurl: string },
    now: number,
  ): Promise<number> {
    await this.db
      .insertInto('passports')
      .values({ provider, ...who, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['provider', 'openid']).doUpdateSet({
          unionid: who.unionid,
          nickname: who.nickname,
          headimgurl: who.headimgurl,
          updated_at: now,
        }),
      )
      .execute();
    const row = await this.db
      .selectFrom('passports')
      .select('id')
      .where('provider', '=', provider)
      .where('openid', '=', who.openid)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number) {
    return this.db
      .selectFrom('passports')
      .select(['id', 'nickname', 'headimgurl'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Live accounts linked to the identity, used last first. */
  async linked(passportId: number): Promise<LinkedAccount[]> {
    const rows = await this.db
      .selectFrom('passport_accounts')
      .innerJoin('users', 'users.id', 'passport_accounts.user_id')
      .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
      .select([
        'users.id as user_id',
        'users.username',
        'users.is_main',
        'merchants.name as merchant_name',
        'merchants.sub_user_suffix',
        'merchants.phone as merchant_phone',
        'passport_accounts.remarks',
        'passport_accounts.linked_at',
        'passport_accounts.last_login_at',
      ])
      .where('passport_accounts.passport_id', '=', passportId)
      .where('users.deleted_at', 'is', null)
      .orderBy('passport_accounts.last_login_at', 'desc')
      .orderBy('passport_accounts.id')
      .execute();
    return rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      isMain: isMainAccount(r),
      merchantName: r.merchant_name,
      subUserSuffix: r.sub_user_suffix,
      merchantPhone: r.merchant_phone,
      remarks: r.remarks,
      linkedAt: r.linked_at,
      lastLoginAt: r.last_login_at,
    }));
  }

  /** Links an account (again: nothing changes but the last login). */
  async link(passportId: number, userId: number, now: number): Promise<void> {
    await this.db
      .insertInto('passport_accounts')
      .values({ passport_id: passportId, user_id: userId, remarks: '', linked_at: now, last_login_at: now })
      .onConflict((oc) => oc.columns(['passport_id', 'user_id']).doUpdateSet({ last_login_at: now }))
      .execute();
  }

  async touch(passportId: number, userId: number, now: number): Promise<void> {
    await this.db
      .updateTable('passport_accounts')
      .set({ last_login_at: now })
      .where('passport_id', '=', passportId)
      .where('user_id', '=', userId)
      .execute();
  }

  async setRemarks(passportId: number, userId: number, remarks: string): Promise<void> {
    await this.db
      .updateTable('passport_accounts')
      .set({ remarks })
      .where('passport_id', '=', passportId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Unlinks, and ends the sessions the identity opened on that account. */
  async unlink(passportId: number, userId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('passport_accounts')
        .where('passport_id', '=', passportId)
        .where('user_id', '=', userId)
        .execute();
      await this.sessions.revokeOpenedBy(passportId, userId, now, trx);
    });
  }

  async createTicket(
    passportId: number,
    tokenHash: string,
    secretHash: string,
    now: number,
    expiresAt: number,
  ): Promise<void> {
    await this.db
      .insertInto('passport_tickets')
      .values({
        passport_id: passportId,
        token_hash: tokenHash,
        secret_hash: secretHash,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
  }

  /** Tickets of an identity stop working once an account is linked: from then on sessions carry it. */
  async revokeTickets(passportId: number, now: number): Promise<void> {
    await this.db
      .updateTable('passport_tickets')
      .set({ revoked_at: now })
      .where('passport_id', '=', passportId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async pruneTickets(before: number): Promise<void> {
    await this.db.deleteFrom('passport_tickets').where('expires_at', '<', before).execute();
  }
}
