import { SETTLEMENT_HOUR, zonedDate } from '@vendo/contract/constants';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { PayoutProvider, PayoutState } from '../../integrations/payouts/payout-provider';
import type { PayoutCard, PayoutCards } from '../bank-cards/payout-cards';
import type { FundsRepository, NewEntry, NewSettlement, PriceFields } from './funds-repository';
import type { SettlementRow } from './funds-tables';
import { settlementEvent } from './settlement-events';
import { AuditLog, platformOrigin } from '../audit/audit-log';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { dayBounds, previousDate, settleDateOf, settlementAmounts } from './settlement-math';

export interface SettlementDeps {
  repo: FundsRepository;
  cards: PayoutCards;
  provider: PayoutProvider;
  clock: () => number;
  /** The zone of merchants that set none. */
  timeZone: string;
  log: Pick<GatewayLog, 'error' | 'warn'>;
}

/** Places a test can stop the process at, to prove what a restart does (the "kill" tests). */
export interface SettlementHooks {
  beforeTransfer?(settlement: SettlementRow): void;
  afterTransfer?(settlement: SettlementRow, answer: PayoutState): void;
}

export interface DayOutcome {
  /** false: the merchant's day was settled before (nothing done). */
  ran: boolean;
  settlements: number;
}

/**
 * The daily settlement (docs/funds.md): at 13:00 in each merchant's zone, every payout account's unsettled entries
 * up to the end of yesterday become one settlement record (set-based: one GROUP BY, one UPDATE), priced with the
 * payout fee or the manual-transfer fee, and card accounts are paid out through the payout provider under an
 * idempotency key stored before the transfer.
 */
export class SettlementService {
  hooks: SettlementHooks = {};

  constructor(private readonly d: SettlementDeps) {}

  /** The job: merchants whose 13:00 has passed settle yesterday; payouts in flight are sent or asked about. */
  async tick(): Promise<void> {
    const now = this.d.clock();
    const merchants = await this.d.repo.merchantsWithAccounts();
    const byDate = new Map<string, Array<{ id: number; zone: string }>>();
    for (const m of merchants) {
      const zone = m.time_zone || this.d.timeZone;
      if (zonedDate(now, zone).hour < SETTLEMENT_HOUR) continue;
      const date = previousDate(settleDateOf(now, zone), zone);
      byDate.set(date, [...(byDate.get(date) ?? []), { id: m.id, zone }]);
    }
    for (const [date, list] of byDate) {
      const done = await this.d.repo.ranMerchants(
        date,
        list.map((m) => m.id),
      );
      for (const m of list) {
        if (done.has(m.id)) continue;
        try {
          await this.settleDay(m.id, date, m.zone);
        } catch (error) {
          this.d.log.error({ err: error, merchant: m.id, date }, 'settlement failed');
        }
      }
    }
    await this.payouts();
  }

