import type * as api from '@vendo/contract/api/funds';
import {
  MANUAL_ACCOUNT_FILTER,
  type FundAccount,
  type ProfitShare,
  type Settlement,
} from '@vendo/contract/api/funds';
import type * as splitApi from '@vendo/contract/api/splits';
import { SPLIT_WHOLE } from '@vendo/contract/api/splits';
import type { CallResult } from '@vendo/contract/api/call';
import type { SettlementState } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, storeInScope, type Scope } from '../../platform/scope';
import { maskHolderName, type PayoutAccounts } from '../bank-cards/payout-accounts';
import type { PayoutCard, PayoutCards } from '../bank-cards/payout-cards';
import type { MachinePayouts } from '../devices/machine-payouts';
import { MachineShelves } from '../devices/machine-shelves';
import type { OrderRow } from '../orders/order-tables';
import type { FundsRepository } from './funds-repository';
import type { FundAccountRow, SettlementRow } from './funds-tables';
import { cardAccountKey, type EntryRole } from './ledger';
import { dayBounds, isCalendarDate, settleDateOf } from './settlement-math';

/** Orders by number (the orders module's repository is wired in; funds only reads this). */
export interface OrderLookup {
  findByNo(orderNo: string): Promise<OrderRow | undefined>;
}

/** How an account is shown on a line of profit sharing or a trade route: the caller's own cards in full. */
interface AccountFace {
  merchantId: string;
  acctName: string;
  acctNoMask: string;
  /** The account belongs to the caller's merchant. */
  own: boolean;
}

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

/** Record states behind each label of spec §4 (the filter of /b/getSettle). */
const STATES_OF: Record<SettlementState, readonly string[]> = {
  success: ['success'],
  fail: ['failed'],
  settling: ['pending', 'sending', 'settling'],
  unknown: [],
};

/** settle_status of spec §4: 1 success, 2 fail, 3 settling. */
export function settleStatus(state: string): number {
  if (state === 'success') return 1;
  if (state === 'failed') return 2;
  return 3;
}

export interface FundsServiceDeps {
  db: Kysely<Database>;
  repo: FundsRepository;
  cards: PayoutCards;
  /** Cards of any merchant (split accounts on trade routes and profit sharing). */
  accounts: PayoutAccounts;
  orders: OrderLookup;
  machines: MachinePayouts;
  /** The zone of merchants that set none. */
  timeZone: string;
  sandbox: boolean;
}

/** /b/getFunds, /b/getSettle, /b/getSettleDetail: the ledger's figures and the settlement records. */
export class FundsService {
  constructor(private readonly d: FundsServiceDeps) {}

  async funds(auth: AuthContext): Promise<CallResult<typeof api.getFunds>> {
    const scope = await scopeOf(this.d.db, auth);
    const merchantId = scope.merchantId;
    const cards = await this.d.cards.approved(merchantId, scope.bankOwnOnly ? scope.userId : null);
    const accounts = await this.d.repo.accounts(merchantId);
    const byKey = new Map(accounts.map((a) => [a.account_key, a]));
    const figures = await this.d.repo.figures(merchantId);
    const counts = await this.d.machines.countsByPayout(
      merchantId,
      cards.map((c) => String(c.id)),
    );
    const data: FundAccount[] = cards.map((card) =>
      present(card, byKey.get(cardAccountKey(card.id)), figures, counts.get(String(card.id)) ?? 0),
    );
    // Cards no longer approved that still hold money stay listed while they do.
    const listed = new Set(cards.map((c) => c.id));
    const gone = accounts.filter((a) => a.card_id !== null && !listed.has(a.card_id));
    if (!scope.bankOwnOnly && gone.length) {
      const goneCards = await this.d.cards.cards(
        merchantId,
        gone.map((a) => a.card_id ?? 0),
      );
      for (const card of goneCards) {
        const account = byKey.get(cardAccountKey(card.id));
        const row = present(card, account, figures, 0);
        if (row.balance !== 0 || row.settled_amt !== 0) data.push(row);
      }
    }
    // The manual-transfer account of machines without a card: not a card anyone added, so not in an own-only scope.
    const manual = accounts.find((a) => a.manual_transfer === 1);
    if (manual && !scope.bankOwnOnly) {
      const fleet = await this.d.machines.fleet(merchantId);
      data.push(present(null, manual, figures, fleet.unbound));
    }
    return { data, count: data.length, sandbox: this.d.sandbox };
  }

