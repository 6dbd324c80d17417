import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
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
}

export const cardAccountKey = (cardId: number) => `card:${cardId}`;
export const manualAccountKey = (merchantId: number) => `manual:${merchantId}`;

/**
 * Writes the money the orders module reports into the ledger, in the transaction that records it: a confirmed
 * payment credits the accounts `allocate` names; a successful refund through the channel debits the same accounts
 * in the payment's proportions (settlement-math.ts refundParts).
 */
export class FundLedger implements MoneyMovements {
  constructor(
    private readonly repo: FundsRepository,
    private readonly clock: () => number,
  ) {}

  /**
   * Where an order's money goes: today the machine's payout card, or the merchant's manual-transfer account when
   * the machine has none, 100 %. The fee-splitting configuration extends this (several accounts, shares adding
   * up to the amount); the first allocation is the machine's own account and takes the odd cents of refunds.
   */
  async allocate(trx: Kysely<Database>, order: OrderRow): Promise<Allocation[]> {
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
      },
    ];
  }

  async paid(trx: Kysely<Database>, order: OrderRow): Promise<void> {
    if (!entersLedger(order) || order.amount <= 0) return;
    const now = this.clock();
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
        at: order.paid_at ?? now,
        settlement_id: null,
        created_at: now,
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
    const merchantOf = new Map(paid.map((e) => [e.account_id, e.merchant_id]));
    const parts = refundParts(
      paid.map((e) => ({ accountId: e.account_id, cents: e.amount })),
      before,
      refund.amount,
    );
    const now = this.clock();
    await this.repo.insertEntries(
      trx,
      parts.map((p) => ({
        merchant_id: merchantOf.get(p.accountId) ?? order.merchant_id,
        account_id: p.accountId,
        kind: 'refund',
        amount: -p.cents,
        ref: `refund:${refund.id}:${p.accountId}`,
        order_id: order.id,
        refund_id: refund.id,
        order_no: order.order_no,
        sn: order.sn,
        client: order.client,
        at: refund.finished_at ?? now,
        settlement_id: null,
        created_at: now,
      })),
    );
  }
}

function entersLedger(order: OrderRow): boolean {
  return order.source === 'customer' && LEDGER_CLIENTS.includes(order.client);
}
