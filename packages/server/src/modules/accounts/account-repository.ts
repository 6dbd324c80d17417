import type { Kysely } from 'kysely';
import type { Database, Merchant, User } from '../../db/database';

/** All SQL about merchants and users (sessions: platform/sessions.ts). */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findMainByPhone(phone: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('is_main', '=', 1)
      .where('username', '=', phone)
      .executeTakeFirst();
  }

  /**
   * A staff login name is account@suffix: the suffix is the merchant's sub_user_suffix, or the main
   * account's phone while the merchant has set none. A merchant's own suffix wins over another's phone, so the
   * answer is never a coin toss between two merchants. Removed staff are not found.
   */
  async findStaffByLogin(account: string, suffix: string): Promise<User | undefined> {
    const staff = () =>
      this.db
        .selectFrom('users')
        .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
        .selectAll('users')
        .where('users.is_main', '=', 0)
        .where('users.deleted_at', 'is', null)
        .where('users.username', '=', account);
    const bySuffix = await staff().where('merchants.sub_user_suffix', '=', suffix).executeTakeFirst();
    if (bySuffix) return bySuffix;
    return staff()
      .where('merchants.sub_user_suffix', 'is', null)
      .where('merchants.phone', '=', suffix)
      .executeTakeFirst();
  }

  findMerchant(id: number): Promise<Merchant | undefined> {
    return this.db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listUsers(merchantId: number): Promise<User[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .orderBy('is_main', 'desc')
      .orderBy('id')
      .execute();
  }

  async createMerchantWithMain(
    trx: Kysely<Database>,
    input: {
      agentId: string;
      name: string;
      business: string;
      phone: string;
      passwordHash: string;
      timeZone: string;
      now: number;
    },
  ): Promise<{ merchantId: number; userId: number }> {
    const merchant = await trx
      .insertInto('merchants')
      .values({
        agent_id: input.agentId,
        name: input.name,
        business: input.business,
        phone: input.phone,
        sub_user_suffix: null,
        time_zone: input.timeZone,
        created_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        merchant_id: merchant.id,
        username: input.phone,
        is_main: 1,
        nickname: input.name,
        phone: input.phone,
        password_hash: input.passwordHash,
        oper_pwd_hash: null,
        is_oper_pwd: 0,
        role_id: null,
        all_device: 1,
        goods_own_only: 0,
        bank_own_only: 0,
        created_by: null,
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { merchantId: merchant.id, userId: user.id };
  }

  async setPassword(userId: number, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async setOperPwd(userId: number, operPwdHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ oper_pwd_hash: operPwdHash, is_oper_pwd: 1, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
}
