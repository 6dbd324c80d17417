/** The sandbox payment provider's own records: what WeChat Pay or Alipay would keep on their side. */
export interface SandboxPaymentTables {
  sandbox_pay_transactions: SandboxTransactionsTable;
  sandbox_pay_refunds: SandboxRefundsTable;
}

export interface SandboxTransactionsTable {
  tx_id: string;
  channel: string;
  out_trade_no: string;
  amount: number;
  description: string;
  notify_url: string;
  return_url: string;
  /** pending | paid | closed */
  state: string;
  payer: string;
  created_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

export interface SandboxRefundsTable {
  refund_id: string;
  out_refund_no: string;
  tx_id: string;
  out_trade_no: string;
  amount: number;
  /** processing until settle_at, then final_state (success | failed) */
  state: string;
  final_state: string;
  fail_reason: string;
  created_at: number;
  settle_at: number;
  finished_at: number | null;
}