  /**
   * Settles one merchant's day (idempotent: a day settled before answers ran false). Entries before the end of
   * the day not yet settled — the day's, and earlier days' that were left (a negative balance carried) — join one
   * settlement per account; failed payouts of the merchant are set to be sent again.
   */
  async settleDay(merchantId: number, settleDate: string, timeZone: string): Promise<DayOutcome> {
    const { start, end } = dayBounds(settleDate, timeZone);
    const now = this.d.clock();
    const repo = this.d.repo;
    return repo.transaction(async (trx) => {
      await repo.lockMerchant(trx, merchantId);
      if (await repo.ran(trx, merchantId, settleDate)) return { ran: false, settlements: 0 };
      const accountIds = await repo.unsettledAccounts(trx, merchantId, end);
      const accounts = await repo.accountsByIds(accountIds, trx);
      const cardIds = accounts.flatMap((a) => (a.card_id !== null ? [a.card_id] : []));
      const cards = new Map<number, PayoutCard>(
        (await this.d.cards.cards(merchantId, cardIds, trx)).map((c) => [c.id, c]),
      );
      const rows: NewSettlement[] = accounts.map((a) => {
        const card = a.card_id !== null ? cards.get(a.card_id) : undefined;
        return {
          merchant_id: merchantId,
          account_id: a.id,
          settle_date: settleDate,
          cutoff: end,
          manual_transfer: a.manual_transfer,
          bank_code: card?.bankCode ?? '',
          acct_no_mask: card?.acctNoMask ?? '',
          acct_name: card?.acctName ?? '',
          income_amt: 0,
          refund_amt: 0,
          carried_amt: 0,
          gross_amt: 0,
          poundage: 0,
          transfer_fee: 0,
          settle_amt: 0,
          order_count: 0,
          refund_count: 0,
          state: 'open',
          attempt: 0,
          payout_key: '',
          fail_reason: '',
          created_at: now,
          sent_at: null,
          finished_at: null,
          updated_at: now,
        };
      });
      await repo.insertSettlements(trx, rows);
      await repo.assignEntries(trx, merchantId, settleDate, end);
      const sums = await repo.openSums(trx, merchantId, settleDate, start);
      const manual = new Map(accounts.map((a) => [a.id, a.manual_transfer === 1]));
      const drop: number[] = [];
      const priced: Array<{ id: number } & PriceFields> = [];
      const fees: NewEntry[] = [];
      for (const s of sums) {
        const amounts = settlementAmounts(s.gross, manual.get(s.accountId) ?? false);
        if (!amounts) {
          drop.push(s.settlementId);
          continue;
        }
        priced.push({
          id: s.settlementId,
          income_amt: s.income,
          refund_amt: s.refund,
          carried_amt: s.carried,
          gross_amt: s.gross,
          poundage: amounts.poundage,
          transfer_fee: amounts.transferFee,
          settle_amt: amounts.settleAmt,
          order_count: s.orders,
          refund_count: s.refunds,
        });
        const fee = amounts.poundage > 0 ? { kind: 'payout_fee', amount: amounts.poundage } : null;
        const transfer =
          amounts.transferFee > 0 ? { kind: 'transfer_fee', amount: amounts.transferFee } : null;
        for (const f of [fee, transfer]) {
          if (!f) continue;
          fees.push({
            merchant_id: merchantId,
            account_id: s.accountId,
            kind: f.kind,
            amount: -f.amount,
            ref: `${f.kind}:${s.settlementId}`,
            order_id: null,
            refund_id: null,
            order_no: '',
            sn: '',
            client: '',
            at: now,
            settlement_id: s.settlementId,
            created_at: now,
          });
        }
      }
      await repo.priceSettlements(trx, priced, now);
      // Nothing to pay (refunds outweigh income, or less than the fee): the entries wait for the next day.
      await repo.dropSettlements(trx, drop);
      await repo.insertEntries(trx, fees);
      await repo.retryFailed(trx, merchantId, now);
      await repo.markRan(trx, merchantId, settleDate, now);
      await new AuditLog(this.d.clock).record(trx, {
        merchantId,
        origin: platformOrigin('job:settlement'),
        kind: 'settlement',
        action: 'run',
        target: { type: 'settle_date', id: settleDate },
        changes: [{ field: 'settlements', before: null, after: sums.length - drop.length }],
      });
      return { ran: true, settlements: sums.length - drop.length };
    });
  }

  /**
   * Demo and test mode (the dev route settleNow): today's run now, as if the day were over — every entry booked
   * so far is settled under today's date — then the merchant's payouts. Once a day: the run marks the day, and
   * later entries join tomorrow's settlement (its cutoff takes every unsettled entry before it).
   */
  async settleNow(merchantId: number, timeZone: string): Promise<DayOutcome & { settleDate: string }> {
    const settleDate = settleDateOf(this.d.clock(), timeZone || this.d.timeZone);
    const outcome = await this.settleDay(merchantId, settleDate, timeZone || this.d.timeZone);
    await this.payouts(merchantId);
    return { ...outcome, settleDate };
  }

  /** Sends pending payouts and asks about those in flight (every card settlement not finished). */
  async payouts(merchantId?: number): Promise<void> {
    for (;;) {
      const due = await this.d.repo.payoutsDue(200, merchantId);
      let progressed = 0;
      for (const s of due) {
        try {
          if (await this.payout(s)) progressed++;
        } catch (error) {
          this.d.log.error({ err: error, settlement: s.id }, 'payout failed');
        }
      }
      if (due.length < 200 || progressed === 0) return;
    }
  }

  /** One step of a settlement's payout; true when it moved on. */
  private async payout(s: SettlementRow): Promise<boolean> {
    const repo = this.d.repo;
    if (s.state === 'settling') {
      const answer = await this.d.provider.query(s.payout_key);
      if (!answer) return false;
      return this.apply(s, s.payout_key, answer);
    }
    let sending = s;
    if (s.state === 'pending') {
      // The key and the payout entry are stored before the transfer: a process that dies after it finds the
      // attempt in 'sending' and asks the bank about that key instead of paying again.
      const now = this.d.clock();
      const attempt = s.attempt + 1;
      const key = `vendo-s${s.id}-a${attempt}`;
      const took = await repo.transaction(async (trx) => {
        const moved = await repo.moveSettlement(trx, s.id, ['pending'], {
          state: 'sending',
          attempt,
          payout_key: key,
          fail_reason: '',
          sent_at: now,
          finished_at: null,
          updated_at: now,
        });
        if (!moved) return false;
        await repo.insertEntries(trx, [payoutEntry(s, 'payout', attempt, now)]);
        return true;
      });
      if (!took) return false;
      sending = { ...s, state: 'sending', attempt, payout_key: key, sent_at: now };
    } else {
      // Sending since an earlier run: the transfer may have reached the bank; its key says.
      const known = await this.d.provider.query(s.payout_key);
      if (known) return this.apply(s, s.payout_key, known);
    }
    const account = await this.accountOf(sending);
    if (!account) return this.apply(sending, sending.payout_key, { state: 'failed', reason: 'ACCOUNT_GONE' });
    this.hooks.beforeTransfer?.(sending);
    const answer = await this.d.provider.transfer(sending.payout_key, account, sending.settle_amt);
    this.hooks.afterTransfer?.(sending, answer);
    return this.apply(sending, sending.payout_key, answer);
  }

