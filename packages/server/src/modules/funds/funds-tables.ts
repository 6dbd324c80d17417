import type { Generated, Selectable } from 'kysely';
import type { SandboxPayoutTables } from '../../integrations/payouts/sandbox-tables';

/** The funds ledger (issue 16, docs/funds.md), and the sandbox bank's own records. */
export interface FundTables extends SandboxPayoutTables {
  fund_accounts: FundAccountsTable;
  ledger_entries: LedgerEntriesTable;
  settlements: SettlementsTable;
  fund_runs: FundRunsTable;
}

/** A payout account: an approved card (`card:<id>`) or a merchant's manual-transfer account (`manual:<id>`). */
export interface FundAccountsTable {
  id: Generated<number>;
  /** The merchant the money belongs to (the card's owner). */
  merchant_id: number;
  account_key: string;
  card_id: number | null;
  manual_transfer: number;
  created_at: number;
}

/**
 * One movement of money on an account, in signed cents, never changed except for being assigned to the settlement
 * that pays it out (`settlement_id`, set once). `ref` names the movement uniquely: writing it twice fails.
 */
export interface LedgerEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  account_id: number;
  /** LedgerKind */
  kind: string;
  amount: number;
  ref: string;
  order_id: number | null;
  refund_id: number | null;
  order_no: string;
  sn: string;
  client: string;
  /** When the money moved (payment confirmed, refund succeeded, payout sent). */
  at: number;
  settlement_id: number | null;
  created_at: number;
  /** The merchant whose machine sold (payments and refunds; null for fees and payouts). */
  seller_id: Generated<number | null>;
  /** EntryRole of payments and refunds: main, split or manual ('' for fees and payouts). */
  role: Generated<string>;
  /** The account's share when the payment was booked, hundredths of a percent (SPLIT_WHOLE without a split). */
  share: Generated<number>;
  /** 1 when a split configuration booked the payment (and its refunds). */
  split: Generated<number>;
  /** The seller's local midnight of the movement (payments and refunds), the day profit sharing counts it in. */
  day: Generated<number | null>;
}

/**
 * A settlement record (spec §3): one per payout account and merchant-local day. `state`: pending (the payout has
 * not gone out, or the last attempt failed and this one waits), sending (an attempt's key is stored and the
 * transfer may have reached the bank), settling (the bank accepted it), success, failed (waits for the next run).
 */
export interface SettlementsTable {
  id: Generated<number>;
  merchant_id: number;
  account_id: number;
  settle_date: string;
  /** Entries before this instant (the end of settle_date, merchant-local) that were not settled yet. */
  cutoff: number;
  manual_transfer: number;
  bank_code: string;
  acct_no_mask: string;
  acct_name: string;
  income_amt: number;
  refund_amt: number;
  carried_amt: number;
  gross_amt: number;
  poundage: number;
  transfer_fee: number;
  settle_amt: number;
  order_count: number;
  refund_count: number;
  state: string;
  attempt: number;
  payout_key: string;
  fail_reason: string;
  created_at: number;
  sent_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

/** A merchant's day the daily run has settled. */
export interface FundRunsTable {
  merchant_id: number;
  settle_date: string;
  ran_at: number;
}

export type FundAccountRow = Selectable<FundAccountsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type SettlementRow = Selectable<SettlementsTable>;
