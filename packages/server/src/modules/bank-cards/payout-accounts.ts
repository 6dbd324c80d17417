import type { Kysely } from 'kysely';
import { isBankCode, type BankCode } from '@vendo/contract/enums';
import type { Database } from '../../db/database';
import type { PayoutAccount as PayoutDestination } from '../../integrations/payouts/payout-provider';
import { BankCardRepository } from './bank-card-repository';
import type { BankCardRow } from './bank-card-tables';
import type { CardDataCipher } from './card-data-cipher';

/** A card of any merchant as fee splitting sees it: masked, with its owner and state. */
export interface CardAccount {
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

/** A merchant's card as the funds module shows it (fund accounts, settlement records): masked. */
export interface PayoutCard {
  id: number;
  acctName: string;
  acctNoMask: string;
  mchName: string;
  bankCode: string;
  bankBranch: string;
}

/**
 * What the bank-card module offers the modules built on it: the merchant's cards as payout accounts (funds: the
 * approved ones, any by id, and the clear destination of a payout), and cards of any merchant for fee splitting
 * (approved cards found by number through the blind index, cards by id, masked). Indexes cards saved before the
 * blind index existed.
 */
export class PayoutAccounts {
  constructor(
    private readonly repo: BankCardRepository,
    private readonly cipher: CardDataCipher,
  ) {}

  /** The same, reading inside a transaction (SQLite: a read outside it would wait for it). */
  within(trx: Kysely<Database>): PayoutAccounts {
    return new PayoutAccounts(new BankCardRepository(trx), this.cipher);
  }

  /** The merchant's approved cards (staff "only own": those `createdBy` added), newest first. */
  async approved(merchantId: number, createdBy: number | null): Promise<PayoutCard[]> {
    const { rows } = await this.repo.list(
      { merchantId, createdBy, reviewState: 'approved' },
      { pageNum: 1, pageSize: 100_000 },
    );
    return rows.map(payoutCardOf);
  }

  /** These cards of the merchant, whatever their state (a settled account whose card was deleted is left out). */
  async cards(merchantId: number, ids: readonly number[]): Promise<PayoutCard[]> {
    return (await this.repo.cardsByIds(merchantId, ids)).map(payoutCardOf);
  }

  /** Where a payout to this card of the merchant goes, number in clear (the payout provider only). */
  async account(merchantId: number, id: number): Promise<PayoutDestination | null> {
    const row = await this.repo.findCard(merchantId, id);
    if (!row) return null;
    return {
      bankCode: row.bank_code,
      accountNo: this.cipher.decryptText(row.acct_no_enc),
      accountName: row.acct_name,
      branch: row.bank_branch,
    };
  }

  /** Approved cards of every merchant with this card number (digits only), oldest first. */
  async approvedByNumber(digits: string): Promise<CardAccount[]> {
    const rows = await this.repo.approvedByNumberIndex(this.cipher.numberIndex(digits));
    return rows.map(accountOf);
  }

  /** These cards of any merchant, by their id as text; unknown ids are left out. */
  async byIds(ids: readonly string[]): Promise<Map<string, CardAccount>> {
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

function payoutCardOf(row: BankCardRow): PayoutCard {
  return {
    id: row.id,
    acctName: row.acct_name,
    acctNoMask: row.acct_no_mask,
    mchName: row.mch_name,
    bankCode: row.bank_code,
    bankBranch: row.bank_branch,
  };
}

function accountOf(row: BankCardRow): CardAccount {
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
