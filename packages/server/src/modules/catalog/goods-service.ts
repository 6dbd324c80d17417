import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/catalog';
import type { Goods, GoodsBrief } from '@vendo/contract/api/catalog';
import { appMaxCount } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import { canView } from '../accounts/permissions';
import type { AppModules } from '../apps/app-modules';
import type { CatalogRemovals } from './catalog-removals';
import type { GoodsInput, GoodsRepository, GoodsRow } from './goods-repository';
import type { ImageUrls } from './image-urls';
import { lockMerchant } from '../../db/list-query';
import type { PlaceMachines } from './place-machines';
import { AuditLog, diffFields, originOf } from '../audit/audit-log';

export type { GoodsRow };

type GoodsFields = z.output<typeof api.addPrivate.request>;

export interface GoodsDeps {
  db: Kysely<Database>;
  repo: GoodsRepository;
  machines: PlaceMachines;
  removals: CatalogRemovals;
  apps: AppModules;
  urls: ImageUrls;
  clock: () => number;
}

/**
 * Goods (/goodsManage, spec §3, §5, §6): the rules of the form are the contract's schema; here the quota from the
 * Goods app, images that must come from the library, the cost price only for those who may see cost, staff limited
 * to the goods they added, and deletes refused while a shelf still holds the goods.
 */
export class GoodsService {
  constructor(private readonly d: GoodsDeps) {}

  async list(
    auth: AuthContext,
    req: {
      pageNum: number;
      pageSize: number;
      condition: {
        goods_name?: string | undefined;
        goods_code?: string | undefined;
        tag?: string | undefined;
      };
    },
  ): Promise<{ data: Goods[]; count: number }> {
    const scope = await scopeOf(this.d.db, auth);
    const { rows, count } = await this.d.repo.list(
      scope.merchantId,
      scope.goodsOwnOnly ? scope.userId : null,
      { name: req.condition.goods_name, code: req.condition.goods_code, tag: req.condition.tag },
      req,
    );
    const [images, seesCost] = await Promise.all([
      this.d.repo.detailImages(rows.map((r) => r.id)),
      this.seesCost(auth),
    ]);
    return {
      data: rows.map((r) => this.present(r, images.get(r.id) ?? [], seesCost, scope.userId)),
      count,
    };
  }

  async add(auth: AuthContext, input: GoodsFields): Promise<{ goods_id: number }> {
    const scope = await scopeOf(this.d.db, auth);
    const fields = await this.fields(auth, input, null);
    const max = await this.quota(scope.merchantId);
    const id = await this.d.db.transaction().execute(async (trx) => {
      await this.assertRoom(trx, scope.merchantId, 1, max);
      return this.d.repo.insert(
        trx,
        scope.merchantId,
        scope.userId,
        fields.goods,
        fields.detailImages,
        this.d.clock(),
      );
    });
    return { goods_id: id };
  }

