import type { GoodsFigures, goodSum, goodStore, goodsDay } from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import { rate } from '@vendo/contract/money';
import type { AuthContext } from '../../platform/auth';
import { pageWindow } from '../../db/list-query';
import type { ImageUrls } from '../catalog/image-urls';
import type { Body } from '../devices/call-types';
import { averagePrice, combineGoods, type GoodsSums } from '../orders/analysis-sums';
import type { AnalyticsQuery, Query } from './analytics-query';
import type { GoodsName, PlaceRepository } from './place-repository';
import type { SalesFacts } from './sales-facts';
import { bucketsOf, spread } from './time-buckets';

export interface GoodsAnalysisDeps {
  query: AnalyticsQuery;
  facts: SalesFacts;
  places: PlaceRepository;
  urls: ImageUrls;
}

type RankBody = Body<typeof goodSum>;
type DetailCondition = Body<typeof goodsDay>['condition'];
type Totals = { count: number; income: number };

/**
 * Goods figures (spec §3 goods overview): the dashboard's goods tab and /sicGoods (goods ranked by income or units),
 * and /sicGoodsDetail (one goods by hour of the day, by day and by store). Units count what left the machine; the
 * income of a goods is its items' share of their orders' income; rates are shares of all goods of the range.
 */
export class GoodsAnalysisService {
  constructor(private readonly d: GoodsAnalysisDeps) {}

  async ranking(auth: AuthContext, body: RankBody): Promise<CallResult<typeof goodSum>> {
    const q = await this.d.query.resolve(auth, body.condition);
    const { page, count, total } = await this.d.facts.goodsRanking(
      q.filter,
      body.condition.sort_attr,
      pageWindow(body),
    );
    const names = await this.d.places.goodsNames(
      q.scope.merchantId,
      page.map(([id]) => id),
    );
    return {
      data: page.map(([id, s]) => this.figures(id, names.get(id), s, total, q.seesProfit)),
      count,
      total,
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }

  /** One goods by hour of the day (summed over the range) or by day. */
  async series(
    auth: AuthContext,
    c: DetailCondition,
    bucket: 'hour' | 'day',
  ): Promise<CallResult<typeof goodsDay>> {
    const q = await this.d.query.resolve(auth, c);
    const [goods, facts] = await Promise.all([
      this.goods(q, c.goods_id),
      this.d.facts.goods(q.filter, bucket),
    ]);
    return {
      goods,
      records: spread(bucket, bucketsOf(bucket, q.range, q.timeZone), facts, q.timeZone).map((b) => {
        const s = combineGoods(b.facts);
        return { key: b.bucket.key, label: b.bucket.label, count: s.count, income: s.income };
      }),
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }

  /** One goods by store (spec §3 goods by store), highest income first; machines in no store under store 0. */
  async stores(auth: AuthContext, c: DetailCondition): Promise<CallResult<typeof goodStore>> {
    const q = await this.d.query.resolve(auth, c);
    const [goods, sums] = await Promise.all([
      this.goods(q, c.goods_id),
      this.d.facts.goodsSums(q.filter, 'store'),
    ]);
    const storeIds = [...sums.keys()].map(Number);
    const stores = await this.d.places.storeNames(
      q.scope.merchantId,
      storeIds.filter((id) => id > 0),
    );
    return {
      goods,
      data: storeIds
        .map((id) => {
          const s = sums.get(String(id))!;
          const store = stores.get(id);
          return {
            area_name: store?.area_name ?? '',
            store_name: store?.name ?? '',
            store_id: id,
            count: s.count,
            income: s.income,
          };
        })
        .sort((a, b) => b.income - a.income || a.store_id - b.store_id),
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }

  /** Every goods of the question with its sums; items of no goods (none left on the shelf's record) are left out. */
  async byGoods(q: Query): Promise<Map<number, GoodsSums>> {
    const out = new Map<number, GoodsSums>();
    for (const [id, s] of await this.d.facts.goodsSums(q.filter, 'goods')) {
      if (Number(id) > 0) out.set(Number(id), s);
    }
    return out;
  }

  /** The figures of the goods a detail names, its shares against every goods of the same range and places. */
  private async goods(q: Query, goodsId: number): Promise<GoodsFigures> {
    const [all, names] = await Promise.all([
      this.byGoods({ ...q, filter: { ...q.filter, goodsId: undefined } }),
      this.d.places.goodsNames(q.scope.merchantId, [goodsId]),
    ]);
    const sums = all.get(goodsId) ?? { count: 0, income: 0, costPrice: 0 };
    return this.figures(goodsId, names.get(goodsId), sums, totalOf(all), q.seesProfit);
  }

  figures(
    id: number,
    name: GoodsName | undefined,
    s: GoodsSums,
    total: Totals,
    seesProfit: boolean,
  ): GoodsFigures {
    return {
      goods_id: id,
      goods_name: name?.name ?? '',
      img: this.d.urls.toUrl(name?.img ?? ''),
      count: s.count,
      income: s.income,
      price: averagePrice(s.income, s.count),
      incomeRate: rate(s.income, total.income),
      countRate: rate(s.count, total.count),
      costPrice: seesProfit ? s.costPrice : null,
      profit: seesProfit ? s.income - s.costPrice : null,
    };
  }
}

function totalOf(sums: Map<number, GoodsSums>): Totals {
  let count = 0;
  let income = 0;
  for (const s of sums.values()) {
    count += s.count;
    income += s.income;
  }
  return { count, income };
}
