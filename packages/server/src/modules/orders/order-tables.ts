import type { Generated, Selectable } from 'kysely';
import type { SandboxPaymentTables } from '../../integrations/payments/sandbox-tables';

/** Orders, their items and refunds (issue 5, docs/orders.md), and the sandbox provider's ledger. */
export interface OrderTables extends SandboxPaymentTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  refunds: RefundsTable;
  order_stats: OrderStatsTable;
  order_stat_deltas: OrderStatDeltasTable;
  order_machine_stats: OrderMachineStatsTable;
  order_number_nodes: OrderNumberNodesTable;
}

/**
 * The node slots of the order number generator (order-numbers.ts): the process holding a slot until
 * `expires_at` stamps its numbers with the slot's two digits, and only with seconds up to `reserved_until` (the
 * merchant-facing local time of the stamp as seconds, see `localSecond`). A process that takes a slot over starts
 * after the reservation of every holder before it.
 */
export interface OrderNumberNodesTable {
  node: number;
  holder: string;
  expires_at: number;
  reserved_until: number;
}

/** The sums of the bill analysis, in the totals and in their deltas. */
interface StatSums {
  n: number;
  amount: number;
  refund_fee: number;
  cost_price: number;
}

/**
 * Totals of the bill analysis over time buckets (migration 0009, order-stats.ts): orders paid in
 * [period, period + grain), per cut (0 merchant, 1 store and area, 2 store, area and amount, 3 amount); a dimension the cut
 * does not keep is -1; store_id and area_id are 0 for none. Written by the order jobs only.
 */
export interface OrderStatsTable extends StatSums {
  merchant_id: number;
  cut: number;
  grain: number;
  period: number;
  store_id: number;
  area_id: number;
  /** The orders' amount (cuts 2 and 3), else -1. */
  price: number;
  client: string;
  status: number;
  /** 1: the orders took money (payment bills). */
  priced: number;
}

/**
 * A machine's totals of the bill analysis over buckets of 16 to 4096 hours (migration 0026, order-stats.ts): orders
 * of machine `sn` paid in [period, period + grain); store_id and area_id are 0 for none. Written by the order jobs.
 */
export interface OrderMachineStatsTable extends StatSums {
  merchant_id: number;
  sn: string;
  grain: number;
  period: number;
  client: string;
  status: number;
  /** 1: the orders took money (payment bills). */
  priced: number;
  store_id: number;
  area_id: number;
}

/** Changes of orders, by paid hour (slot), appended by triggers on orders, folded into order_stats by the jobs. */
export interface OrderStatDeltasTable extends StatSums {
  id: Generated<number>;
  merchant_id: number;
  slot: number;
  store_id: number;
  area_id: number;
  /** The order's amount (a key: price filters); the sum of amounts is `amount`. */
  price: number;
  client: string;
  status: number;
  /** The order's machine; null on deltas written before migration 0026 (its machine totals came from the orders). */
  sn: string | null;
}

export interface OrdersTable {
  id: Generated<number>;
  /** Ours, unique: the out_trade_no the payment channel knows, and the `order` of the machine's vend. */
  order_no: string;
  merchant_id: number;
  sn: string;
  device_type: string;
  /** Where the machine stood when it sold (bills and staff scope read these). */
  area_id: number | null;
  store_id: number | null;
  /** goods | game */
  kind: string;
  /** customer (purchase page), machine (the machine sold it: cash, cards), remote (remote dispense). */
  source: string;
  /** Payment method (spec §9). */
  client: string;
  /** Spec §4 status; 0 while awaiting payment (never listed). */
  status: number;
  /** What the customer pays (after marketing offers). */
  amount: number;
  /** The price before marketing offers (migration 0018; = amount when none, 0 on rows written around the repository). */
  original_amount: Generated<number>;
  /** What the offers took off (cents). */
  discount: Generated<number>;
  /** The coupon receipt the order used (or holds while unpaid): modules/coupons. */
  coupon_receipt_id: number | null;
  /** The referrer the order was sold through: modules/referrers. */
  referrer_id: number | null;
  /** The member the order was sold to (a signed-in customer of a merchant with members): modules/members. */
  member_id: number | null;
  /** Cost of what left the machine (unit cost × delivered). */
  cost_price: number;
  /** Refunded, confirmed. */
  refund_fee: number;
  /** Refunds asked for and not failed (pending, processing, success): never above amount. */
  refund_reserved: number;
  /** The status to return to when every refund in flight failed. */
  pre_refund_status: number | null;
  /** The payment channel's transaction number. */
  merchant_order: string;
  payer: string;
  cardno: string;
  /** The goods error: the first failing item's fault, or why the vend never happened. */
  goods_err: string;
  game_result: string;
  plays: number;
  remarks: string;
  /** The purchase page's token for one tap: a repeated create answers the same order. */
  client_token: string | null;
  /** The machine event that created the order (machine-reported sales). */
  event_id: string | null;
  vend_attempts: number;
  vend_at: number | null;
  /** Busy refusals of the current vend so far: the machine was busy with another sale, nothing came out. */
  vend_busy: Generated<number>;
  /** When the next busy retry is due; set only while the order waits for a busy machine (order jobs resume it). */
  vend_retry_at: number | null;
  /** When the payment channel was last asked about this unpaid order. */
  query_at: number | null;
  created_at: number;
  paid_at: number | null;
  /** The merchant's local midnight of paid_at: the day its daily totals count it in. */
  sale_day: number | null;
  finished_at: number | null;
  closed_at: number | null;
  updated_at: number;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** The machine's physical slot. */
  position: number;
  channel_id: number | null;
  channel_sn: number;
  goods_id: number | null;
  goods_name: string;
  img: string;
  /** Unit price charged and unit cost, as they were at the sale. */
  price: number;
  cost_price: number;
  quantity: number;
  delivered: number;
  fault: string;
}

export interface RefundsTable {
  id: Generated<number>;
  /** Ours, unique: the out_refund_no the payment channel dedups on. */
  refund_no: string;
  merchant_id: number;
  order_id: number;
  amount: number;
  /** auto | manual | offline */
  kind: string;
  /** pending (reserved, not accepted yet) | processing (accepted) | success | failed */
  status: string;
  idem_key: string;
  user_id: number | null;
  remarks: string;
  provider_refund_id: string;
  fail_reason: string;
  /** A process took it to submit to the channel at this time (another may take it over when stale). */
  claim_at: number | null;
  query_at: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type RefundRow = Selectable<RefundsTable>;