  /** renamed tells the web app to warn that sales analysis will show the new name (spec §5). */
  async edit(
    auth: AuthContext,
    input: GoodsFields & { goods_id: number },
  ): Promise<{ goods_id: number; renamed: boolean }> {
    const scope = await scopeOf(this.d.db, auth);
    const current = await this.goods(scope, input.goods_id);
    const fields = await this.fields(auth, input, current);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.update(
        trx,
        scope.merchantId,
        current.id,
        fields.goods,
        fields.detailImages,
        this.d.clock(),
      );
      // A price change is a sensitive action (the audit log); the rest of a goods edit is not.
      const prices = diffFields(current, fields.goods, ['price', 'cost_price']);
      if (prices.length > 0) {
        await new AuditLog(this.d.clock).record(trx, {
          merchantId: scope.merchantId,
          origin: originOf(auth),
          kind: 'price',
          action: 'goods_price',
          target: { type: 'goods', id: current.id, name: fields.goods.name },
          changes: prices,
        });
      }
    });
    return { goods_id: current.id, renamed: current.name !== fields.goods.name };
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    const scope = await scopeOf(this.d.db, auth);
    const current = await this.goods(scope, id);
    const shelves = await this.d.machines.countShelvesWithGoods(scope.merchantId, id);
    if (shelves > 0) throw new AppError(RCODE.GOODS_ON_SHELF, { count: shelves });
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.removals.goodsRemoved(trx, {
        merchantId: scope.merchantId,
        goodsId: id,
        userId: scope.userId,
        remarks: `goods deleted: ${current.name}`,
        now,
      });
      await this.d.repo.softDelete(trx, scope.merchantId, id, now);
    });
  }

  // For the modules built on the catalog (stock, orders): the merchant's goods, whoever added them.

  /** One of the merchant's goods; undefined when it has none of that id (or it was deleted). */
  find(merchantId: number, id: number): Promise<GoodsRow | undefined> {
    return this.d.repo.find(merchantId, id);
  }

  /** A page of the merchant's goods, by name. */
  page(
    merchantId: number,
    filter: { name?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: GoodsRow[]; count: number }> {
    return this.d.repo.list(merchantId, null, filter, paging);
  }

  /** The merchant's goods of these ids (deleted ones too: old records still name them). */
  byIds(merchantId: number, ids: number[]): Promise<Map<number, GoodsRow>> {
    return this.d.repo.briefs(merchantId, ids);
  }

  /** A sale counts toward the goods' sold figure, inside the sale's transaction. */
  addSold(trx: Kysely<Database>, id: number, quantity: number): Promise<void> {
    return this.d.repo.addSold(trx, id, quantity);
  }

  /** Goods of the caller's merchant (and, for staff limited to their own, added by them). */
  async goods(scope: Scope, id: number): Promise<GoodsRow> {
    const row = await this.d.repo.find(scope.merchantId, id);
    if (!row || (scope.goodsOwnOnly && row.created_by !== scope.userId)) {
      throw new AppError(RCODE.GOODS_NOT_FOUND);
    }
    return row;
  }

  /** The Goods app's 'Goods_max_count' (spec §6), 9999 when unset. Read before a transaction opens. */
  async quota(merchantId: number): Promise<number> {
    const apps = await this.d.apps.list(merchantId);
    return appMaxCount(
      apps.find((a) => a.app_module_name === 'Goods'),
      'Goods',
    );
  }

  /** Inside the adding transaction: refuses when `adding` more goods would pass the quota. */
  async assertRoom(trx: Kysely<Database>, merchantId: number, adding: number, max: number): Promise<void> {
    await lockMerchant(trx, merchantId);
    if ((await this.d.repo.count(trx, merchantId)) + adding > max) {
      throw new AppError(RCODE.GOODS_QUOTA_EXCEEDED, { max });
    }
  }

  /** The row to store: images turned back into stored paths, cost kept unless the caller may set it. */
  async fields(
    auth: AuthContext,
    input: GoodsFields,
    current: GoodsRow | null,
  ): Promise<{ goods: GoodsInput; detailImages: string[] }> {
    let costPrice = current?.cost_price ?? 0;
    if (input.cost_price !== undefined && input.cost_price !== null) {
      if (!(await this.seesCost(auth))) throw new AppError(RCODE.COST_HIDDEN);
      costPrice = input.cost_price;
    }
    const img = input.img ? this.d.urls.toPath(input.img) : '';
    const detailImages = input.detail_imgs.map((ref) => this.d.urls.toPath(ref));
    const wanted = [img, ...detailImages];
    if (wanted.some((p) => p === null)) throw new AppError(RCODE.IMAGE_NOT_UPLOADED);
    const paths = wanted.filter((p): p is string => !!p);
    const held = await this.d.repo.existingUploads(paths);
    if (paths.some((p) => !held.has(p))) throw new AppError(RCODE.IMAGE_NOT_UPLOADED);
    return {
      goods: {
        name: input.goods_name,
        price: input.price,
        cost_price: costPrice,
        goods_code: input.goods_code,
        sold: input.sold,
        tags: input.tags.join(','),
        description: input.description,
        duration: input.duration,
        goods_type: input.goods_type,
        img: img ?? '',
        detail_intro: input.detail_intro,
      },
      detailImages: detailImages.filter((p): p is string => !!p),
    };
  }

  /**
   * Cost and profit belong to the main account and to holders of "view profit and cost", while the Profit app
   * is usable (spec §6).
   */
  async seesCost(auth: AuthContext): Promise<boolean> {
    return canView(this.d, auth.user, 'profit');
  }

  private present(row: GoodsRow, detailImages: string[], seesCost: boolean, userId: number): Goods {
    return {
      goods_id: row.id,
      goods_name: row.name,
      price: row.price,
      cost_price: seesCost ? row.cost_price : null,
      goods_code: row.goods_code,
      sold: row.sold,
      tags: row.tags,
      goods_detail: {
        _id: row.id,
        description: row.description,
        duration: row.duration,
        goods_type: row.goods_type,
        img: this.d.urls.toUrl(row.img),
        detail_intro: row.detail_intro,
      },
      detail_imgs: detailImages.map((p) => this.d.urls.toUrl(p)),
      created_by_me: row.created_by === userId,
      create_time: row.created_at,
      update_time: row.updated_at,
    };
  }
}

/** The short form of goods that stock, shelves and bills show. */
export function goodsBrief(
  urls: ImageUrls,
  row: Pick<GoodsRow, 'id' | 'name' | 'img' | 'price'>,
): GoodsBrief {
  return { goods_id: row.id, goods_name: row.name, img: urls.toUrl(row.img), price: row.price };
}
