import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { BankCardRepository } from './bank-card-repository';
import type { BankCardRow } from './bank-card-tables';
import type { CardDataCipher } from './card-data-cipher';

/** A merchant's card as its own payout account (masked, as its screens show it). */
export interface PayoutCard {
  id: number;
  merchantId: number;
  createdBy: number;
  mchName: string;
  acctName: string;
  acctNoMask: string;
  bankCode: string;
  bankBranch: string;
}

/** A card's account in clear: only for the payout provider's transfer. */
export interface PayoutCardAccount {
  bankCode: string;
  accountNo: string;
  accountName: string;
  branch: string;
}

/**
 * What the funds module asks of a merchant's own cards (issue 16, docs/funds.md): its approved cards for /fund,
 * the cards its settlements name, and the clear account of one when its settlement is paid out. Reads go through
 * the caller's transaction when given one (SQLite has one connection).
 */
export class PayoutCards {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cipher: CardDataCipher,
  ) {}

  /** The merchant's approved cards (every one, or those `createdBy` added). */
  async approved(merchantId: number, createdBy: number | null = null): Promise<PayoutCard[]> {
    const { rows } = await new BankCardRepository(this.db).list(
      { merchantId, createdBy, reviewState: 'approved' },
      { pageNum: 1, pageSize: 999 },
    );
    return rows.map(payoutCard);
  }

  /** These cards of the merchant, whatever their state (a settlement names its card after the fact). */
  async cards(
    merchantId: number,
    ids: readonly number[],
    db: Kysely<Database> = this.db,
  ): Promise<PayoutCard[]> {
    return (await new BankCardRepository(db).cardsByIds(merchantId, ids)).map(payoutCard);
  }

  /** The card's account in clear, for a transfer; null when the card is gone or not approved. */
  async account(merchantId: number, id: number): Promise<PayoutCardAccount | null> {
    const row = await new BankCardRepository(this.db).findCard(merchantId, id);
    if (!row || row.review_state !== 'approved') return null;
    return {
      bankCode: row.bank_code,
      accountNo: this.cipher.decryptText(row.acct_no_enc),
      accountName: row.acct_name,
      branch: row.bank_branch,
    };
  }
}

function payoutCard(r: BankCardRow): PayoutCard {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    createdBy: r.created_by,
    mchName: r.mch_name,
    acctName: r.acct_name,
    acctNoMask: r.acct_no_mask,
    bankCode: r.bank_code,
    bankBranch: r.bank_branch,
  };
}
