import type { Kysely } from 'kysely';
import type { Database, Merchant, User } from '../../db/database';
import type { ApiKeyRow } from './api-key-tables';

type Db = Kysely<Database>;

/** Every query of the API keys. */
export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  /** The merchant's keys, live first, newest first. */
  async list(merchantId: number): Promise<ApiKeyRow[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id', 'desc')
      .execute();
    return [...rows.filter((r) => r.revoked_at === null), ...rows.filter((r) => r.revoked_at !== null)];
  }

  /** The stores of limited keys, with their names, by key id. */
  async storesOf(keyIds: number[]): Promise<Map<number, { _id: number; store_name: string }[]>> {
    const byKey = new Map<number, { _id: number; store_name: string }[]>();
    if (keyIds.length === 0) return byKey;
    const rows = await this.db
      .selectFrom('api_key_stores')
      .innerJoin('stores', 'stores.id', 'api_key_stores.store_id')
      .select(['api_key_stores.api_key_id', 'stores.id', 'stores.name'])
      .where('api_key_stores.api_key_id', 'in', keyIds)
      .orderBy('stores.id')
      .execute();
    for (const r of rows) {
      const list = byKey.get(Number(r.api_key_id)) ?? [];
      list.push({ _id: Number(r.id), store_name: r.name });
      byKey.set(Number(r.api_key_id), list);
    }
    return byKey;
  }

  async storeIdsOf(keyId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('api_key_stores')
      .select('store_id')
      .where('api_key_id', '=', keyId)
      .execute();
    return rows.map((r) => Number(r.store_id));
  }

  async countLive(trx: Db, merchantId: number): Promise<number> {
    const row = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many of these store ids are the merchant's (not deleted). */
  async countStores(trx: Db, merchantId: number, storeIds: number[]): Promise<number> {
    if (storeIds.length === 0) return 0;
    const row = await trx
      .selectFrom('stores')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', storeIds)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(
    trx: Db,
    row: Omit<ApiKeyRow, 'id' | 'last_used_at' | 'revoked_at'>,
    storeIds: number[],
  ): Promise<number> {
    const { id } = await trx
      .insertInto('api_keys')
      .values({ ...row, last_used_at: null, revoked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (storeIds.length > 0) {
      await trx
        .insertInto('api_key_stores')
        .values(storeIds.map((store_id) => ({ api_key_id: id, store_id })))
        .execute();
    }
    return Number(id);
  }

  async find(trx: Db, merchantId: number, id: number): Promise<ApiKeyRow | undefined> {
    return trx
      .selectFrom('api_keys')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async revoke(trx: Db, id: number, now: number): Promise<void> {
    await trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async findByHash(hash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
  }

  /** The merchant and its main account, whom a key calls on behalf of. */
  async owner(merchantId: number): Promise<{ user: User; merchant: Merchant } | undefined> {
    const merchant = await this.db
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', merchantId)
      .executeTakeFirst();
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('is_main', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return merchant && user ? { user, merchant } : undefined;
  }

  /** Notes a use; at most one write a minute per key (`before`: the last use it replaces is older than that). */
  async touch(id: number, now: number, before: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', before)]))
      .execute();
  }
}
