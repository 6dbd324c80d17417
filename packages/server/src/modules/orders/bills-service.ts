import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type {
  Bill,
  BillList,
  abnormalCount,
  getBuyBill,
  getOneCard,
  getPayBill,
} from '@vendo/contract/api/orders';
import { earliestAllowedStart, nextPeriodStart, startOfPeriod, zonedDay } from '@vendo/contract/constants';
import {
  PAYMENT_LABELS,
  enumLabel,
  faultText,
  isAbnormal,
  mayRefund,
  orderStatusText,
  refundEligibility,
  type RefundEligibility,
} from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import { canView } from '../accounts/permissions';
import { billAnalysisOf } from './analysis-sums';
import type { AppModules } from '../apps/app-modules';
import { checkFilterPlaces } from '../catalog/filter-places';
import type { ImageUrls } from '../catalog/image-urls';
import type { Body } from '../devices/call-types';
import type { BillFilter, BillRepository, BillRow } from './bill-repository';
import type { OrderRepository } from './order-repository';
import { presentRefunds } from './refund-service';

export interface BillsDeps {
  db: Kysely<Database>;
  bills: BillRepository;
  orders: OrderRepository;
  apps: AppModules;
  urls: ImageUrls;
  clock: () => number;
  timeZone: string;
  /** Paid orders waiting for the machine longer than this are abnormal. */
  abnormalAfterMs: number;
}

type Condition = Body<typeof getPayBill>['condition'];

/**
 * The sales and payment bills (spec §2, §3, §7): paged orders of the caller's stores with every query
 * condition, and the analysis block over all of them. Cost and profit only for those who may see profit.
 */
export class BillsService {
  constructor(private readonly d: BillsDeps) {}

  async buyBills(auth: AuthContext, body: Body<typeof getBuyBill>, locale: Locale): Promise<BillList> {
    return this.list(auth, body, locale, { abnormal: body.condition.abnormal, paidOnly: false });
  }

  async payBills(auth: AuthContext, body: Body<typeof getPayBill>, locale: Locale): Promise<BillList> {
    return this.list(auth, body, locale, { abnormal: false, paidOnly: true });
  }

  async abnormalCount(auth: AuthContext): Promise<CallResult<typeof abnormalCount>> {
    const scope = await scopeOf(this.d.db, auth);
    return this.d.bills.abnormal(scope.merchantId, scope.storeIds, this.d.clock() - this.d.abnormalAfterMs);
  }

  async card(
    auth: AuthContext,
    body: Body<typeof getOneCard>,
    locale: Locale,
  ): Promise<CallResult<typeof getOneCard>> {
    const scope = await scopeOf(this.d.db, auth);
    const card = await this.d.bills.card(scope.merchantId, scope.storeIds, body.cardno);
    const client = card.latest[0]?.client ?? '';
    return {
      cardno: body.cardno,
      client,
      client_text: enumLabel(PAYMENT_LABELS, client, locale) ?? client,
      count: card.count,
      amount: card.amount,
      refund: card.refund,
      first_time: card.first,
      last_time: card.last,
      orders: card.latest.map((o) => ({
        orderno: o.order_no,
        sn: o.sn,
        amount: o.amount,
        status: o.status,
        status_text: orderStatusText(
          { status: o.status, refund: o.refund_fee, goodsErr: o.goods_err },
          locale,
        ),
        time: o.paid_at ?? o.created_at,
      })),
    };
  }

  /**
   * A bill list read to its end, a page at a time by (paid_at, id) (report files): the screen's conditions,
   * analysis and presentation, never more than a page in memory. The conditions are checked before it answers.
   */
  async readAll(
    auth: AuthContext,
    condition: Condition & { abnormal?: boolean | undefined },
    locale: Locale,
    kind: 'buy' | 'pay',
    pageSize = 500,
  ): Promise<
    Omit<BillList, 'data'> & { timeZone: string; seesProfit: boolean; pages: AsyncGenerator<Bill[]> }
  > {
    const view = await this.view(auth, condition, {
      abnormal: kind === 'buy' && condition.abnormal === true,
      paidOnly: kind === 'pay',
    });
    const sums = await this.d.bills.analysis(view.filter);
    return {
      count: sums.count,
      analysis: billAnalysisOf(sums, view.seesProfit),
      range: { start_time: view.filter.start, end_time: view.filter.end },
      timeZone: view.timeZone,
      seesProfit: view.seesProfit,
      pages: this.pagesOf(view, locale, pageSize),
    };
  }

  private async *pagesOf(
    view: Awaited<ReturnType<BillsService['view']>>,
    locale: Locale,
    pageSize: number,
  ): AsyncGenerator<Bill[]> {
    let after: { paidAt: number; id: number } | null = null;
    for (;;) {
      const rows = await this.d.bills.pageAfter(view.filter, after, pageSize);
      if (!rows.length) return;
      yield await this.presentAll(rows, view, locale);
      const last = rows[rows.length - 1]!;
      after = { paidAt: last.paid_at ?? 0, id: last.id };
    }
  }

