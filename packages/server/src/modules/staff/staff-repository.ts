import type { Kysely } from 'kysely';
import type { Database, User } from '../../db/database';
import { contains, pageWindow } from '../../db/list-query';
import type { RoleRow } from './staff-tables';

type Db = Kysely<Database>;

export interface RoleListed extends RoleRow {
  staff_count: number;
}

export interface StaffListed extends User {
  role_name: string | null;
}

export interface StaffInput {
  username: string;
  nickname: string;
  phone: string;
  role_id: number | null;
  all_device: number;
  goods_own_only: number;
  bank_own_only: number;
}

export interface StoreName {
  id: number;
  name: string;
}

/** All SQL of roles and staff (staff are `users` rows with is_main 0; removed ones carry deleted_at). */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  // ---------------------------------------------------------------------------------------------------------
  // Roles

  async listRoles(
    merchantId: number,
    filter: { name?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: RoleListed[]; count: number }> {
    let query = this.db.selectFrom('roles').where('roles.merchant_id', '=', merchantId);
    if (filter.name) query = query.where(contains('roles.name', filter.name));
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .selectAll('roles')
      .select((eb) =>
        eb
          .selectFrom('users')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('users.role_id', '=', 'roles.id')
          .where('users.deleted_at', 'is', null)
          .as('staff_count'),
      )
      .orderBy('roles.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      rows: rows.map((r) => ({ ...r, staff_count: Number(r.staff_count ?? 0) })),
      count: Number(count),
    };
  }

  findRole(merchantId: number, id: number): Promise<RoleRow | undefined> {
    return this.db
      .selectFrom('roles')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async roleNameTaken(merchantId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('roles')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('name', '=', name);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async insertRole(
    input: { merchantId: number; name: string; note: string; permDetail: string; userId: number },
    now: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('roles')
      .values({
        merchant_id: input.merchantId,
        name: input.name,
        note: input.note,
        perm_detail: input.permDetail,
        created_by: input.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateRole(
    merchantId: number,
    id: number,
    input: { name: string; note: string; permDetail: string },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('roles')
      .set({ name: input.name, note: input.note, perm_detail: input.permDetail, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteRole(trx: Db, merchantId: number, id: number): Promise<void> {
    await trx.deleteFrom('roles').where('merchant_id', '=', merchantId).where('id', '=', id).execute();
  }

  /** Live staff holding the role. */
  async countRoleStaff(trx: Db, merchantId: number, roleId: number): Promise<number> {
    const row = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('role_id', '=', roleId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Staff

  async listStaff(
    merchantId: number,
    filter: { keyword?: string | undefined; roleId?: number | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: StaffListed[]; count: number }> {
    let query = this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .where('users.merchant_id', '=', merchantId)
      .where('users.is_main', '=', 0)
      .where('users.deleted_at', 'is', null);
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) =>
        eb.or([
          contains('users.username', keyword),
          contains('users.nickname', keyword),
          contains('users.phone', keyword),
        ]),
      );
    }
    if (filter.roleId) query = query.where('users.role_id', '=', filter.roleId);
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query
      .selectAll('users')
      .select('roles.name as role_name')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(count) };
  }

  findStaff(merchantId: number, id: number): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('is_main', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async accountTaken(merchantId: number, username: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('username', '=', username)
      .where('deleted_at', 'is', null);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  async countStaff(trx: Db, merchantId: number): Promise<number> {
    const row = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('is_main', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertStaff(
    trx: Db,
    merchantId: number,
    input: StaffInput & {
      passwordHash: string;
      operPwdHash: string | null;
      isOperPwd: number;
      createdBy: number;
    },
    now: number,
  ): Promise<number> {
    const row = await trx
      .insertInto('users')
      .values({
        merchant_id: merchantId,
        username: input.username,
        is_main: 0,
        nickname: input.nickname,
        phone: input.phone,
        password_hash: input.passwordHash,
        oper_pwd_hash: input.operPwdHash,
        is_oper_pwd: input.isOperPwd,
        role_id: input.role_id,
        all_device: input.all_device,
        goods_own_only: input.goods_own_only,
        bank_own_only: input.bank_own_only,
        created_by: input.createdBy,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateStaff(trx: Db, merchantId: number, id: number, input: StaffInput, now: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ ...input, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('is_main', '=', 0)
      .execute();
  }

  /** Replaces the stores a staff member limited to listed stores manages. */
  async setStores(trx: Db, userId: number, storeIds: number[]): Promise<void> {
    await trx.deleteFrom('user_stores').where('user_id', '=', userId).execute();
    if (storeIds.length) {
      await trx
        .insertInto('user_stores')
        .values(storeIds.map((store_id) => ({ user_id: userId, store_id })))
        .execute();
    }
  }

  /** Live stores of each staff member, by name. */
  async storesOf(userIds: number[]): Promise<Map<number, StoreName[]>> {
    const out = new Map<number, StoreName[]>();
    if (!userIds.length) return out;
    const rows = await this.db
      .selectFrom('user_stores')
      .innerJoin('stores', 'stores.id', 'user_stores.store_id')
      .select(['user_stores.user_id', 'stores.id', 'stores.name'])
      .where('user_stores.user_id', 'in', userIds)
      .where('stores.deleted_at', 'is', null)
      .orderBy('stores.id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.user_id) ?? [];
      list.push({ id: r.id, name: r.name });
      out.set(r.user_id, list);
    }
    return out;
  }

  /** Those of the ids that are live stores of the merchant. */
  async merchantStores(merchantId: number, ids: number[]): Promise<StoreName[]> {
    if (!ids.length) return [];
    return this.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Soft removal: the row stays for history, its name is free again, it no longer logs in or links. */
  async removeStaff(trx: Db, merchantId: number, id: number, now: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ deleted_at: now, role_id: null, updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('is_main', '=', 0)
      .execute();
    await trx.deleteFrom('user_stores').where('user_id', '=', id).execute();
    await trx.deleteFrom('passport_accounts').where('user_id', '=', id).execute();
  }

  async setPassword(trx: Db, userId: number, passwordHash: string, now: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async setOperPwd(
    trx: Db,
    userId: number,
    change: { operPwdHash?: string; isOperPwd?: number },
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('users')
      .set({
        ...(change.operPwdHash !== undefined ? { oper_pwd_hash: change.operPwdHash } : {}),
        ...(change.isOperPwd !== undefined ? { is_oper_pwd: change.isOperPwd } : {}),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Login suffix

  /**
   * Whether a suffix would be ambiguous: another merchant's suffix, or another merchant's main phone (staff of a
   * merchant without a suffix log in with that phone as the suffix).
   */
  async suffixTaken(merchantId: number, suffix: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '<>', merchantId)
      .where((eb) => eb.or([eb('sub_user_suffix', '=', suffix), eb('phone', '=', suffix)]))
      .executeTakeFirst();
    return !!row;
  }

  async setSuffix(merchantId: number, suffix: string): Promise<void> {
    await this.db
      .updateTable('merchants')
      .set({ sub_user_suffix: suffix })
      .where('id', '=', merchantId)
      .execute();
  }
}
