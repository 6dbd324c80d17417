import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { pageWindow } from '../../db/list-query';
import type { AuditLogRow } from './audit-tables';

/** What the list and the file filter by: [start, end) and optionally who, kind and machine. */
export interface AuditFilter {
  merchantId: number;
  start: number;
  end: number;
  actorId?: number;
  kind?: string;
  sn?: string;
}

/** All SQL over audit_log but the port's insert (audit-log.ts). */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private where(f: AuditFilter) {
    let q = this.db
      .selectFrom('audit_log')
      .where('merchant_id', '=', f.merchantId)
      .where('at', '>=', f.start)
      .where('at', '<', f.end);
    if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId).where('actor_kind', '!=', 'api_key');
    if (f.kind !== undefined) q = q.where('kind', '=', f.kind);
    if (f.sn !== undefined) q = q.where('machine_sn', '=', f.sn);
    return q;
  }

  async list(f: AuditFilter, paging: { pageNum: number; pageSize: number }): Promise<AuditLogRow[]> {
    const { limit, offset } = pageWindow(paging);
    return this.where(f)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(f: AuditFilter): Promise<number> {
    const row = await this.where(f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Every entry of the filter, newest first, in pages (the file). */
  async *all(f: AuditFilter): AsyncGenerator<AuditLogRow> {
    for (let page = 1; ; page++) {
      const rows = await this.list(f, { pageNum: page, pageSize: 500 });
      yield* rows;
      if (rows.length < 500) return;
    }
  }

  find(merchantId: number, id: number): Promise<AuditLogRow | undefined> {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The retention job's delete: the only one the table knows. */
  async deleteOlderThan(before: number): Promise<number> {
    const r = await this.db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
