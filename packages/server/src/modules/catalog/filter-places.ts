import type { Kysely } from 'kysely';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { storeInScope, type Scope } from '../../platform/scope';

/**
 * The area, store and goods a list or a statistic is filtered by (condition.area, .store, .goods_id), the one
 * check every such call makes (the machine's, condition.sn, is MachineShelves.checkFilterMachine): an id of
 * another merchant, or none, answers AREA_NOT_FOUND / STORE_NOT_FOUND / GOODS_NOT_FOUND instead of an empty list;
 * a store outside a staff member's stores STORE_OUT_OF_SCOPE; an area holding none of their stores is as unknown
 * to them as another merchant's. Deleted areas, stores and goods of the merchant still filter: the history (bills,
 * the stock log, the statistics) keeps pointing at them.
 */
export async function checkFilterPlaces(
  db: Kysely<Database>,
  scope: Scope,
  f: {
    area?: number | undefined;
    store?: number | undefined;
    goods?: number | undefined;
  },
): Promise<void> {
  if (f.goods !== undefined) {
    // Goods of the merchant, deleted ones too (the stock log keeps their lines).
    const goods = await db
      .selectFrom('goods')
      .select('id')
      .where('merchant_id', '=', scope.merchantId)
      .where('id', '=', f.goods)
      .executeTakeFirst();
    if (!goods) throw new AppError(RCODE.GOODS_NOT_FOUND);
  }
  if (f.area !== undefined) {
    const area = await db
      .selectFrom('areas')
      .select('id')
      .where('merchant_id', '=', scope.merchantId)
      .where('id', '=', f.area)
      .executeTakeFirst();
    let seen = area !== undefined;
    if (seen && scope.storeIds !== null) {
      const held = await db
        .selectFrom('stores')
        .select('id')
        .where('area_id', '=', f.area)
        .where('id', 'in', scope.storeIds.length ? scope.storeIds : [-1])
        .executeTakeFirst();
      seen = held !== undefined;
    }
    if (!seen) throw new AppError(RCODE.AREA_NOT_FOUND);
  }
  if (f.store !== undefined) {
    const store = await db
      .selectFrom('stores')
      .select('id')
      .where('merchant_id', '=', scope.merchantId)
      .where('id', '=', f.store)
      .executeTakeFirst();
    if (!store) throw new AppError(RCODE.STORE_NOT_FOUND);
    if (!storeInScope(scope, store.id)) throw new AppError(RCODE.STORE_OUT_OF_SCOPE);
  }
}
