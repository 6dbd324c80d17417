import type { Compilable, CompiledQuery, Insertable, Kysely, Updateable } from 'kysely';
import type { RefundKind } from '@vendo/contract/enums';
import type { Database } from '../../db/database';
import { onPostgres } from '../../db/list-query';
import { prepared } from '../../db/prepared-query';
import { multiRowInsert, writeBehindOf, type WriteQueue } from '../../db/write-behind';
import { orderAbnormalEvent } from './order-events';
import type {
  OrderItemRow,
  OrderItemsTable,
  OrderRow,
  OrdersTable,
  RefundRow,
  RefundsTable,
} from './order-tables';

type Db = Kysely<Database>;
type OrderRequired =
  | 'order_no'
  | 'merchant_id'
  | 'sn'
  | 'device_type'
  | 'area_id'
  | 'store_id'
  | 'kind'
  | 'source'
  | 'client'
  | 'status'
  | 'amount'
  | 'created_at'
  | 'updated_at';
/** A new order: what every order names, and anything else that differs from the defaults. */
export type NewOrder = Pick<Insertable<OrdersTable>, OrderRequired> &
  Partial<Omit<Insertable<OrdersTable>, OrderRequired | 'id'>>;

const ORDER_DEFAULTS = {
  cost_price: 0,
  refund_fee: 0,
  refund_reserved: 0,
  pre_refund_status: null,
  merchant_order: '',
  payer: '',
  cardno: '',
  goods_err: '',
  game_result: '',
  plays: 0,
  remarks: '',
  client_token: null,
  event_id: null,
  vend_attempts: 0,
  vend_at: null,
  vend_busy: 0,
  vend_retry_at: null,
  query_at: null,
  paid_at: null,
  sale_day: null,
  finished_at: null,
  closed_at: null,
  discount: 0,
  coupon_receipt_id: null,
  referrer_id: null,
  member_id: null,
} satisfies Partial<Insertable<OrdersTable>>;
export type NewOrderItem = Omit<Insertable<OrderItemsTable>, 'id' | 'order_id'>;
/** Every column of a new order: one statement shape for every insert (prepared once). */
type FullOrder = Required<Omit<Insertable<OrdersTable>, 'id'>>;
export type NewRefund = Omit<Insertable<RefundsTable>, 'id'>;

/** A shelf of a machine as a sale reads it: the slot, its goods and prices. */
export interface SaleShelf {
  id: number;
  position: number;
  channel_sn: number;
  name: string;
  price: number;
  game_price: number;
  quantity: number;
  enabled: number;
  probability: number;
  goods_id: number | null;
  goods_name: string | null;
  goods_img: string | null;
  goods_cost: number | null;
}

/** All SQL about orders, their items and refunds (the bill lists have their own, bill-repository.ts). */
export class OrderRepository {
  constructor(private readonly db: Db) {}

  async insert(trx: Db, order: NewOrder, items: NewOrderItem[]): Promise<number> {
    const inserted = await insertOrder.first(trx, fullOrder(order));
    if (!inserted) throw new Error('order not inserted');
    const { id } = inserted;
    for (const item of items)
      await insertItem.execute(trx, Object.assign({}, ITEM_DEFAULTS, item, { order_id: id }));
    return id;
  }

  /**
   * A machine's sale: inserted like `insert`, or, inside a machine-event batch (the transaction has a
   * write-behind), queued with its items and written with the batch's other orders in multi-row statements
   * before the commit (decision 051). Nothing in the batch reads it back before then.
   */
  async insertSale(trx: Db, order: NewOrder, items: NewOrderItem[]): Promise<void> {
    const writes = writeBehindOf(trx);
    if (writes) writes.add(saleOrders, { row: fullOrder(order), items });
    else await this.insert(trx, order, items);
  }

