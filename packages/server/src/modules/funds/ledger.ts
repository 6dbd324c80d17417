import type { Kysely } from 'kysely';
import { SPLIT_WHOLE, splitShares, type SplitShare } from '@vendo/contract/api/splits';
import type { Database } from '../../db/database';
import type { PayoutAccounts } from '../bank-cards/payout-accounts';
import type { FeeSplitsService } from '../fee-splits/fee-splits-service';
import { saleDay, type MerchantZones } from '../orders/merchant-zones';
import type { MoneyMovements } from '../orders/money-movements';
import type { OrderRow, RefundRow } from '../orders/order-tables';
import type { FundsRepository, NewEntry } from './funds-repository';
import { refundParts } from './settlement-math';

/** Ledger entry kinds (docs/funds.md): signs are part of the amount. */
export const LEDGER_KINDS = [
  'payment',
  'refund',
  'payout_fee',
  'transfer_fee',
  'payout',
  'payout_reversal',
  'split_in',
  'split_out',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The payment methods whose money we hold: paid through our channel (docs/funds.md "What enters the ledger"). */
export const LEDGER_CLIENTS: readonly string[] = ['wechat', 'alipay'];

/** What an account was to a payment: the machine's own (or the split's main) card, a split account, manual transfer. */
export type EntryRole = 'main' | 'split' | 'manual';

/** One account's share of an order's payment. */
export interface Allocation {
  /** `card:<bank card id>` or `manual:<merchant id>`. */
  accountKey: string;
  /** The merchant the account belongs to. */
  merchantId: number;
  cardId: number | null;
  manual: boolean;
  cents: number;
  kind: LedgerKind;
  role: EntryRole;
  /** Hundredths of a percent (SPLIT_WHOLE without a split). */
  share: number;
  /** Booked by a split configuration. */
  split: boolean;
}

/** The ledger's view of fee splitting: the shares a machine's payment is cut by now (null: no split). */
export type SplitSource = Pick<FeeSplitsService, 'sharesFor'>;

export interface FundLedgerDeps {
  repo: FundsRepository;
  clock: () => number;
  zones: MerchantZones;
  /** Cards of any merchant (a split account's owner); read inside the payment's transaction. */
  accounts: PayoutAccounts;
  /** Absent in tools that build the ledger without fee splitting: every payment goes to the machine's account. */
  splits?: SplitSource | undefined;
}

export const cardAccountKey = (cardId: number) => `card:${cardId}`;
export const manualAccountKey = (merchantId: number) => `manual:${merchantId}`;

/**
 * Writes the money the orders module reports into the ledger, in the transaction that records it: a confirmed
 * payment credits the accounts `allocate` names; a successful refund through the channel debits the same accounts
 * in the payment's proportions (settlement-math.ts refundParts).
 */
export class FundLedger implements MoneyMovements {
  private readonly repo: FundsRepository;
  private readonly clock: () => number;

  constructor(private readonly d: FundLedgerDeps) {
    this.repo = d.repo;
    this.clock = d.clock;
  }

  /**
   * Where an order's money goes, read in the payment's transaction. A machine splitting its income (fee-splits'
   * `sharesFor` answers shares): each account of the configuration gets its part by `splitShares` (split accounts
   * the floor of their share, the main card the rest), the split accounts being other merchants' cards whose money
   * belongs to those merchants. Otherwise the machine's payout card, or the merchant's manual-transfer account when
   * the machine has none, 100 %. The first allocation is the main account and takes the odd cents of refunds.
   */
  async allocate(trx: Kysely<Database>, order: OrderRow): Promise<Allocation[]> {
    const shares = await this.d.splits?.sharesFor(trx, order.merchant_id, order.sn, order.client);
    if (shares && shares.length > 0) {
      const split = await this.splitAllocations(trx, order, shares);
      if (split) return split;
    }
    const payout = await this.repo.machinePayout(trx, order.merchant_id, order.sn);
    const cardId = payout && /^\d+$/.test(payout) ? Number(payout) : null;
    return [
      {
        accountKey: cardId !== null ? cardAccountKey(cardId) : manualAccountKey(order.merchant_id),
        merchantId: order.merchant_id,
        cardId,
        manual: cardId === null,
        cents: order.amount,
        kind: 'payment',
        role: cardId !== null ? 'main' : 'manual',
        share: SPLIT_WHOLE,
        split: false,
      },
    ];
  }

  /** The configuration's accounts and parts; null when a card of it is unknown (then the split is not used). */
  private async splitAllocations(
    trx: Kysely<Database>,
    order: OrderRow,
    shares: readonly SplitShare[],
  ): Promise<Allocation[] | null> {
    const cards = await this.d.accounts.within(trx).byIds(shares.map((s) => s.account));
    const parts = splitShares(order.amount, shares);
    const out: Allocation[] = [];
    for (const [i, part] of parts.entries()) {
      const card = cards.get(part.account);
      if (!card) return null;
      out.push({
        accountKey: cardAccountKey(Number(part.account)),
        merchantId: card.ownerMerchantId,
        cardId: Number(part.account),
        manual: false,
        cents: part.cents,
        kind: 'payment',
        role: i === 0 ? 'main' : 'split',
        share: shares[i]!.percent,
        split: true,
      });
    }
    return out;
  }

  async paid(trx: Kysely<Database>, order: OrderRow): Promise<void> {
    if (!entersLedger(order) || order.amount <= 0) return;
    const now = this.clock();
    const at = order.paid_at ?? now;
    const day = saleDay(at, await this.d.zones.of(trx, order.merchant_id));
    const entries: NewEntry[] = [];
    for (const a of await this.allocate(trx, order)) {
      if (a.cents === 0) continue;
      const accountId = await this.repo.ensureAccount(trx, {
        merchantId: a.merchantId,
        key: a.accountKey,
        cardId: a.cardId,
        manual: a.manual,
        now,
      });
      entries.push({
        merchant_id: a.merchantId,
        account_id: accountId,
        kind: a.kind,
        amount: a.cents,
        ref: `pay:${order.id}:${accountId}`,
        order_id: order.id,
        refund_id: null,
        order_no: order.order_no,
        sn: order.sn,
        client: order.client,
        at,
        settlement_id: null,
        created_at: now,
        seller_id: order.merchant_id,
        role: a.role,
        share: a.share,
        split: a.split ? 1 : 0,
        day,
      });
    }
    await this.repo.insertEntries(trx, entries);
  }

  async refunded(trx: Kysely<Database>, refund: RefundRow, order: OrderRow): Promise<void> {
    // Offline refunds were paid back by hand: the channel still holds the money, so the ledger keeps it.
    if (refund.kind === 'offline' || !entersLedger(order) || refund.amount <= 0) return;
    const paid = await this.repo.orderEntries(trx, order.id, ['payment']);
    if (paid.length === 0) return;
    const before = -(await this.repo.orderEntries(trx, order.id, ['refund'])).reduce(
      (s, e) => s + e.amount,
      0,
    );
    const payment = new Map(paid.map((e) => [e.account_id, e]));
    const parts = refundParts(
      paid.map((e) => ({ accountId: e.account_id, cents: e.amount })),
      before,
      refund.amount,
    );
    const now = this.clock();
    const at = refund.finished_at ?? now;
    const day = saleDay(at, await this.d.zones.of(trx, order.merchant_id));
    await this.repo.insertEntries(
      trx,
      parts.map((p) => ({
        // The same account, owner, role and share as the payment it takes back: a later split change is not seen.
        merchant_id: payment.get(p.accountId)?.merchant_id ?? order.merchant_id,
        account_id: p.accountId,
        kind: 'refund',
        amount: -p.cents,
        ref: `refund:${refund.id}:${p.accountId}`,
        order_id: order.id,
        refund_id: refund.id,
        order_no: order.order_no,
        sn: order.sn,
        client: order.client,
        at,
        settlement_id: null,
        created_at: now,
        seller_id: order.merchant_id,
        role: payment.get(p.accountId)?.role ?? 'main',
        share: payment.get(p.accountId)?.share ?? SPLIT_WHOLE,
        split: payment.get(p.accountId)?.split ?? 0,
        day,
      })),
    );
  }
}

function entersLedger(order: OrderRow): boolean {
  return order.source === 'customer' && LEDGER_CLIENTS.includes(order.client);
}
