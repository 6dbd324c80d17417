import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { contains, onPostgres } from '../../db/list-query';
import type { BankBranchesTable, BankDirectorySourceTable } from './bank-directory-tables';

/** Rows per INSERT: 5 parameters each stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 1000;
/** First key of the PostgreSQL advisory lock held while the directory is replaced ("BDIR"). */
const LOCK_KEY = 0x42444952;

export type DirectorySource = Omit<BankDirectorySourceTable, 'id'>;

/** All SQL of the directory. */
export class DirectoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async branches(where: {
    bankCode: string;
    provCode: string;
    cityCode: string;
    keyword?: string;
  }): Promise<Array<Pick<BankBranchesTable, 'bank_no' | 'name'>>> {
    let query = this.db
      .selectFrom('bank_branches')
      .select(['bank_no', 'name'])
      .where('bank_code', '=', where.bankCode)
      .where('prov_code', '=', where.provCode)
      .where('city_code', '=', where.cityCode);
    if (where.keyword) query = query.where(contains('name', where.keyword));
    // Ordered by the service: the databases' collations order Chinese names differently.
    return query.execute();
  }

  async countsByBank(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('bank_branches')
      .select((eb) => ['bank_code', eb.fn.countAll<number | string>().as('n')])
      .groupBy('bank_code')
      .execute();
    return new Map(rows.map((r) => [r.bank_code, Number(r.n)]));
  }

  async source(): Promise<DirectorySource | undefined> {
    return this.db
      .selectFrom('bank_directory_source')
      .select(['kind', 'file', 'digest', 'rows', 'loaded_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Replaces every branch with `rows` in one transaction: readers see the old directory or the new one, never a
   * mix. `when` runs first inside the transaction, with the current source, and may call the replacement off
   * (another process loaded the same file meanwhile); the lock makes two replacements run one after the other.
   */
  async replace(
    rows: readonly BankBranchesTable[],
    source: DirectorySource,
    when: (current: DirectorySource | undefined) => boolean = () => true,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (onPostgres(trx)) await sql`select pg_advisory_xact_lock(${LOCK_KEY}, 0)`.execute(trx);
      const current = await trx
        .selectFrom('bank_directory_source')
        .select(['kind', 'file', 'digest', 'rows', 'loaded_at'])
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!when(current)) return false;
      await trx.deleteFrom('bank_branches').execute();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('bank_branches')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      }
      await trx.deleteFrom('bank_directory_source').execute();
      await trx
        .insertInto('bank_directory_source')
        .values({ id: 1, ...source })
        .execute();
      return true;
    });
  }
}
