import type * as api from '@vendo/contract/api/funds';
import type { FundAccount, Settlement } from '@vendo/contract/api/funds';
import type { CallResult } from '@vendo/contract/api/call';
import type { SettlementState } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import type { PayoutCard, PayoutCards } from '../bank-cards/payout-cards';
import type { MachinePayouts } from '../devices/machine-payouts';
import type { FundsRepository } from './funds-repository';
import type { FundAccountRow, SettlementRow } from './funds-tables';
import { cardAccountKey } from './ledger';

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
  machines: MachinePayouts;
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
      const wanted = (await this.d.repo.accounts(scope.merchantId))
        .filter((a) => a.account_key === cardAccountKey(Number(c.merchant_id)))
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