  findByNo(orderNo: string, db: Db = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  findById(id: number, db: Db = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The order, locked on PostgreSQL until the transaction ends (SQLite runs one writer at a time anyway). */
  async lock(trx: Db, where: { id: number } | { orderNo: string }): Promise<OrderRow | undefined> {
    let query = trx.selectFrom('orders').selectAll();
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('order_no', '=', where.orderNo);
    return (onPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  }

  findByClientToken(token: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('client_token', '=', token).executeTakeFirst();
  }

  items(orderId: number, db: Db = this.db): Promise<OrderItemRow[]> {
    return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  async itemsOf(orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
    const out = new Map<number, OrderItemRow[]>();
    if (!orderIds.length) return out;
    const rows = await this.byIds('items', orderIds, () =>
      this.db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id'),
    );
    for (const row of rows) {
      const of = out.get(row.order_id);
      if (of) of.push(row);
      else out.set(row.order_id, [row]);
    }
    return out;
  }

  async updateItem(trx: Db, id: number, fields: Updateable<OrderItemsTable>): Promise<void> {
    await trx.updateTable('order_items').set(fields).where('id', '=', id).execute();
  }

  /**
   * Changes an order only while its status is one of `from`: the guard that makes every transition happen once,
   * whichever process or repeated message tries it. True when it changed.
   */
  async transition(
    db: Db,
    id: number,
    from: readonly number[],
    fields: Updateable<OrdersTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set(fields)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async update(db: Db, id: number, fields: Updateable<OrdersTable>): Promise<void> {
    await db.updateTable('orders').set(fields).where('id', '=', id).execute();
  }

  /**
   * Takes the next vend attempt of an order; false when another process took it first. A busy retry the order
   * waited for is dropped: the new attempt starts over.
   */
  async claimVend(
    db: Db,
    id: number,
    attempts: number,
    from: readonly number[],
    now: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set({ vend_attempts: attempts + 1, vend_at: now, vend_busy: 0, vend_retry_at: null, updated_at: now })
      .where('id', '=', id)
      .where('vend_attempts', '=', attempts)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Moves an order's busy retry on (keeps a busy refusal and when to ask again, or takes the retry to send it),
   * only from the state the caller saw: paid, the same attempt, busy count and retry time. So a report, a refund,
   * a replacement or another process that moved it meanwhile wins, and a retry goes out once. True when it moved.
   */
  async stepBusyRetry(
    db: Db,
    seen: OrderRow,
    fields: Pick<Updateable<OrdersTable>, 'vend_busy' | 'vend_retry_at' | 'vend_at' | 'updated_at'>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('orders')
      .set(fields)
      .where('id', '=', seen.id)
      .where('status', '=', 1)
      .where('vend_attempts', '=', seen.vend_attempts)
      .where('vend_busy', '=', seen.vend_busy)
      .$call((q) =>
        seen.vend_retry_at === null
          ? q.where('vend_retry_at', 'is', null)
          : q.where('vend_retry_at', '=', seen.vend_retry_at),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Reserves a refund's amount: never beyond what was paid, whoever else reserves at the same time. */
  async reserveRefund(trx: Db, id: number, amount: number, now: number): Promise<boolean> {
    const result = await trx
      .updateTable('orders')
      .set((eb) => ({ refund_reserved: eb('refund_reserved', '+', amount), updated_at: now }))
      .where('id', '=', id)
      .where((eb) => eb(eb('refund_reserved', '+', amount), '<=', eb.ref('amount')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async releaseRefund(trx: Db, id: number, amount: number, now: number): Promise<void> {
    await trx
      .updateTable('orders')
      .set((eb) => ({ refund_reserved: eb('refund_reserved', '-', amount), updated_at: now }))
      .where('id', '=', id)
      .execute();
  }

  async addRefunded(trx: Db, id: number, amount: number, now: number): Promise<void> {
    await trx
      .updateTable('orders')
      .set((eb) => ({ refund_fee: eb('refund_fee', '+', amount), updated_at: now }))
      .where('id', '=', id)
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // Refunds

  async insertRefund(trx: Db, refund: NewRefund): Promise<number | null> {
    const row = await trx
      .insertInto('refunds')
      .values(refund)
      .onConflict((oc) => oc.columns(['merchant_id', 'idem_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  refundById(id: number, db: Db = this.db): Promise<RefundRow | undefined> {
    return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  refundByNo(refundNo: string, db: Db = this.db): Promise<RefundRow | undefined> {
    return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
  }

  refundByKeys(db: Db, merchantId: number, keys: string[]): Promise<RefundRow | undefined> {
    return db
      .selectFrom('refunds')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('idem_key', 'in', keys)
      .orderBy('id')
      .executeTakeFirst();
  }

  async refundsOf(orderIds: number[]) {
    const query = () =>
      this.db
        .selectFrom('refunds')
        .leftJoin('users', 'users.id', 'refunds.user_id')
        .selectAll('refunds')
        .select(['users.username', 'users.nickname'])
        .where('refunds.order_id', 'in', orderIds)
        .orderBy('refunds.id');
    if (!orderIds.length) return [];
    return this.byIds('refunds', orderIds, query);
  }

  /** The reads of a page's orders by id, compiled once per statement and number of ids (the page's size). */
  private readonly byIdsCompiled = new Map<string, CompiledQuery>();

  /**
   * A read whose only parameters are `ids`, in order: built and compiled by Kysely on its first call for this
   * number of ids, then only bound (building it on every bill list cost about what running it did).
   */
  private async byIds<R>(name: string, ids: number[], build: () => Compilable<R>): Promise<R[]> {
    const key = `${name} ${ids.length}`;
    let compiled = this.byIdsCompiled.get(key) as CompiledQuery<R> | undefined;
    if (!compiled) {
      compiled = build().compile();
      // Only a statement whose parameters are exactly the ids may be bound again with others.
      if (compiled.parameters.length !== ids.length || compiled.parameters.some((p, i) => p !== ids[i]))
        return (await this.db.executeQuery(compiled)).rows;
      if (this.byIdsCompiled.size < 1000) this.byIdsCompiled.set(key, compiled);
    }
    return (await this.db.executeQuery<R>({ ...compiled, parameters: ids })).rows;
  }

  /** Moves a refund on only from the states given; true when it moved. */
  async refundTransition(
    db: Db,
    id: number,
    from: readonly string[],
    fields: Updateable<RefundsTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('refunds')
      .set(fields)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes a pending refund to send to the channel; a claim older than staleMs may be taken over. */
  async claimRefund(db: Db, id: number, now: number, staleMs: number): Promise<boolean> {
    const result = await db
      .updateTable('refunds')
      .set({ claim_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claim_at', 'is', null), eb('claim_at', '<', now - staleMs)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async inflightRefunds(trx: Db, orderId: number): Promise<number> {
    const row = await trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async lastSuccessKind(trx: Db, orderId: number): Promise<RefundKind | null> {
    const row = await trx
      .selectFrom('refunds')
      .select('kind')
      .where('order_id', '=', orderId)
      .where('status', '=', 'success')
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return (row?.kind as RefundKind | undefined) ?? null;
  }

  // -------------------------------------------------------------------------------------------------------
  // Machines

  /** The shelves of a machine by slot, with their goods, as a sale reads them. */
  async shelves(db: Db, deviceId: number, merchantId: number): Promise<SaleShelf[]> {
    return shelfQuery(db, merchantId)
      .where('channels.device_id', '=', deviceId)
      .orderBy('channels.position')
      .execute();
  }

  /** One shelf of a machine, with its goods: what a machine's sale reads of the slots it names. */
  saleShelf(db: Db, deviceId: number, merchantId: number, slot: number): Promise<SaleShelf | undefined> {
    return saleShelf.first(db, { deviceId, merchantId, slot });
  }

  /** The refund mode of the store an order was sold in; stores default to automatic (spec §9). */
  async refundMode(db: Db, storeId: number | null): Promise<'auto' | 'manual'> {
    if (storeId === null) return 'auto';
    const row = await db
      .selectFrom('stores')
      .select('refund_mode')
      .where('id', '=', storeId)
      .executeTakeFirst();
    return row?.refund_mode === 'manual' ? 'manual' : 'auto';
  }

  // -------------------------------------------------------------------------------------------------------
  // Jobs

  /** Unpaid, open orders made before `before` and not asked about since `askedBefore`. */
  unpaid(before: number, askedBefore: number, limit: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 0)
      .where('created_at', '<', before)
      .where('closed_at', 'is', null)
      .where((eb) => eb.or([eb('query_at', 'is', null), eb('query_at', '<', askedBefore)]))
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Paid orders whose vend was never sent (a crash between the payment and the vend). */
  unsent(before: number, limit: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 1)
      .where('vend_attempts', '=', 0)
      .where('paid_at', '<', before)
      .orderBy('paid_at')
      .limit(limit)
      .execute();
  }

  /**
   * Orders waiting for the machine since before `before`: they turn abnormal (5). Not one waiting for a busy
   * machine: nothing came out, and its retry (or its failure and refund) is still to come.
   */
  async markNoResult(before: number, now: number): Promise<number> {
    // Each order turned abnormal has its event in the same transaction (issue 20).
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('orders')
        .set({ status: 5, goods_err: 'noResult', updated_at: now })
        .where('status', 'in', [1, 2])
        .where('vend_retry_at', 'is', null)
        .where('paid_at', '<', before)
        .where((eb) => eb.or([eb('vend_at', 'is', null), eb('vend_at', '<', before)]))
        .returning(['merchant_id', 'order_no', 'sn', 'store_id', 'amount'])
        .execute();
      // Merchants in one order, so two processes never wait on each other's sequence rows.
      rows.sort((a, b) => a.merchant_id - b.merchant_id);
      for (const row of rows) await orderAbnormalEvent(trx, row, 5, 'noResult', now);
      return rows.length;
    });
  }

  /** Paid orders whose busy retry is due (set by any process, this one before a restart included). */
  busyRetriesDue(now: number, limit: number) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('vend_retry_at', '<=', now)
      .where('status', '=', 1)
      .orderBy('vend_retry_at')
      .limit(limit)
      .execute();
  }

  pendingRefunds(createdBefore: number, claimStaleBefore: number, limit: number) {
    return this.db
      .selectFrom('refunds')
      .select('id')
      .where('status', '=', 'pending')
      .where('created_at', '<', createdBefore)
      .where((eb) => eb.or([eb('claim_at', 'is', null), eb('claim_at', '<', claimStaleBefore)]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  processingRefunds(askedBefore: number, limit: number) {
    return this.db
      .selectFrom('refunds')
      .selectAll()
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('query_at', 'is', null), eb('query_at', '<', askedBefore)]))
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

const ITEM_DEFAULTS = { channel_id: null, goods_id: null } satisfies Partial<Insertable<OrderItemsTable>>;

const insertOrder = prepared<FullOrder>()((db, p) => db.insertInto('orders').values(p).returning('id'));

/** Orders queued by `insertSale`: the orders in multi-row inserts, then their items, by order number. */
const saleOrders: WriteQueue<{ row: FullOrder; items: NewOrderItem[] }> = {
  async write(db, sales) {
    const inserted = await insertOrders.rows(
      db,
      sales.map((s) => s.row),
    );
    const ids = new Map(inserted.map((r) => [r.order_no, r.id]));
    const items = sales.flatMap(({ row, items }) => {
      const id = ids.get(row.order_no);
      if (id === undefined) throw new Error(`order ${row.order_no} not inserted`);
      return items.map((item) => Object.assign({}, ITEM_DEFAULTS, item, { order_id: id }));
    });
    await insertItems.rows(db, items);
  },
};

/** Every column, the defaults spelled out: one statement shape for every insert. */
function fullOrder(order: NewOrder): FullOrder {
  // Object.assign, not spreads: V8 spreads of objects this wide took about 40 µs per order (issue 13's profile
  // of the machine sales), Object.assign a few.
  const row: FullOrder = Object.assign({}, ORDER_DEFAULTS, order, {
    area_id: order.area_id ?? null,
    store_id: order.store_id ?? null,
    original_amount: order.original_amount ?? order.amount,
  });
  return row;
}

const insertOrders = multiRowInsert<FullOrder>()((db, rows) =>
  db.insertInto('orders').values(rows).returning(['id', 'order_no']),
);

const insertItems = multiRowInsert<Required<Omit<Insertable<OrderItemsTable>, 'id'>>>()((db, rows) =>
  db.insertInto('order_items').values(rows),
);

const insertItem = prepared<Required<Omit<Insertable<OrderItemsTable>, 'id'>>>()((db, p) =>
  db.insertInto('order_items').values(p),
);

function shelfQuery(db: Db, merchantId: number) {
  return db
    .selectFrom('channels')
    .leftJoin('goods', (j) =>
      j.onRef('goods.id', '=', 'channels.goods_id').on('goods.merchant_id', '=', merchantId),
    )
    .select([
      'channels.id',
      'channels.position',
      'channels.channel_sn',
      'channels.name',
      'channels.price',
      'channels.game_price',
      'channels.quantity',
      'channels.enabled',
      'channels.probability',
      'channels.goods_id',
      'goods.name as goods_name',
      'goods.img as goods_img',
      'goods.cost_price as goods_cost',
    ]);
}

const saleShelf = prepared<{ deviceId: number; merchantId: number; slot: number }>()((db, p) =>
  shelfQuery(db, p.merchantId)
    .where('channels.device_id', '=', p.deviceId)
    .where('channels.position', '=', p.slot),
);