  async settlements(
    auth: AuthContext,
    body: Body<typeof api.getSettle>,
  ): Promise<CallResult<typeof api.getSettle>> {
    const scope = await scopeOf(this.d.db, auth);
    const c = body.condition;
    if (c.start_date && c.end_date && c.start_date > c.end_date)
      throw new AppError(RCODE.SETTLE_RANGE_INVALID);
    let accountIds = await this.scopedAccounts(scope);
    if (c.merchant_id) {
      // A card by its id, or the manual-transfer account by its name (its merchant_id '' means "every account").
      const manual = c.merchant_id === MANUAL_ACCOUNT_FILTER;
      const key = manual ? null : cardAccountKey(Number(c.merchant_id));
      const wanted = (await this.d.repo.accounts(scope.merchantId))
        .filter((a) => (manual ? a.manual_transfer === 1 : a.account_key === key))
        .map((a) => a.id);
      accountIds = accountIds ? accountIds.filter((id) => wanted.includes(id)) : wanted;
    }
    const { rows, count } = await this.d.repo.listSettlements(
      {
        merchantId: scope.merchantId,
        from: c.start_date,
        to: c.end_date,
        states: c.settle_status ? STATES_OF[c.settle_status] : undefined,
        accountIds,
      },
      body,
    );
    const accounts = await this.accountMap(rows);
    return { data: rows.map((r) => presentSettlement(r, accounts)), count, sandbox: this.d.sandbox };
  }

  async detail(
    auth: AuthContext,
    body: Body<typeof api.getSettleDetail>,
  ): Promise<CallResult<typeof api.getSettleDetail>> {
    const scope = await scopeOf(this.d.db, auth);
    const record = await this.d.repo.settlement(body.id);
    const allowed = await this.scopedAccounts(scope);
    if (
      !record ||
      record.merchant_id !== scope.merchantId ||
      record.state === 'open' ||
      (allowed && !allowed.includes(record.account_id))
    ) {
      throw new AppError(RCODE.SETTLEMENT_NOT_FOUND);
    }
    const { rows, count } = await this.d.repo.lines(record.id, body);
    const accounts = await this.accountMap([record]);
    return {
      record: presentSettlement(record, accounts),
      lines: {
        data: rows.map((e) => ({
          kind: e.kind === 'refund' ? ('refund' as const) : ('payment' as const),
          orderno: e.order_no,
          sn: e.sn,
          client: e.client,
          amount: e.amount,
          time: e.at,
        })),
        count,
      },
      sandbox: this.d.sandbox,
    };
  }

  /**
   * /k/queryTradeRoute: where an order's money went, from its ledger entries (payments and refunds, each with the
   * role and share it was booked with). An order of another merchant or outside the staff member's stores is not
   * found; an order outside the ledger (cash, cards, unpaid) has no lines. Other merchants' split accounts show a
   * masked holder and no settlement id (their settlement is theirs).
   */
  async tradeRoute(
    auth: AuthContext,
    body: Body<typeof splitApi.queryTradeRoute>,
  ): Promise<CallResult<typeof splitApi.queryTradeRoute>> {
    const scope = await scopeOf(this.d.db, auth);
    const order = await this.d.orders.findByNo(body.orderno);
    if (!order || order.merchant_id !== scope.merchantId || !storeInScope(scope, order.store_id)) {
      throw new AppError(RCODE.ORDER_NOT_FOUND);
    }
    const entries = await this.d.repo.routeEntries(order.id);
    const faces = await this.faces(
      scope.merchantId,
      entries.map((e) => ({ accountId: e.account_id, cardId: e.card_id })),
    );
    return {
      orderno: order.order_no,
      sn: order.sn,
      client: order.client,
      lines: entries.map((e) => {
        const face = faces.get(e.account_id) ?? unknownFace;
        return {
          merchant_id: face.merchantId,
          acct_name: face.acctName,
          acct_no_encry: face.acctNoMask,
          role: roleOf(e.role, e.manual_transfer === 1),
          split_percent: e.share || SPLIT_WHOLE,
          kind: e.kind === 'refund' ? ('refund' as const) : ('payment' as const),
          amount: e.amount,
          settle_id: face.own ? e.settlement_id : null,
          time: e.at,
        };
      }),
    };
  }