  private async accountOf(s: SettlementRow) {
    const [fund] = await this.d.repo.accountsByIds([s.account_id]);
    if (!fund || fund.card_id === null) return null;
    return this.d.cards.account(s.merchant_id, fund.card_id);
  }

  /** The bank's answer about an attempt, applied once (guarded by state and key). */
  private async apply(s: SettlementRow, key: string, answer: PayoutState): Promise<boolean> {
    const repo = this.d.repo;
    const now = this.d.clock();
    if (answer.state === 'processing') {
      return repo.transaction((trx) =>
        repo.moveSettlement(trx, s.id, ['sending'], { state: 'settling', updated_at: now }, key),
      );
    }
    return repo.transaction(async (trx) => {
      if (answer.state === 'success') {
        const paid = await repo.moveSettlement(
          trx,
          s.id,
          ['sending', 'settling'],
          { state: 'success', finished_at: now, updated_at: now },
          key,
        );
        if (paid) {
          await settlementEvent(trx, s, { succeeded: true }, now);
          await this.audit(trx, s, 'job:payout', 'paid', 'success', '');
        }
        return paid;
      }
      const moved = await repo.moveSettlement(
        trx,
        s.id,
        ['sending', 'settling'],
        { state: 'failed', fail_reason: answer.reason.slice(0, 200), finished_at: now, updated_at: now },
        key,
      );
      if (!moved) return false;
      // The payout entry is reversed: the money is back in the account, waiting for the next run.
      const current = await repo.settlement(s.id, trx);
      await repo.insertEntries(trx, [payoutEntry(s, 'payout_reversal', current?.attempt ?? s.attempt, now)]);
      await settlementEvent(
        trx,
        current ?? s,
        { succeeded: false, reason: answer.reason.slice(0, 200) },
        now,
      );
      await this.audit(trx, s, 'job:payout', 'failed', 'failed', answer.reason);
      return true;
    });
  }

  /** The audit entry of a settlement's payout outcome (the platform acts), in its transaction. */
  private async audit(
    trx: Kysely<Database>,
    s: SettlementRow,
    call: string,
    action: string,
    state: string,
    reason: string,
  ): Promise<void> {
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: s.merchant_id,
      origin: platformOrigin(call),
      kind: 'settlement',
      action,
      target: { type: 'settlement', id: s.id, name: `${s.settle_date} ${s.acct_no_mask}` },
      changes: [
        { field: 'state', before: s.state, after: state },
        { field: 'settle_amt', before: null, after: s.settle_amt },
        ...(reason ? [{ field: 'fail_reason', before: null, after: reason.slice(0, 200) }] : []),
      ],
    });
  }

  /**
   * A manual-transfer settlement the platform paid by hand (`vendo settle --paid <id>`): its payout entry and
   * success. False when it is not a pending manual-transfer record.
   */
  async markManualPaid(id: number): Promise<boolean> {
    const repo = this.d.repo;
    const now = this.d.clock();
    return repo.transaction(async (trx) => {
      const s = await repo.settlement(id, trx);
      if (!s || s.manual_transfer !== 1) return false;
      const moved = await repo.moveSettlement(trx, id, ['pending'], {
        state: 'success',
        attempt: s.attempt + 1,
        payout_key: `manual-s${id}`,
        sent_at: now,
        finished_at: now,
        updated_at: now,
      });
      if (!moved) return false;
      await repo.insertEntries(trx, [payoutEntry(s, 'payout', s.attempt + 1, now)]);
      await settlementEvent(trx, { ...s, attempt: s.attempt + 1 }, { succeeded: true }, now);
      await this.audit(trx, s, 'admin:settle --paid', 'manual_paid', 'success', '');
      return true;
    });
  }
}

/**
 * The ledger entry of a payout attempt (money leaving the account) or of its reversal when the bank refused it
 * (money back, waiting for the next run); one per settlement, kind and attempt.
 */
function payoutEntry(
  s: SettlementRow,
  kind: 'payout' | 'payout_reversal',
  attempt: number,
  now: number,
): NewEntry {
  return {
    merchant_id: s.merchant_id,
    account_id: s.account_id,
    kind,
    amount: kind === 'payout' ? -s.settle_amt : s.settle_amt,
    ref: `${kind}:${s.id}:${attempt}`,
    order_id: null,
    refund_id: null,
    order_no: '',
    sn: '',
    client: '',
    at: now,
    settlement_id: s.id,
    created_at: now,
  };
}
