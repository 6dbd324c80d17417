import {
  CompiledQuery,
  sql,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/database';
import { combineSales, type AnalysisSums } from './analysis-sums';
import { onPostgres, pageWindow } from '../../db/list-query';
import { OrderStats, statCover, totalsKnow, type StatGroup } from './order-stats';
import type { OrderRow } from './order-tables';
import { PastSums } from './past-sums';

type Db = Kysely<Database>;

/** Every condition of the bill lists (spec §3 pay-bill query conditions), already checked and defaulted. */
export interface BillFilter {
  merchantId: number;
  /** null: every store; else only orders sold in these stores. */
  storeIds: number[] | null;
  start: number;
  end: number;
  sn?: string | undefined;
  orderNo?: string | undefined;
  cardno?: string | undefined;
  merchantOrder?: string | undefined;
  status?: number | undefined;
  client?: string | undefined;
  priceStart?: number | undefined;
  priceEnd?: number | undefined;
  areaId?: number | undefined;
  storeId?: number | undefined;
  /** Only pending abnormal orders: status 5, or 1 and 2 paid before this time. */
  abnormalBefore?: number | undefined;
  /** Only orders that took money (payment bills). */
  paidOnly?: boolean;
}

/** The columns of an order a bill shows (BillsService.present) and pages by: not the order's other 17. */
const BILL_COLUMNS = [
  'id',
  'order_no',
  'merchant_order',
  'client',
  'kind',
  'status',
  'amount',
  'cost_price',
  'refund_fee',
  'refund_reserved',
  'original_amount',
  'discount',
  'area_id',
  'store_id',
  'sn',
  'cardno',
  'payer',
  'goods_err',
  'game_result',
  'plays',
  'remarks',
  'created_at',
  'paid_at',
  'finished_at',
] as const satisfies ReadonlyArray<keyof OrderRow>;

export interface BillRow extends Pick<OrderRow, (typeof BILL_COLUMNS)[number]> {
  area_name: string | null;
  store_name: string | null;
  device_title: string | null;
  coupon_name?: string | null;
}

/** Written out literally: the partial index orders_abnormal serves only a query naming the same statuses. */
const ABNORMAL_SQL = sql<SqlBool>`status in (1, 2, 5)`;

const HOUR = 3_600_000;

/** The SQL of both bill lists and of the home alert. */
export class BillRepository {
  private readonly stats: OrderStats;
  private readonly namedByCount = new Map<number, CompiledQuery<BillRow>>();
  /** The past part's sums kept between calls (SQLite only, decision 064); created on first use. */
  private past: PastSums | null | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {
    this.stats = new OrderStats(db);
  }

  private filtered(filter: BillFilter) {
    let q = this.db
      .selectFrom('orders')
      .where('orders.merchant_id', '=', filter.merchantId)
      .where('orders.paid_at', '>=', filter.start)
      .where('orders.paid_at', '<', filter.end);
    q = applyConditions(q, filter);
    return q;
  }

  /** One page, newest first, with the names of where it sold. */
  async page(filter: BillFilter, paging: { pageNum: number; pageSize: number }): Promise<BillRow[]> {
    const { limit, offset } = pageWindow(paging);
    // The page's ids come from the narrow index alone; the rows and names are read for those ids only.
    // Bound in the text's order (SQLite's placeholders are positional).
    const q = new OrdersSql(this.postgres);
    let text = `select orders.id from orders where orders.merchant_id = ${q.bind(filter.merchantId)}`;
    text += ` and orders.paid_at >= ${q.bind(filter.start)} and orders.paid_at < ${q.bind(filter.end)}`;
    text += q.conditions(filter);
    text += ` order by orders.paid_at desc, orders.id desc limit ${q.bind(limit)} offset ${q.bind(offset)}`;
    const ids = await this.db.executeQuery<{ id: number }>(q.compiled(text));
    return this.named(ids.rows.map((r) => Number(r.id)));
  }

  private get postgres(): boolean {
    this.isPg ??= onPostgres(this.db);
    return this.isPg;
  }

  private isPg: boolean | undefined;

  /** The page after a bill, newest first: a keyset on (paid_at, id), so the last page costs what the first does. */
  async pageAfter(
    filter: BillFilter,
    after: { paidAt: number; id: number } | null,
    limit: number,
  ): Promise<BillRow[]> {
    let q = this.filtered(filter).select('orders.id');
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('orders.paid_at', '<', after.paidAt),
          eb.and([eb('orders.paid_at', '=', after.paidAt), eb('orders.id', '<', after.id)]),
        ]),
      );
    }
    const ids = await q.orderBy('orders.paid_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
    return this.named(ids.map((r) => r.id));
  }

  /**
   * The rows of a page's ids with the names of where they sold. Its SQL depends only on how many ids there are
   * (every parameter is an id), so it is built and compiled once per count and then only run with the ids.
   */
  private async named(ids: number[]): Promise<BillRow[]> {
    if (!ids.length) return [];
    let compiled = this.namedByCount.get(ids.length);
    if (!compiled) {
      compiled = this.namedQuery(ids).compile();
      if (compiled.parameters.length !== ids.length) return (await this.db.executeQuery(compiled)).rows;
      this.namedByCount.set(ids.length, compiled);
    }
    return (await this.db.executeQuery<BillRow>({ ...compiled, parameters: ids })).rows;
  }

  private namedQuery(ids: number[]) {
    return (
      this.db
        .selectFrom('orders')
        .leftJoin('stores', 'stores.id', 'orders.store_id')
        .leftJoin('areas', 'areas.id', 'orders.area_id')
        .leftJoin('devices', 'devices.sn', 'orders.sn')
        // The coupon the order used (issue 17): its name on the bill.
        .leftJoin('coupon_receipts', 'coupon_receipts.id', 'orders.coupon_receipt_id')
        .leftJoin('coupons', 'coupons.id', 'coupon_receipts.coupon_id')
        // Only what a bill shows: building a row's 41 columns was most of this statement's time.
        .select(BILL_COLUMNS.map((c) => `orders.${c}` as const))
        .select([
          'areas.name as area_name',
          'stores.name as store_name',
          'devices.title as device_title',
          'coupons.name as coupon_name',
        ])
        .where('orders.id', 'in', ids)
        .orderBy('orders.paid_at', 'desc')
        .orderBy('orders.id', 'desc')
    );
  }

  /**
   * The analysis block over everything the filter selects. The totals answer the whole buckets of the range
   * (a few dozen, whatever its length) when they know every condition (a machine's own totals, migration 0026,
   * know every condition but a price range); the edges (less than a bucket each), and conditions the totals do
   * not know (numbers, abnormal, a machine's price range), are summed from the orders through the bills index
   * (a machine's through orders_sn).
   */
  async analysis(filter: BillFilter): Promise<AnalysisSums> {
    return combineSales(await this.groups(filter));
  }

  private async groups(filter: BillFilter): Promise<StatGroup[]> {
    const numbers = !!filter.orderNo || !!filter.cardno || !!filter.merchantOrder;
    if (filter.abnormalBefore !== undefined && !numbers && totalsKnow(filter)) {
      // Pending abnormal: every order of status 5, which the totals know (status is one of their keys), and
      // the orders of status 1 and 2 waiting past the answer time, which only the orders know (few: a sale
      // stays there seconds when all is well).
      const all: StatGroup[] = [];
      if (filter.status === undefined || filter.status === 5)
        all.push(...(await this.groups({ ...filter, abnormalBefore: undefined, status: 5 })));
      if (filter.status === undefined || filter.status === 1 || filter.status === 2)
        all.push(
          ...(await this.grouped(
            { ...filter, abnormalBefore: undefined, waitingBefore: filter.abnormalBefore },
            [[filter.start, filter.end]],
          )),
        );
      return all;
    }
    if (numbers || filter.abnormalBefore !== undefined || !totalsKnow(filter))
      return this.grouped(filter, [[filter.start, filter.end]]);
    // The hour now in takes the sales as they come; what is before it changes rarely (a late refund, a machine
    // answering late) and is summed once until it does.
    const split = this.clock();
    const hourNow = split - (((split % HOUR) + HOUR) % HOUR);
    const past = this.pastSums();
    if (!past || filter.start >= hourNow) return this.rangeGroups(filter, filter.start, filter.end);
    const until = Math.min(hourNow, filter.end);
    const before = await past.sums(filterKey(filter), filter.merchantId, filter.start, until, () =>
      this.rangeGroups(filter, filter.start, until),
    );
    if (until >= filter.end) return [...before];
    return [...before, ...(await this.rangeGroups(filter, until, filter.end))];
  }

  /** Reads the changes since the last look into the kept sums (OrderStats' beforeFold): `db` is the fold's. */
  async noteChanges(db: Db): Promise<void> {
    await this.pastSums()?.catchUp(db);
  }

  private pastSums(): PastSums | null {
    if (this.past === undefined) this.past = this.postgres ? null : new PastSums(this.db);
    return this.past;
  }

  /** The groups of [from, to): the totals' whole buckets, the orders of the edges. */
  private async rangeGroups(filter: BillFilter, from: number, to: number): Promise<StatGroup[]> {
    const cover = statCover(filter, from, to);
    if (cover.start >= cover.end) return this.grouped(filter, [[from, to]]);
    const edges: Array<[number, number]> = [];
    if (from < cover.start) edges.push([from, cover.start]);
    if (cover.end < to) edges.push([cover.end, to]);
    const groups = await this.stats.sums(filter, cover.start, cover.end);
    if (edges.length) groups.push(...(await this.grouped(filter, edges)));
    return groups;
  }

  /**
   * Orders paid within the spans [from, to) summed per payment method and status, in one query (a seek per span
   * on merchant and time, a machine's on merchant, machine and time through orders_sn).
   */
  private async grouped(
    filter: BillFilter & { waitingBefore?: number },
    spans: Array<[number, number]>,
  ): Promise<StatGroup[]> {
    const q = new OrdersSql(this.postgres);
    const each = spans.map(
      ([from, to]) =>
        `(orders.merchant_id = ${q.bind(filter.merchantId)}` +
        (filter.sn ? ` and orders.sn = ${q.bind(filter.sn)}` : '') +
        ` and orders.paid_at >= ${q.bind(from)} and orders.paid_at < ${q.bind(to)})`,
    );
    let where = q.conditions(filter);
    // Statuses 1 and 2 waiting past the answer time, named literally for the partial index orders_waiting
    // (migration 0027), which holds those statuses only: orders_abnormal would walk every status 5 of the range.
    const before = filter.waitingBefore;
    if (before !== undefined)
      where +=
        ` and orders.status in (1, 2) and orders.paid_at < ${q.bind(before)}` +
        ` and (orders.vend_at is null or orders.vend_at < ${q.bind(before)})`;
    const text =
      'select orders.client, orders.status, count(*) as n, sum(orders.amount) as amount, ' +
      'sum(orders.refund_fee) as refund_fee, sum(orders.cost_price) as cost_price from orders ' +
      `where (${each.join(' or ')})${where} group by orders.client, orders.status`;
    const rows = (
      await this.db.executeQuery<{
        client: string;
        status: number;
        n: number;
        amount: number | null;
        refund_fee: number | null;
        cost_price: number | null;
      }>(q.compiled(text))
    ).rows;
    return rows.map((r) => ({
      client: r.client,
      status: Number(r.status),
      n: Number(r.n),
      amount: Number(r.amount ?? 0),
      refund_fee: Number(r.refund_fee ?? 0),
      cost_price: Number(r.cost_price ?? 0),
    }));
  }

  /** Pending abnormal orders over all time (the home alert): how many, and the oldest. */
  async abnormal(
    merchantId: number,
    storeIds: number[] | null,
    before: number,
  ): Promise<{ count: number; oldest: number | null }> {
    let q = this.db
      .selectFrom('orders')
      .where('merchant_id', '=', merchantId)
      .where(ABNORMAL_SQL)
      .where((eb) => pendingAbnormal(eb, before));
    if (storeIds !== null) q = q.where('store_id', 'in', storeIds.length ? storeIds : [-1]);
    const row = await q
      .select([sql<number>`count(*)`.as('count'), sql<number | null>`min(paid_at)`.as('oldest')])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  /** One card's orders within the scope: totals and the latest ones. */
  async card(merchantId: number, storeIds: number[] | null, cardno: string) {
    let q = this.db.selectFrom('orders').where('merchant_id', '=', merchantId).where('cardno', '=', cardno);
    if (storeIds !== null) q = q.where('store_id', 'in', storeIds.length ? storeIds : [-1]);
    q = q.where('paid_at', 'is not', null);
    const totals = await q
      .select([
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(amount), 0)`.as('amount'),
        sql<number>`coalesce(sum(refund_fee), 0)`.as('refund'),
        sql<number | null>`min(paid_at)`.as('first'),
        sql<number | null>`max(paid_at)`.as('last'),
      ])
      .executeTakeFirstOrThrow();
    const latest = await q.selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').limit(10).execute();
    return {
      count: Number(totals.count),
      amount: Number(totals.amount),
      refund: Number(totals.refund),
      first: totals.first === null ? null : Number(totals.first),
      last: totals.last === null ? null : Number(totals.last),
      latest,
    };
  }
}

/** The conditions the totals answer, as a key of PastSums (the range is added there). */
function filterKey(f: BillFilter): string {
  return [
    f.merchantId,
    f.storeIds === null ? '*' : f.storeIds.join(','),
    f.sn ?? '',
    f.status ?? '',
    f.client ?? '',
    f.priceStart ?? '',
    f.priceEnd ?? '',
    f.areaId ?? '',
    f.storeId ?? '',
    f.paidOnly ? 'p' : '',
  ].join('|');
}

/**
 * Pending abnormal, as the abnormal job sees it (OrderRepository.markNoResult): status 5, or 1 and 2 waiting
 * longer than the answer time since the payment and since the last vend, so an order just vended again
 * (/b/replaceGoods) is not counted while the machine works on it.
 */
function pendingAbnormal(eb: ExpressionBuilder<Database, 'orders'>, before: number) {
  return eb.or([
    eb('orders.status', '=', 5),
    eb.and([
      eb('orders.paid_at', '<', before),
      eb.or([eb('orders.vend_at', 'is', null), eb('orders.vend_at', '<', before)]),
    ]),
  ]);
}

/**
 * The SQL of a bill list's statements on the orders, written by hand: Kysely's building and compiling of these
 * (their shape changes with the conditions set) cost about as much as SQLite running them. `bind` adds a
 * parameter and answers its placeholder (?, or $n on PostgreSQL), so the parameters follow the text's order.
 */
class OrdersSql {
  readonly params: unknown[] = [];

  constructor(private readonly postgres: boolean) {}

  bind(value: unknown): string {
    this.params.push(value);
    return this.postgres ? `$${this.params.length}` : '?';
  }

  /** The conditions of applyConditions (the same, in SQL), each after " and ". */
  conditions(f: BillFilter): string {
    let where = '';
    if (f.storeIds !== null) {
      const ids = f.storeIds.length ? f.storeIds : [-1];
      where += ` and orders.store_id in (${ids.map((id) => this.bind(id)).join(', ')})`;
    }
    if (f.sn) where += ` and orders.sn = ${this.bind(f.sn)}`;
    if (f.orderNo) where += ` and orders.order_no = ${this.bind(f.orderNo)}`;
    if (f.cardno) where += ` and orders.cardno = ${this.bind(f.cardno)}`;
    if (f.merchantOrder) where += ` and orders.merchant_order = ${this.bind(f.merchantOrder)}`;
    if (f.status !== undefined) where += ` and orders.status = ${this.bind(f.status)}`;
    if (f.client) where += ` and orders.client = ${this.bind(f.client)}`;
    if (f.priceStart !== undefined) where += ` and orders.amount >= ${this.bind(f.priceStart)}`;
    if (f.priceEnd !== undefined) where += ` and orders.amount <= ${this.bind(f.priceEnd)}`;
    if (f.areaId) where += ` and orders.area_id = ${this.bind(f.areaId)}`;
    if (f.storeId) where += ` and orders.store_id = ${this.bind(f.storeId)}`;
    if (f.paidOnly) where += ' and orders.amount > 0';
    if (f.abnormalBefore !== undefined) {
      // Written out literally: the partial index orders_abnormal serves only a query naming the same statuses.
      const before = f.abnormalBefore;
      where +=
        ' and status in (1, 2, 5) and (orders.status = 5 or (orders.paid_at < ' +
        `${this.bind(before)} and (orders.vend_at is null or orders.vend_at < ${this.bind(before)})))`;
    }
    return where;
  }

  compiled<R>(text: string): CompiledQuery<R> {
    return CompiledQuery.raw(text, this.params) as CompiledQuery<R>;
  }
}

function applyConditions<O>(
  q: SelectQueryBuilder<Database, 'orders', O>,
  f: BillFilter,
): SelectQueryBuilder<Database, 'orders', O> {
  if (f.storeIds !== null) q = q.where('orders.store_id', 'in', f.storeIds.length ? f.storeIds : [-1]);
  if (f.sn) q = q.where('orders.sn', '=', f.sn);
  if (f.orderNo) q = q.where('orders.order_no', '=', f.orderNo);
  if (f.cardno) q = q.where('orders.cardno', '=', f.cardno);
  if (f.merchantOrder) q = q.where('orders.merchant_order', '=', f.merchantOrder);
  if (f.status !== undefined) q = q.where('orders.status', '=', f.status);
  if (f.client) q = q.where('orders.client', '=', f.client);
  if (f.priceStart !== undefined) q = q.where('orders.amount', '>=', f.priceStart);
  if (f.priceEnd !== undefined) q = q.where('orders.amount', '<=', f.priceEnd);
  if (f.areaId) q = q.where('orders.area_id', '=', f.areaId);
  if (f.storeId) q = q.where('orders.store_id', '=', f.storeId);
  if (f.paidOnly) q = q.where('orders.amount', '>', 0);
  if (f.abnormalBefore !== undefined) {
    const before = f.abnormalBefore;
    q = q.where(ABNORMAL_SQL).where((eb) => pendingAbnormal(eb, before));
  }
  return q;
}
