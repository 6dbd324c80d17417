import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import {
  couponPrice,
  couponReaches,
  couponUsableOn,
  type CouponReceiptState,
  type CouponType,
  type getMachineCoupons,
  type getMyCoupons,
  type OfferedCoupon,
} from '@vendo/contract/api/coupons';
import type { MemberCoupon } from '@vendo/contract/api/members';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { weekdaysFromText } from '@vendo/contract/weekdays';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { CustomerIdentity } from '../orders/customer-identity';
import type { MemberPoints } from '../orders/member-points';
import type { MerchantZones } from '../orders/merchant-zones';
import type { OrderRow, RefundRow } from '../orders/order-tables';
import type { OfferEffect, OfferRequest, OfferSale, SaleOffer } from '../orders/sale-offers';
import type { CouponRepository } from './coupon-repository';
import type { CouponRow } from './coupon-tables';

type Db = Kysely<Database>;

export interface CouponOfferDeps {
  db: Db;
  repo: CouponRepository;
  zones: MerchantZones;
  customers: CustomerIdentity;
  clock: () => number;
}

/** A machine as the customer's coupon calls need it. */
interface Machine {
  id: number;
  merchant_id: number;
  store_id: number | null;
}

/**
 * The customer's side of coupons (the purchase page: offered, receive, mine) and the coupon offer on the orders
 * port (docs/marketing.md "Coupons"): a receipt is held by the unpaid order that applies it, used when the order is
 * paid, unused again when it closes unpaid or is refunded in full while the use window is open.
 */
export class CouponOffer implements SaleOffer {
  private points: MemberPoints | undefined;

  constructor(private readonly d: CouponOfferDeps) {}

  /** Member points (modules/members, plugged in by app.ts): a coupon costing points spends them when received. */
  useMemberPoints(points: MemberPoints): void {
    this.points = points;
  }

  // -----------------------------------------------------------------------------------------------------
  // The purchase page

  async offered(sn: string, token: string | undefined): Promise<CallResult<typeof getMachineCoupons>> {
    const machine = await this.machine(sn);
    const customer = token ? this.d.customers.verify(token) : null;
    const today = await this.today(this.d.db, machine.merchant_id);
    const coupons = await this.d.repo.receivable(machine.merchant_id, today);
    const goods = await this.machineGoods(machine);
    const fitting = [];
    for (const c of coupons) if (await this.fitsMachine(this.d.db, c, machine, goods)) fitting.push(c);
    const mine = customer
      ? await this.d.repo.receivedByCustomer(
          fitting.map((c) => Number(c.id)),
          customer,
        )
      : new Map<number, number>();
    const data: OfferedCoupon[] = fitting.map((c) => ({
      ...terms(c),
      can_receive: Math.max(
        0,
        Math.min(c.receive_limit - (mine.get(Number(c.id)) ?? 0), c.quantity - c.received),
      ),
    }));
    const points =
      customer && this.points ? await this.points.balance(this.d.db, machine.merchant_id, customer) : null;
    return { data, member_points: points };
  }

  /** One coupon for the customer: within the quantity and the customer's limit even when taps race. */
  async receive(sn: string, couponId: number, token: string): Promise<{ receipt_id: number }> {
    const customer = this.d.customers.verify(token);
    if (!customer) throw new AppError(RCODE.CUSTOMER_IDENTITY_FAILED);
    const machine = await this.machine(sn);
    const goods = await this.machineGoods(machine);
    const now = this.d.clock();
    const receiptId = await this.d.db.transaction().execute(async (trx) => {
      // PostgreSQL: the coupon row is locked, so one customer's receipts are counted one receive at a time.
      const coupon = await this.d.repo.coupon(trx, machine.merchant_id, couponId, { lock: true });
      if (!coupon) throw new AppError(RCODE.COUPON_NOT_FOUND);
      const today = await this.today(trx, machine.merchant_id);
      if (today < coupon.receive_start || today > coupon.receive_end)
        throw new AppError(RCODE.COUPON_NOT_RECEIVABLE);
      if (!(await this.fitsMachine(trx, coupon, machine, goods)))
        throw new AppError(RCODE.COUPON_NOT_RECEIVABLE);
      // Without members (a server built without them) a coupon costing points cannot be received.
      if (coupon.points > 0 && !this.points) throw new AppError(RCODE.COUPON_NEEDS_POINTS);
      if ((await this.d.repo.receivedBy(trx, Number(coupon.id), customer)) >= coupon.receive_limit)
        throw new AppError(RCODE.COUPON_LIMIT_REACHED, { limit: coupon.receive_limit });
      if (!(await this.d.repo.takeOne(trx, Number(coupon.id), now)))
        throw new AppError(RCODE.COUPON_SOLD_OUT);
      const id = await this.d.repo.insertReceipt(trx, {
        coupon_id: Number(coupon.id),
        merchant_id: machine.merchant_id,
        customer,
        points: coupon.points,
        sn,
        now,
      });
      // The member's points, in this transaction: not enough (or no member) refuses the coupon and undoes it all.
      if (coupon.points > 0) {
        await this.points?.spend(trx, {
          merchant_id: machine.merchant_id,
          customer,
          points: coupon.points,
          reason: 'coupon',
          ref: String(id),
          now,
        });
      }
      return id;
    });
    return { receipt_id: receiptId };
  }

