/**
 * Paying a merchant's settlement out to a bank account (issue 16, docs/funds.md). Every transfer carries an
 * idempotency key (one per payout attempt of a settlement record): the bank makes one transfer per key however
 * often it is asked, and answers later questions about it by the same key.
 */

/** Where the money goes. */
export interface PayoutAccount {
  bankCode: string;
  /** The full card number. */
  accountNo: string;
  accountName: string;
  branch: string;
}

/**
 * success: the money arrived. processing: accepted, ask again later. failed: refused with the bank's reason (a
 * frozen account, a holder name that does not match); nothing was paid under this key.
 */
export type PayoutState =
  { state: 'success' } | { state: 'processing' } | { state: 'failed'; reason: string };

export interface PayoutProvider {
  /** Whether it is the sandbox bank (every screen showing payouts says so). */
  readonly sandbox: boolean;
  /** Sends `amount` cents once per key; a repeated key answers the first transfer's state. Throws when unsure. */
  transfer(idempotencyKey: string, account: PayoutAccount, amount: number): Promise<PayoutState>;
  /** The state of the transfer under this key; null when the bank never received it. Throws when unsure. */
  query(idempotencyKey: string): Promise<PayoutState | null>;
}
