import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { contains, lockMerchant, pageWindow } from '../../db/list-query';
import type {
  SplitConfigAccountRow,
  SplitConfigRow,
  SplitConfigsTable,
  SplitConfigVersionsTable,
} from './fee-split-tables';

type Db = Kysely<Database>;

export interface SplitFilter {
  merchantId: number;
  /** Staff limited to their own: only these. */
  createdBy: number | null;
  keyword?: string | undefined;
}

/** All SQL of the split configurations, their accounts and versions. */
export class FeeSplitRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: FeeSplitRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FeeSplitRepository(trx), trx));
  }

  /** Serialises the writes of one merchant's configurations (PostgreSQL row lock; SQLite writes one at a time). */
  lockMerchant(merchantId: number): Promise<void> {
    return lockMerchant(this.db, merchantId);
  }

  findConfig(merchantId: number, id: number): Promise<SplitConfigRow | undefined> {
    return this.db
      .selectFrom('split_configs')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Another configuration of the merchant with this name. */
  async nameTaken(merchantId: number, name: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('split_configs')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('name', '=', name);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async countConfigs(merchantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('split_configs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertConfig(values: Insertable<SplitConfigsTable>): Promise<number> {
    const row = await this.db
      .insertInto('split_configs')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateConfig(id: number, values: Updateable<SplitConfigsTable>): Promise<void> {
    await this.db.updateTable('split_configs').set(values).where('id', '=', id).execute();
  }

  /** The split accounts of a configuration become these, in this order. */
  async replaceAccounts(
    configId: number,
    accounts: readonly { account_id: string; percent: number }[],
  ): Promise<void> {
    await this.db.deleteFrom('split_config_accounts').where('config_id', '=', configId).execute();
    if (accounts.length === 0) return;
    await this.db
      .insertInto('split_config_accounts')
      .values(accounts.map((a, position) => ({ config_id: configId, position, ...a })))
      .execute();
  }

  async insertVersion(values: Insertable<SplitConfigVersionsTable>): Promise<void> {
    await this.db.insertInto('split_config_versions').values(values).execute();
  }

  /** The split accounts of these configurations, in their order. */
  accountsOf(configIds: readonly number[]): Promise<SplitConfigAccountRow[]> {
    if (configIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('split_config_accounts')
      .selectAll()
      .where('config_id', 'in', [...configIds])
      .orderBy('config_id')
      .orderBy('position')
      .execute();
  }

  configsByIds(merchantId: number, ids: readonly number[]): Promise<SplitConfigRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('split_configs')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async list(
    f: SplitFilter,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: SplitConfigRow[]; count: number }> {
    let query = this.db.selectFrom('split_configs').where('merchant_id', '=', f.merchantId);
    if (f.createdBy !== null) query = query.where('created_by', '=', f.createdBy);
    if (f.keyword) query = query.where(contains('name', f.keyword));
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(n) };
  }
}