  async mine(sn: string, token: string): Promise<CallResult<typeof getMyCoupons>> {
    const customer = this.d.customers.verify(token);
    if (!customer) throw new AppError(RCODE.CUSTOMER_IDENTITY_FAILED);
    const machine = await this.machine(sn);
    const today = await this.today(this.d.db, machine.merchant_id);
    const rows = await this.d.repo.unusedOf(machine.merchant_id, customer);
    const shelves = await this.shelves(machine);
    const targets = await this.d.repo.targets(
      this.d.db,
      rows.map((r) => Number(r.id)),
    );
    return {
      data: rows.map((c) => {
        const usable = couponUsableOn({ ...c, weekdays: weekdaysFromText(c.weekdays) }, today);
        const prices = usable
          ? shelves
              .filter((s) => scopeFits(c, targets.get(Number(c.id)) ?? [], machine.store_id, s.goods_id))
              .filter((s) => couponReaches(s.price, termsOf(c)))
              .map((s) => ({ channel_sn: s.channel_sn, amount: couponPrice(s.price, termsOf(c)) }))
          : [];
        const { can_receive: _, ...rest } = { ...terms(c), can_receive: 0 };
        return { ...rest, receipt_id: Number(c.receipt_id), prices };
      }),
    };
  }

  /** A customer's coupons of a merchant (the member page's /member/getCardCoupon), newest first. */
  async customerCoupons(
    merchantId: number,
    customer: string,
    status: CouponReceiptState | undefined,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ data: MemberCoupon[]; count: number }> {
    const { rows, count } = await this.d.repo.customerReceipts(merchantId, customer, status, paging);
    return {
      count,
      data: rows.map((r) => ({
        receipt_id: Number(r.receipt_id),
        coupon_id: Number(r.coupon_id),
        name: r.name,
        ...termsOf(r),
        status: r.status as CouponReceiptState,
        use_start: r.use_start,
        use_end: r.use_end,
        weekdays: weekdaysFromText(r.weekdays),
        points: r.points,
        received_at: Number(r.received_at),
        used_at: r.used_at === null ? null : Number(r.used_at),
      })),
    };
  }

  // -----------------------------------------------------------------------------------------------------
  // The orders port

  async apply(trx: Db, sale: OfferSale, request: OfferRequest): Promise<OfferEffect> {
    if (!request.coupon_receipt_id) return {};
    if (!request.customer) throw new AppError(RCODE.COUPON_CUSTOMER_REQUIRED);
    const receipt = await this.d.repo.receipt(trx, request.coupon_receipt_id);
    if (
      !receipt ||
      receipt.customer !== request.customer ||
      Number(receipt.merchant_id) !== sale.merchant_id ||
      receipt.status !== 'unused'
    )
      throw new AppError(RCODE.COUPON_RECEIPT_UNUSABLE);
    const coupon = await this.d.repo.coupon(trx, sale.merchant_id, Number(receipt.coupon_id));
    if (!coupon) throw new AppError(RCODE.COUPON_RECEIPT_UNUSABLE);
    const targets = (await this.d.repo.targets(trx, [Number(coupon.id)])).get(Number(coupon.id)) ?? [];
    const today = await this.today(trx, sale.merchant_id);
    if (
      sale.kind !== 'goods' ||
      !couponUsableOn({ ...coupon, weekdays: weekdaysFromText(coupon.weekdays) }, today) ||
      !scopeFits(coupon, targets, sale.store_id, sale.goods_id) ||
      !couponReaches(sale.amount, termsOf(coupon))
    )
      throw new AppError(RCODE.COUPON_NOT_APPLICABLE);
    const amount = couponPrice(sale.amount, termsOf(coupon));
    const held = await this.d.repo.moveReceipt(
      trx,
      Number(receipt.id),
      { status: 'unused' },
      {
        status: 'held',
        order_no: sale.order_no,
        sn: sale.sn,
        discount: sale.amount - amount,
        updated_at: sale.now,
      },
    );
    if (!held) throw new AppError(RCODE.COUPON_RECEIPT_UNUSABLE);
    return { amount, coupon_receipt_id: Number(receipt.id) };
  }

  async paid(trx: Db, order: OrderRow): Promise<void> {
    if (order.coupon_receipt_id === null) return;
    const id = Number(order.coupon_receipt_id);
    const now = this.d.clock();
    const receipt = await this.d.repo.receipt(trx, id);
    if (!receipt) return;
    const used = {
      status: 'used' as const,
      order_no: order.order_no,
      sn: order.sn,
      used_at: now,
      updated_at: now,
    };
    // Held by this order (the usual case); or given back when it closed, then paid late anyway: used by it after all.
    const moved =
      (await this.d.repo.moveReceipt(trx, id, { status: 'held', order_no: order.order_no }, used)) ||
      (await this.d.repo.moveReceipt(
        trx,
        id,
        { status: 'unused', order_no: null },
        {
          ...used,
          discount: Number(order.discount),
        },
      ));
    if (moved) await this.d.repo.countUsed(trx, Number(receipt.coupon_id), 1);
  }