  /**
   * /b/getProfitSharing: what each party received from the caller's split machines, per local day (of the
   * payment or of the refund), machine and account, and per account over the range. Only money a split
   * configuration booked (entries with split = 1), set-based (one GROUP BY for the page, one for the totals);
   * staff limited to stores see their stores' machines.
   */
  async profitSharing(
    auth: AuthContext,
    body: Body<typeof api.getProfitSharing>,
  ): Promise<CallResult<typeof api.getProfitSharing>> {
    const scope = await scopeOf(this.d.db, auth);
    const c = body.condition;
    const days = { 'condition.start_date': c.start_date, 'condition.end_date': c.end_date };
    for (const [field, day] of Object.entries(days)) {
      // Named, so the refusal says which day is no calendar day (found by the contract fuzzer).
      if (day !== undefined && !isCalendarDate(day)) throw AppError.invalid(field, 'invalidValue');
    }
    if (c.start_date && c.end_date && c.start_date > c.end_date)
      throw new AppError(RCODE.SETTLE_RANGE_INVALID);
    // A machine the caller never had (or outside their stores) is refused, not answered with no lines.
    if (c.sn !== undefined) await new MachineShelves(this.d.db).checkFilterMachine(scope, c.sn);
    const zone = auth.merchant.time_zone || this.d.timeZone;
    const filter = {
      sellerId: scope.merchantId,
      from: c.start_date ? dayBounds(c.start_date, zone).start : undefined,
      to: c.end_date ? dayBounds(c.end_date, zone).end : undefined,
      sn: c.sn,
      sns: scope.storeIds ? await this.d.machines.inStores(scope.merchantId, scope.storeIds) : undefined,
    };
    const { rows, count } = await this.d.repo.profitRows(filter, body);
    const totals = await this.d.repo.profitTotals(filter);
    const ids = [...new Set([...rows, ...totals].map((r) => r.accountId))];
    const accounts = await this.d.repo.accountsByIds(ids);
    const faces = await this.faces(
      scope.merchantId,
      accounts.map((a) => ({ accountId: a.id, cardId: a.card_id })),
    );
    const manual = new Set(accounts.filter((a) => a.manual_transfer === 1).map((a) => a.id));
    const titles = await this.d.machines.titles(
      scope.merchantId,
      rows.map((r) => r.sn),
    );
    const line = (r: { accountId: number; role: string; income: number; refund: number }) => {
      const face = faces.get(r.accountId) ?? unknownFace;
      return {
        merchant_id: face.merchantId,
        acct_name: face.acctName,
        acct_no_encry: face.acctNoMask,
        role: roleOf(r.role, manual.has(r.accountId)),
        income_amt: r.income,
        refund_amt: r.refund,
        net_amt: r.income - r.refund,
      };
    };
    const data: ProfitShare[] = rows.map((r) => ({
      day: settleDateOf(r.day, zone),
      sn: r.sn,
      dev_title: titles.get(r.sn) ?? '',
      ...line(r),
    }));
    return { data, count, totals: totals.map(line), sandbox: this.d.sandbox };
  }

