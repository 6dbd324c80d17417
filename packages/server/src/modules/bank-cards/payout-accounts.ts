import { isBankCode, type BankCode } from '@vendo/contract/enums';
import type { BankCardRepository } from './bank-card-repository';
import type { BankCardRow } from './bank-card-tables';
import type { CardDataCipher } from './card-data-cipher';

/** A payout account as other modules see it (fee splitting, the ledger): a card, masked. */
export interface PayoutAccount {
  /** The card's id as text (what machines and configurations hold). */
  merchant_id: string;
  /** The merchant the card belongs to. */
  ownerMerchantId: number;
  /** Who added it (staff "only own" scopes). */
  createdBy: number;
  approved: boolean;
  /** The holder in full; mask it (maskHolderName) before showing it to another merchant. */
  acct_name: string;
  /** '6222 **** **** 3445'. */
  acct_no_mask: string;
  bank_code: BankCode;
}

/**
 * What the bank-card module offers the modules built on it about cards of any merchant: finding approved cards
 * by number through the blind index, reading cards by id, and indexing cards saved before the index existed.
 * Never a number in clear.
 */
export class PayoutAccounts {
  constructor(
    private readonly repo: BankCardRepository,
    private readonly cipher: CardDataCipher,
  ) {}

  /** Approved cards of every merchant with this card number (digits only), oldest first. */
  async approvedByNumber(digits: string): Promise<PayoutAccount[]> {
    const rows = await this.repo.approvedByNumberIndex(this.cipher.numberIndex(digits));
    return rows.map(accountOf);
  }

  /** These cards of any merchant, by their id as text; unknown ids are left out. */
  async byIds(ids: readonly string[]): Promise<Map<string, PayoutAccount>> {
    const numeric = [...new Set(ids)].map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const rows = await this.repo.anyCardsByIds(numeric);
    return new Map(rows.map((r) => [String(r.id), accountOf(r)]));
  }

  /** Gives every card saved before the blind index its index (at start; idempotent). Answers how many. */
  async indexMissing(): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await this.repo.unindexed(200);
      if (rows.length === 0) return done;
      for (const row of rows) {
        await this.repo.setNumberIndex(
          row.id,
          this.cipher.numberIndex(this.cipher.decryptText(row.acct_no_enc)),
        );
      }
      done += rows.length;
    }
  }
}

/** '张三' → '张*', '张小三' → '张*三', 'Li Lei' → 'L****i': first and last character, the rest hidden. */
export function maskHolderName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

function accountOf(row: BankCardRow): PayoutAccount {
  return {
    merchant_id: String(row.id),
    ownerMerchantId: row.merchant_id,
    createdBy: row.created_by,
    approved: row.review_state === 'approved',
    acct_name: row.acct_name,
    acct_no_mask: row.acct_no_mask,
    bank_code: isBankCode(row.bank_code) ? row.bank_code : '102',
  };
}