  async closed(trx: Db, order: OrderRow): Promise<void> {
    if (order.coupon_receipt_id === null) return;
    await this.d.repo.moveReceipt(
      trx,
      Number(order.coupon_receipt_id),
      { status: 'held', order_no: order.order_no },
      { status: 'unused', order_no: null, sn: null, discount: 0, updated_at: this.d.clock() },
    );
  }

  /** A full refund while the coupon's use window is open gives the coupon back unused; else it stays used. */
  async refunded(trx: Db, _refund: RefundRow, order: OrderRow): Promise<void> {
    if (order.coupon_receipt_id === null || order.refund_fee < order.amount) return;
    const id = Number(order.coupon_receipt_id);
    const receipt = await this.d.repo.receipt(trx, id);
    if (!receipt) return;
    const coupon = await this.d.repo.coupon(trx, order.merchant_id, Number(receipt.coupon_id));
    if (!coupon) return;
    const today = await this.today(trx, order.merchant_id);
    if (today > coupon.use_end) return;
    const back = await this.d.repo.moveReceipt(
      trx,
      id,
      { status: 'used', order_no: order.order_no },
      { status: 'unused', order_no: null, sn: null, discount: 0, used_at: null, updated_at: this.d.clock() },
    );
    if (back) await this.d.repo.countUsed(trx, Number(coupon.id), -1);
  }

  // -----------------------------------------------------------------------------------------------------

  private async machine(sn: string): Promise<Machine> {
    const row = await this.d.db
      .selectFrom('devices')
      .select(['id', 'merchant_id', 'store_id'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    if (!row) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (row.merchant_id === null) throw new AppError(RCODE.MACHINE_NOT_SELLING);
    return {
      id: Number(row.id),
      merchant_id: Number(row.merchant_id),
      store_id: row.store_id === null ? null : Number(row.store_id),
    };
  }

  /** The sellable shelves of a machine: enabled, goods of the merchant, in stock. */
  private async shelves(machine: Machine) {
    const rows = await this.d.db
      .selectFrom('channels')
      .innerJoin('goods', 'goods.id', 'channels.goods_id')
      .select(['channels.channel_sn', 'channels.price', 'channels.goods_id'])
      .where('channels.device_id', '=', machine.id)
      .where('goods.merchant_id', '=', machine.merchant_id)
      .where('channels.enabled', '=', 1)
      .where('channels.quantity', '>', 0)
      .execute();
    return rows.map((r) => ({
      channel_sn: r.channel_sn,
      price: Number(r.price),
      goods_id: r.goods_id === null ? null : Number(r.goods_id),
    }));
  }

  private async machineGoods(machine: Machine): Promise<Set<number>> {
    const shelves = await this.shelves(machine);
    return new Set(shelves.flatMap((s) => (s.goods_id === null ? [] : [s.goods_id])));
  }

  private async fitsMachine(
    db: Db,
    coupon: CouponRow,
    machine: Machine,
    goods: Set<number>,
  ): Promise<boolean> {
    if (coupon.scope === 'all') return true;
    const targets = (await this.d.repo.targets(db, [Number(coupon.id)])).get(Number(coupon.id)) ?? [];
    if (coupon.scope === 'stores')
      return targets.some((t) => t.kind === 'store' && t.id === machine.store_id);
    return targets.some((t) => t.kind === 'goods' && goods.has(t.id));
  }

  private async today(db: Db, merchantId: number): Promise<string> {
    return zonedDay(this.d.clock(), await this.d.zones.of(db, merchantId));
  }
}

function termsOf(c: Pick<CouponRow, 'type' | 'rate' | 'reduce' | 'condition'>) {
  return {
    type: c.type as CouponType,
    rate: c.rate,
    reduce: Number(c.reduce),
    condition: Number(c.condition),
  };
}

function terms(c: CouponRow) {
  return {
    coupon_id: Number(c.id),
    name: c.name,
    ...termsOf(c),
    use_start: c.use_start,
    use_end: c.use_end,
    weekdays: weekdaysFromText(c.weekdays),
    points: c.points,
  };
}

/** Whether a coupon's scope covers a sale of `goodsId` on a machine standing in `storeId`. */
function scopeFits(
  coupon: Pick<CouponRow, 'scope'>,
  targets: readonly { kind: string; id: number }[],
  storeId: number | null,
  goodsId: number | null,
): boolean {
  if (coupon.scope === 'all') return true;
  if (coupon.scope === 'stores')
    return storeId !== null && targets.some((t) => t.kind === 'store' && t.id === storeId);
  return goodsId !== null && targets.some((t) => t.kind === 'goods' && t.id === goodsId);
}
