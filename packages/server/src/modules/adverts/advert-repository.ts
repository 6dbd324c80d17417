import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { contains, lockMerchant, pageWindow } from '../../db/list-query';
import type { AdvertRow, AdvertsTable } from './advert-tables';

type Db = Kysely<Database>;
export type AdvertValues = Omit<AdvertsTable, 'id' | 'created_at' | 'created_by'>;
export type TargetKind = 'store' | 'machine';

/** A machine as the ads need it. */
export interface AdMachine {
  id: number;
  sn: string;
  merchant_id: number | null;
  store_id: number | null;
  alive: number;
}

/** All SQL about advertisement plans, their targets and the machines' ads revisions. */
export class AdvertRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  lockMerchant(trx: Db, merchantId: number): Promise<void> {
    return lockMerchant(trx, merchantId);
  }

  async advert(db: Db, merchantId: number, id: number): Promise<AdvertRow | undefined> {
    return db
      .selectFrom('adverts')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
  }

  async list(
    merchantId: number,
    filter: { keyword?: string | undefined; status?: 0 | 1 | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: AdvertRow[]; count: number }> {
    let q = this.db.selectFrom('adverts').where('merchant_id', '=', merchantId);
    if (filter.keyword) q = q.where(contains('name', filter.keyword));
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const { limit, offset } = pageWindow(paging);
    const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows, count: Number(total.n) };
  }

  async count(trx: Db, merchantId: number, status?: 1): Promise<number> {
    let q = trx.selectFrom('adverts').where('merchant_id', '=', merchantId);
    if (status !== undefined) q = q.where('status', '=', status);
    const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Db, values: AdvertValues & { created_by: number; created_at: number }): Promise<number> {
    const row = await trx.insertInto('adverts').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(trx: Db, merchantId: number, id: number, values: Partial<AdvertValues>): Promise<boolean> {
    const r = await trx
      .updateTable('adverts')
      .set(values)
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(trx: Db, merchantId: number, id: number): Promise<boolean> {
    await trx.deleteFrom('advert_targets').where('advert_id', '=', id).execute();
    const r = await trx
      .deleteFrom('adverts')
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async setTargets(
    trx: Db,
    advertId: number,
    kind: TargetKind | null,
    ids: readonly number[],
  ): Promise<void> {
    await trx.deleteFrom('advert_targets').where('advert_id', '=', advertId).execute();
    if (!kind || ids.length === 0) return;
    await trx
      .insertInto('advert_targets')
      .values(ids.map((id) => ({ advert_id: advertId, kind, target_id: id })))
      .execute();
  }

  /** The targets of plans, by plan. */
  async targets(
    db: Db,
    advertIds: readonly number[],
  ): Promise<Map<number, { kind: TargetKind; id: number }[]>> {
    const map = new Map<number, { kind: TargetKind; id: number }[]>();
    if (advertIds.length === 0) return map;
    const rows = await db
      .selectFrom('advert_targets')
      .select(['advert_id', 'kind', 'target_id'])
      .where('advert_id', 'in', [...advertIds])
      .orderBy('target_id')
      .execute();
    for (const r of rows) {
      const list = map.get(Number(r.advert_id)) ?? [];
      list.push({ kind: r.kind as TargetKind, id: Number(r.target_id) });
      map.set(Number(r.advert_id), list);
    }
    return map;
  }

  /** The merchant's stores among `ids`, with their names (deleted ones left out). */
  async storeNames(db: Db, merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** The merchant's machines with these sns (or ids). */
  async machinesOf(
    db: Db,
    merchantId: number,
    by: { sns: readonly string[] } | { ids: readonly number[] },
  ): Promise<Array<AdMachine & { title: string }>> {
    const list = 'sns' in by ? by.sns : by.ids;
    if (list.length === 0) return [];
    let q = db
      .selectFrom('devices')
      .select(['id', 'sn', 'merchant_id', 'store_id', 'alive', 'title'])
      .where('merchant_id', '=', merchantId);
    q = 'sns' in by ? q.where('sn', 'in', [...by.sns]) : q.where('id', 'in', [...by.ids]);
    const rows = await q.orderBy('sn').execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      merchant_id: r.merchant_id === null ? null : Number(r.merchant_id),
      store_id: r.store_id === null ? null : Number(r.store_id),
    }));
  }

  async machineBySn(sn: string): Promise<AdMachine | undefined> {
    const r = await this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'merchant_id', 'store_id', 'alive'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    if (!r) return undefined;
    return {
      ...r,
      id: Number(r.id),
      merchant_id: r.merchant_id === null ? null : Number(r.merchant_id),
      store_id: r.store_id === null ? null : Number(r.store_id),
    };
  }

  /** The merchant's machines a plan of this scope reaches (all, in the stores, or the machines). */
  async machinesInScope(
    db: Db,
    merchantId: number,
    scope: string,
    targets: readonly { kind: TargetKind; id: number }[],
  ): Promise<string[]> {
    let q = db.selectFrom('devices').select('sn').where('merchant_id', '=', merchantId);
    if (scope === 'stores') {
      const ids = targets.filter((t) => t.kind === 'store').map((t) => t.id);
      if (ids.length === 0) return [];
      q = q.where('store_id', 'in', ids);
    } else if (scope === 'machines') {
      const ids = targets.filter((t) => t.kind === 'machine').map((t) => t.id);
      if (ids.length === 0) return [];
      q = q.where('id', 'in', ids);
    }
    return (await q.execute()).map((r) => r.sn);
  }

  /** The enabled plans reaching a machine of `merchantId` standing in `storeId`, oldest first. */
  async enabledFor(merchantId: number, deviceId: number, storeId: number | null): Promise<AdvertRow[]> {
    return this.db
      .selectFrom('adverts')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 1)
      .where((eb) =>
        eb.or([
          eb('scope', '=', 'all'),
          eb.and([
            eb('scope', '=', 'machines'),
            eb.exists(
              eb
                .selectFrom('advert_targets')
                .select('advert_id')
                .whereRef('advert_targets.advert_id', '=', 'adverts.id')
                .where('kind', '=', 'machine')
                .where('target_id', '=', deviceId),
            ),
          ]),
          ...(storeId === null
            ? []
            : [
                eb.and([
                  eb('scope', '=', 'stores'),
                  eb.exists(
                    eb
                      .selectFrom('advert_targets')
                      .select('advert_id')
                      .whereRef('advert_targets.advert_id', '=', 'adverts.id')
                      .where('kind', '=', 'store')
                      .where('target_id', '=', storeId),
                  ),
                ]),
              ]),
        ]),
      )
      .orderBy('id')
      .execute();
  }

  async revision(deviceId: number): Promise<{ rev: number; digest: string; acked_rev: number } | undefined> {
    return this.db
      .selectFrom('advert_machine_revs')
      .select(['rev', 'digest', 'acked_rev'])
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /**
   * The revision standing for a list with this digest: the same while the list is unchanged, the next one when it
   * changed (a guarded update, so two processes noticing the same change raise it once).
   */
  async revisionFor(deviceId: number, digest: string, now: number): Promise<number> {
    const current = await this.revision(deviceId);
    if (!current) {
      await this.db
        .insertInto('advert_machine_revs')
        .values({ device_id: deviceId, rev: 1, digest, acked_rev: 0, updated_at: now })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .execute();
    } else if (current.digest !== digest) {
      await this.db
        .updateTable('advert_machine_revs')
        .set({ rev: current.rev + 1, digest, updated_at: now })
        .where('device_id', '=', deviceId)
        .where('rev', '=', current.rev)
        .execute();
    }
    const after = await this.revision(deviceId);
    return after?.rev ?? 1;
  }

  async markAcked(deviceId: number, rev: number): Promise<void> {
    await this.db
      .updateTable('advert_machine_revs')
      .set({ acked_rev: rev })
      .where('device_id', '=', deviceId)
      .where('acked_rev', '<', rev)
      .execute();
  }
}
