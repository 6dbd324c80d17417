import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { CallResult } from '@vendo/contract/api/call';
import type * as api from '@vendo/contract/api/referrers';
import {
  checkReferrerRules,
  commissionAfterRefunds,
  referrerCommission,
  REFERRERS_MAX,
  referrerLink,
  type Referrer,
} from '@vendo/contract/api/referrers';
import { zonedDay } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { MachineShelves } from '../devices/machine-shelves';
import { MerchantZones, saleDay } from '../orders/merchant-zones';
import type { OrderRow, RefundRow } from '../orders/order-tables';
import type { OfferRequest, OfferSale, SaleOffer } from '../orders/sale-offers';
import { resolveMarketingRange } from './referrer-range';
import { ReferrerRepository, type SaleFilter } from './referrer-repository';
import type { ReferrerRow, ReferrerSaleRow } from './referrer-tables';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;
type Db = Kysely<Database>;

export interface ReferrersDeps {
  db: Db;
  clock: () => number;
  /** The zone of merchants that set none. */
  timeZone: string;
}

/** A referrer sale as /record lists it. */
export interface ReferrerSaleRecord {
  id: number;
  time: number;
  sn: string;
  orderno: string;
  referrer_name: string;
  amount: number;
  commission: number;
}

/**
 * Referrers (issue 17): the merchant's salesmen, the offer that attributes a customer's order to the referrer its
 * link named, and the sales and commission booked from the orders' payments and refunds.
 */
export class ReferrerService implements SaleOffer {
  private readonly repo: ReferrerRepository;
  private readonly zones: MerchantZones;

  constructor(private readonly d: ReferrersDeps) {
    this.repo = new ReferrerRepository(d.db);
    this.zones = new MerchantZones(d.timeZone);
  }

  // -- The calls of /referrer

  async list(
    auth: AuthContext,
    body: Body<typeof api.getReferrer>,
  ): Promise<CallResult<typeof api.getReferrer>> {
    const { rows, count } = await this.repo.list(auth.merchant.id, body.condition.keyword, body);
    const totals = await this.repo.totals(rows.map((r) => r.id));
    return {
      data: rows.map((row): Referrer => {
        const t = totals.get(row.id);
        return {
          ...present(row),
          sale_count: t?.sale_count ?? 0,
          commission_amt: t?.commission ?? 0,
        };
      }),
      count,
    };
  }