  private async list(
    auth: AuthContext,
    body: { pageNum: number; pageSize: number; condition: Condition },
    locale: Locale,
    kind: { abnormal: boolean; paidOnly: boolean },
  ): Promise<BillList> {
    const view = await this.view(auth, body.condition, kind);
    const [rows, sums] = await Promise.all([
      this.d.bills.page(view.filter, body),
      this.d.bills.analysis(view.filter),
    ]);
    return {
      data: await this.presentAll(rows, view, locale),
      count: sums.count,
      analysis: billAnalysisOf(sums, view.seesProfit),
      range: { start_time: view.filter.start, end_time: view.filter.end },
    };
  }

  /** What a list shows to this caller: the checked filter, the merchant's zone, the profit view. */
  private async view(auth: AuthContext, c: Condition, kind: { abnormal: boolean; paidOnly: boolean }) {
    const scope = await scopeOf(this.d.db, auth);
    const timeZone = auth.merchant.time_zone || this.d.timeZone;
    const now = this.d.clock();
    const filter = this.filter(scope, c, now, timeZone, kind);
    // An area or store the caller cannot see (chosen from pickers) is refused, not answered with an empty list.
    // The sn, like the order and card numbers, is a typed query condition (spec §3): no match is an empty list.
    await checkFilterPlaces(this.d.db, scope, { area: c.area, store: c.store });
    return { filter, timeZone, now, seesProfit: await this.seesProfit(auth) };
  }

  private async presentAll(
    rows: BillRow[],
    view: { timeZone: string; now: number; seesProfit: boolean },
    locale: Locale,
  ): Promise<Bill[]> {
    const ids = rows.map((r) => r.id);
    const [items, refunds] = await Promise.all([this.d.orders.itemsOf(ids), this.d.orders.refundsOf(ids)]);
    const eligibility = new EligibilityOfPage(view.now, view.timeZone);
    const refundsOf = new Map<number, typeof refunds>();
    for (const r of refunds) {
      const of = refundsOf.get(r.order_id);
      if (of) of.push(r);
      else refundsOf.set(r.order_id, [r]);
    }
    return rows.map((row) =>
      this.present(row, items.get(row.id) ?? [], refundsOf.get(row.id) ?? [], {
        locale,
        timeZone: view.timeZone,
        now: view.now,
        seesProfit: view.seesProfit,
        eligibility,
      }),
    );
  }

  /**
   * The conditions, with the time range defaulting to today in the merchant's zone and checked by the one range
   * rule of the contract (earliestAllowedStart, as the picker and analytics): the end is exclusive here, so the
   * range's last instant is end − 1.
   */
  private filter(
    scope: Scope,
    c: Condition,
    now: number,
    timeZone: string,
    kind: { abnormal: boolean; paidOnly: boolean },
  ): BillFilter {
    // The home alert counts pending abnormal orders of any day, so its list does too unless a range is asked
    // for. Few orders are pending at once and the partial index orders_abnormal holds only them: no range limit.
    if (kind.abnormal && c.start_time === undefined && c.end_time === undefined) {
      return this.conditions(scope, c, 0, nextPeriodStart('day', now, timeZone), now, kind);
    }
    const start = c.start_time ?? startOfPeriod('day', c.end_time ? c.end_time - 1 : now, timeZone);
    const end = c.end_time ?? nextPeriodStart('day', now, timeZone);
    if (end <= start) throw AppError.invalid('condition.end_time', 'rangeEndBeforeStart');
    if (start < earliestAllowedStart(end - 1, now))
      throw AppError.invalid('condition.start_time', 'rangeStartTooEarly');
    return this.conditions(scope, c, start, end, now, kind);
  }

  private conditions(
    scope: Scope,
    c: Condition,
    start: number,
    end: number,
    now: number,
    kind: { abnormal: boolean; paidOnly: boolean },
  ): BillFilter {
    return {
      merchantId: scope.merchantId,
      storeIds: scope.storeIds,
      start,
      end,
      sn: c.sn,
      orderNo: c.order_no,
      cardno: c.cardno,
      merchantOrder: c.merchant_order,
      status: c.status,
      client: c.client,
      priceStart: c.price_start,
      priceEnd: c.price_end,
      areaId: c.area,
      storeId: c.store,
      ...(kind.abnormal ? { abnormalBefore: now - this.d.abnormalAfterMs } : {}),
      paidOnly: kind.paidOnly,
    };
  }

  /** Cost and profit: main account or "view profit and cost" (1038), and a usable Profit app (spec §6). */
  private async seesProfit(auth: AuthContext): Promise<boolean> {
    return canView({ db: this.d.db, apps: this.d.apps, clock: this.d.clock }, auth.user, 'profit');
  }

