/** The sandbox bank's own records: what a bank would keep of the transfers it was asked for. */
export interface SandboxPayoutTables {
  sandbox_payouts: SandboxPayoutsTable;
}

export interface SandboxPayoutsTable {
  /** The payer's idempotency key: one transfer per key. */
  idem_key: string;
  bank_code: string;
  account_no: string;
  account_name: string;
  amount: number;
  /** processing | success | failed */
  state: string;
  reason: string;
  created_at: number;
  finished_at: number | null;
}