  /** The faces of these accounts: the caller's cards in full, other merchants' masked. */
  private async faces(
    merchantId: number,
    accounts: ReadonlyArray<{ accountId: number; cardId: number | null }>,
  ): Promise<Map<number, AccountFace>> {
    const cards = await this.d.accounts.byIds(
      accounts.flatMap((a) => (a.cardId !== null ? [String(a.cardId)] : [])),
    );
    const out = new Map<number, AccountFace>();
    for (const a of accounts) {
      if (a.cardId === null) {
        out.set(a.accountId, { merchantId: '', acctName: '', acctNoMask: '', own: true });
        continue;
      }
      const card = cards.get(String(a.cardId));
      const own = card?.ownerMerchantId === merchantId;
      out.set(a.accountId, {
        merchantId: String(a.cardId),
        acctName: card ? (own ? card.acct_name : maskHolderName(card.acct_name)) : '',
        acctNoMask: card?.acct_no_mask ?? '',
        own,
      });
    }
    return out;
  }

  /** The accounts a staff member with an "only own" bank scope sees (the cards they added); null: every one. */
  private async scopedAccounts(scope: Scope): Promise<number[] | null> {
    if (!scope.bankOwnOnly) return null;
    const own = new Set(
      (await this.d.cards.approved(scope.merchantId, scope.userId)).map((c) => cardAccountKey(c.id)),
    );
    return (await this.d.repo.accounts(scope.merchantId))
      .filter((a) => own.has(a.account_key))
      .map((a) => a.id);
  }

  private async accountMap(rows: SettlementRow[]): Promise<Map<number, FundAccountRow>> {
    const ids = [...new Set(rows.map((r) => r.account_id))];
    return new Map((await this.d.repo.accountsByIds(ids)).map((a) => [a.id, a]));
  }
}

const unknownFace: AccountFace = { merchantId: '', acctName: '', acctNoMask: '', own: false };

/** An entry's role; entries booked before roles were kept (migration 0015) read as the machine's own account. */
function roleOf(role: string, manual: boolean): EntryRole {
  if (role === 'main' || role === 'split' || role === 'manual') return role;
  return manual ? 'manual' : 'main';
}

function present(
  card: PayoutCard | null,
  account: FundAccountRow | undefined,
  figures: Map<number, { notSettle: number; toSettle: number; settling: number; settled: number }>,
  devCount: number,
): FundAccount {
  const f = (account && figures.get(account.id)) ?? { notSettle: 0, toSettle: 0, settling: 0, settled: 0 };
  return {
    merchant_id: card ? String(card.id) : '',
    manual_transfer: card ? 0 : 1,
    acct_no_encry: card?.acctNoMask ?? '',
    acct_name: card?.acctName ?? '',
    stort_name: card?.mchName ?? '',
    bank_code: card?.bankCode ?? '',
    bank_branch: card?.bankBranch ?? '',
    balance: f.notSettle + f.toSettle + f.settling,
    not_settle_amt: f.notSettle,
    to_settle_amt: f.toSettle,
    settling_amt: f.settling,
    settled_amt: f.settled,
    dev_count: devCount,
  };
}

function presentSettlement(r: SettlementRow, accounts: Map<number, FundAccountRow>): Settlement {
  const account = accounts.get(r.account_id);
  return {
    id: r.id,
    settle_date: r.settle_date,
    merchant_id: account?.card_id != null ? String(account.card_id) : '',
    bank_code: r.bank_code,
    acct_no_encry: r.acct_no_mask,
    acct_name: r.acct_name,
    settle_amt: r.settle_amt,
    settle_status: settleStatus(r.state),
    gross_amt: r.gross_amt,
    income_amt: r.income_amt,
    refund_amt: r.refund_amt,
    poundage: r.poundage,
    transfer_fee: r.transfer_fee,
    carried_amt: r.carried_amt,
    order_count: r.order_count,
    refund_count: r.refund_count,
    fail_reason: r.fail_reason,
    created_at: r.created_at,
    finished_at: r.state === 'success' || r.state === 'failed' ? r.finished_at : null,
  };
}