  private present(
    row: BillRow,
    items: Awaited<ReturnType<OrderRepository['items']>>,
    refunds: Awaited<ReturnType<OrderRepository['refundsOf']>>,
    o: { locale: Locale; timeZone: string; now: number; seesProfit: boolean; eligibility: EligibilityOfPage },
  ): Bill {
    const eligibility = o.eligibility.of(row.client, row.paid_at ?? row.created_at);
    const firstFault = items.find((i) => i.fault !== '')?.fault ?? '';
    const goodsErr = row.goods_err || firstFault;
    return {
      orderno: row.order_no,
      merchant_order: row.merchant_order,
      client: row.client,
      client_text: enumLabel(PAYMENT_LABELS, row.client, o.locale) ?? row.client,
      kind: row.kind === 'game' ? 'game' : 'goods',
      status: row.status,
      status_text: orderStatusText({ status: row.status, refund: row.refund_fee, goodsErr }, o.locale),
      abnormal: isAbnormal(row.status),
      refund: row.refund_fee,
      refunding: row.refund_reserved - row.refund_fee,
      refundable: mayRefund(eligibility) ? row.amount - row.refund_reserved : 0,
      refund_eligibility: eligibility,
      area: row.area_id !== null ? { _id: row.area_id, area_name: row.area_name ?? '' } : null,
      store: row.store_id !== null ? { _id: row.store_id, store_name: row.store_name ?? '' } : null,
      amount: row.amount,
      original_amount: Math.max(row.original_amount, row.amount),
      discount: row.discount,
      coupon_name: row.coupon_name ?? '',
      time: row.paid_at ?? row.created_at,
      sn: row.sn,
      device_title: row.device_title ?? '',
      cardno: row.cardno,
      payer: row.payer,
      goods: items.map((i, index) => {
        const err = i.fault || (index === 0 && row.status !== 3 ? row.goods_err : '');
        return {
          goods_id: i.goods_id,
          goods_name: i.goods_name,
          img: this.d.urls.toUrl(i.img),
          channel_sn: i.channel_sn,
          price: i.price,
          quantity: i.quantity,
          delivered: i.delivered,
          err,
          err_text: faultText(err, o.locale),
          cost_price: o.seesProfit ? i.cost_price : null,
        };
      }),
      game:
        row.kind === 'game'
          ? {
              result: row.game_result === 'win' || row.game_result === 'lose' ? row.game_result : '',
              plays: row.plays,
            }
          : null,
      remarks: row.remarks,
      refunds: presentRefunds(refunds, o.locale),
      cost_price: o.seesProfit ? row.cost_price : null,
      create_time: row.created_at,
      finish_time: row.finished_at,
    };
  }
}

/** Each zone's current local day [start, end), worked out again only once `now` has left it (as saleDay does). */
const todayIn = new Map<string, { start: number; end: number }>();

/** The rule for an order of today, per payment method: 1 or 3 by the method alone, else 0 (any zone, any day). */
const eligibilityOfClient = new Map<string, RefundEligibility>();

/** Further than any zone's day moves (a daylight-saving change shifts it by at most 2 hours). */
const NEAR_DAY_EDGE = 3 * 3_600_000;

/**
 * The contract's refundEligibility for the bills of one answer, without working out two local dates per bill
 * (zonedDay formats a date each time: the costliest part of presenting a page). Eligibility 1 and 3 depend on the
 * payment method alone and 0 or 2 on whether the order is of today (spec §4), so the rule runs once per payment
 * method (for an order of today, kept for the process), and an order time is then placed by today's bounds in the
 * merchant's zone; within 3 hours of either bound the local days are compared as the rule does (zonedDay), today's
 * once per answer.
 */
export class EligibilityOfPage {
  private readonly today: { start: number; end: number };
  private todayKey: string | undefined;

  constructor(
    private readonly now: number,
    private readonly timeZone: string,
  ) {
    let today = todayIn.get(timeZone);
    if (!today || now < today.start || now >= today.end) {
      today = { start: startOfPeriod('day', now, timeZone), end: nextPeriodStart('day', now, timeZone) };
      todayIn.set(timeZone, today);
    }
    this.today = today;
  }

  of(client: string, orderTime: number): RefundEligibility {
    let atNow = eligibilityOfClient.get(client);
    if (atNow === undefined) {
      atNow = refundEligibility({ client, orderTime: this.now, now: this.now, timeZone: this.timeZone });
      if (eligibilityOfClient.size < 1000) eligibilityOfClient.set(client, atNow);
    }
    if (atNow !== 0) return atNow;
    const { start, end } = this.today;
    if (orderTime >= start + NEAR_DAY_EDGE && orderTime < end - NEAR_DAY_EDGE) return 0;
    if (orderTime < start - NEAR_DAY_EDGE || orderTime >= end + NEAR_DAY_EDGE) return 2;
    // Near midnight: the rule's own comparison of local days, with today's worked out once.
    this.todayKey ??= zonedDay(this.now, this.timeZone);
    return zonedDay(orderTime, this.timeZone) === this.todayKey ? 0 : 2;
  }
}