  async add(
    auth: AuthContext,
    body: Body<typeof api.addReferrer>,
  ): Promise<CallResult<typeof api.addReferrer>> {
    checkRules(body);
    const merchantId = auth.merchant.id;
    const now = this.d.clock();
    const id = await this.repo.transaction(async (repo) => {
      await repo.lockMerchant(merchantId);
      if ((await repo.countLive(merchantId)) >= REFERRERS_MAX) {
        throw new AppError(RCODE.REFERRER_LIMIT, { max: REFERRERS_MAX });
      }
      await assertNumberFree(repo, merchantId, body.referrer_no, null);
      return repo.insert({
        merchant_id: merchantId,
        ...columnsOf(body),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    });
    return { referrer_id: id };
  }

  async edit(
    auth: AuthContext,
    body: Body<typeof api.editReferrer>,
  ): Promise<CallResult<typeof api.editReferrer>> {
    const merchantId = auth.merchant.id;
    if (!(await this.repo.findLive(merchantId, body.referrer_id)))
      throw new AppError(RCODE.REFERRER_NOT_FOUND);
    checkRules(body);
    await this.repo.transaction(async (repo) => {
      await repo.lockMerchant(merchantId);
      const row = await repo.findLive(merchantId, body.referrer_id);
      if (!row) throw new AppError(RCODE.REFERRER_NOT_FOUND);
      await assertNumberFree(repo, merchantId, body.referrer_no, row.id);
      await repo.update(row.id, { ...columnsOf(body), updated_at: this.d.clock() });
    });
    return { referrer_id: body.referrer_id };
  }

  async remove(
    auth: AuthContext,
    body: Body<typeof api.delReferrer>,
  ): Promise<CallResult<typeof api.delReferrer>> {
    const merchantId = auth.merchant.id;
    await this.repo.transaction(async (repo) => {
      const row = await repo.findLive(merchantId, body.referrer_id);
      if (!row) throw new AppError(RCODE.REFERRER_NOT_FOUND);
      const now = this.d.clock();
      await repo.update(row.id, { deleted_at: now, updated_at: now });
    });
    return { referrer_id: body.referrer_id };
  }

  async commission(
    auth: AuthContext,
    body: Body<typeof api.getReferrerCommission>,
  ): Promise<CallResult<typeof api.getReferrerCommission>> {
    const merchantId = auth.merchant.id;
    const timeZone = await this.zones.of(this.d.db, merchantId);
    const range = resolveMarketingRange(body.condition, this.d.clock(), timeZone);
    const referrerId = body.condition.referrer_id;
    // Another merchant's referrer, or none, is refused as editReferrer refuses it; a deleted one of the merchant
    // still shows the days it sold.
    if (referrerId !== undefined && !(await this.repo.find(merchantId, referrerId)))
      throw new AppError(RCODE.REFERRER_NOT_FOUND);
    const filter: SaleFilter = { merchantId, ...range, referrerId };
    const { rows, count, totals } = await this.repo.byDay(filter, body);
    const referrers = new Map(
      (await this.repo.byIds([...new Set(rows.map((r) => r.referrer_id))])).map((r) => [r.id, r]),
    );
    return {
      data: rows.map((r) => {
        const who = referrers.get(r.referrer_id);
        return {
          day: zonedDay(r.day, timeZone),
          referrer_id: r.referrer_id,
          referrer_name: who?.name ?? '',
          referrer_no: who?.referrer_no ?? '',
          deleted: who?.deleted_at ? 1 : 0,
          sale_count: r.sale_count,
          paid_amt: r.paid,
          refund_amt: r.refunded,
          commission_amt: r.commission,
        };
      }),
      count,
      totals: {
        sale_count: totals.sale_count,
        paid_amt: totals.paid,
        refund_amt: totals.refunded,
        commission_amt: totals.commission,
      },
      range: { start_time: range.start, end_time: range.end },
    };
  }

  /** The link to a machine's purchase page naming the referrer, and its QR code. */
  async link(
    auth: AuthContext,
    body: Body<typeof api.getReferrerLink>,
    origin: string,
  ): Promise<CallResult<typeof api.getReferrerLink>> {
    const merchantId = auth.merchant.id;
    if (!(await this.repo.findLive(merchantId, body.referrer_id)))
      throw new AppError(RCODE.REFERRER_NOT_FOUND);
    const machine = await new MachineShelves(this.d.db).machineBySn(body.sn);
    if (!machine || machine.merchant_id !== merchantId) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    const url = referrerLink(origin, body.sn, body.referrer_id);
    let svg: string;
    try {
      svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
    } catch {
      throw new AppError(RCODE.QR_CREATE_FAILED);
    }
    return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  // -- What the activity center and /record read (modules/marketing)

  /** Referrers not deleted, and those who sold in [start, end). */
  async centerCounts(
    merchantId: number,
    start: number,
    end: number,
  ): Promise<{ count: number; active: number }> {
    return {
      count: await this.repo.countLive(merchantId),
      active: await this.repo.sellingReferrers(merchantId, start, end),
    };
  }

  countSales(f: SaleFilter): Promise<number> {
    return this.repo.countSales(f);
  }

  /** Sales newest first, a page of them, with their referrer's name (deleted ones too). */
  async salesPage(f: SaleFilter, offset: number, limit: number): Promise<ReferrerSaleRecord[]> {
    const rows = await this.repo.salesPage(f, offset, limit);
    const names = new Map(
      (await this.repo.byIds([...new Set(rows.map((r) => r.referrer_id))])).map((r) => [r.id, r.name]),
    );
    return rows.map((r: ReferrerSaleRow) => ({
      id: r.id,
      time: r.paid_at,
      sn: r.sn,
      orderno: r.order_no,
      referrer_name: names.get(r.referrer_id) ?? '',
      amount: r.amount,
      commission: r.commission,
    }));
  }

  // -- The offer on the orders' port (orders/sale-offers.ts)

  /**
   * The referrer a customer's link named, when it is a live referrer of the machine's merchant. Anything else (a
   * deleted referrer, another merchant's, an id that never existed) is ignored, not refused: a stale QR code on a
   * machine must never stop a sale; the order is then sold without a referrer.
   */
  async apply(trx: Db, sale: OfferSale, request: OfferRequest): Promise<{ referrer_id?: number }> {
    const id = request.referrer_id;
    if (!id || !Number.isSafeInteger(id) || id <= 0) return {};
    const row = await new ReferrerRepository(trx).findLive(sale.merchant_id, id);
    return row ? { referrer_id: row.id } : {};
  }

  /** The payment was confirmed: the sale and its commission at the referrer's rate now, once per order. */
  async paid(trx: Db, order: OrderRow): Promise<void> {
    if (!order.referrer_id) return;
    const repo = new ReferrerRepository(trx);
    const [who] = await repo.byIds([order.referrer_id]);
    if (!who || who.merchant_id !== order.merchant_id) return;
    const paidAt = order.paid_at ?? this.d.clock();
    const day = order.sale_day ?? saleDay(paidAt, await this.zones.of(trx, order.merchant_id));
    const commission = referrerCommission(order.amount, who.commission);
    await repo.insertSale({
      order_id: order.id,
      order_no: order.order_no,
      referrer_id: who.id,
      merchant_id: order.merchant_id,
      sn: order.sn,
      day,
      paid_at: paidAt,
      amount: order.amount,
      rate: who.commission,
      commission_booked: commission,
      commission,
      refunded: 0,
      updated_at: this.d.clock(),
    });
  }

  /** A refund succeeded: the commission left is the booked one in proportion to what the customer kept. */
  async refunded(trx: Db, _refund: RefundRow, order: OrderRow): Promise<void> {
    const repo = new ReferrerRepository(trx);
    const sale = await repo.saleOfOrder(order.id);
    if (!sale) return;
    const refunded = Math.min(sale.amount, order.refund_fee);
    await repo.updateSale(sale.id, {
      refunded,
      commission: commissionAfterRefunds(sale.commission_booked, sale.amount, refunded),
      updated_at: this.d.clock(),
    });
  }
}

function checkRules(body: { referrer_no: string; commission: number }): void {
  const broken = checkReferrerRules(body);
  if (broken) throw new AppError(RCODE[broken.rcode]);
}

async function assertNumberFree(
  repo: ReferrerRepository,
  merchantId: number,
  no: string,
  exceptId: number | null,
): Promise<void> {
  if (no !== '' && (await repo.numberTaken(merchantId, no, exceptId))) {
    throw new AppError(RCODE.REFERRER_NO_TAKEN, { no });
  }
}

function columnsOf(body: Body<typeof api.addReferrer>) {
  return {
    name: body.referrer_name,
    referrer_no: body.referrer_no,
    commission: body.commission,
    remarks: body.remarks,
  };
}

function present(row: ReferrerRow): Omit<Referrer, 'sale_count' | 'commission_amt'> {
  return {
    referrer_id: row.id,
    referrer_name: row.name,
    referrer_no: row.referrer_no,
    commission: row.commission,
    remarks: row.remarks,
    create_time: row.created_at,
  };
}
