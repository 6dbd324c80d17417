import type { Generated, Selectable } from 'kysely';

/** Payout bank cards (merchant entries), their private photos and the share links that invite them. */
export interface BankCardTables {
  bank_cards: BankCardsTable;
  bank_card_images: BankCardImagesTable;
  bank_card_shares: BankCardSharesTable;
}

/**
 * A payout card of a merchant (spec §3 bank card / merchant). Card number, ID number and holder phone are held
 * only encrypted (`*_enc`, card-data-cipher.ts) beside the masked form every screen shows (`*_mask`).
 */
export interface BankCardsTable {
  id: Generated<number>;
  merchant_id: number;
  /** Who added it: the user, or the one who made the share link it came through. */
  created_by: number;
  /** The share link it was filled through; null when added on /bankCard. */
  share_id: number | null;
  mch_name: string;
  acct_name: string;
  acct_no_enc: string;
  acct_no_mask: string;
  /** Last four digits, for the list's search. */
  acct_no_last4: string;
  /** Blind index of the number (CardDataCipher.numberIndex); null only until the start-up backfill. */
  acct_no_index: string | null;
  cert_no_enc: string;
  cert_no_mask: string;
  mobile_enc: string;
  mobile_mask: string;
  cert_start_date: string;
  cert_expire_date: string;
  bank_code: string;
  bank_province: string;
  bank_city: string;
  bank_branch: string;
  bank_no: string;
  prov_code: string;
  prov: string;
  city_code: string;
  city: string;
  area_code: string;
  area: string;
  address: string;
  /** BankReviewState. */
  review_state: string;
  reject_reason: string;
  /** -1 form, 0 photos, 2 submitted. */
  step: number;
  /** The six photos (bank_card_images.id); null until uploaded. */
  img_bank_z: number | null;
  img_bank_f: number | null;
  img_id_card_z: number | null;
  img_id_card_f: number | null;
  img_hold_id_card: number | null;
  img_mendian: number | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}
export type BankCardRow = Selectable<BankCardsTable>;

/**
 * A certificate photo, encrypted in a file under DATA_DIR/private (never under /uploads). `public_id` is the
 * image_id the calls use. Uploaded first, then attached to a card by the image form.
 */
export interface BankCardImagesTable {
  id: Generated<number>;
  public_id: string;
  merchant_id: number;
  /** Image-form field it was uploaded for. */
  kind: string;
  /** Who uploaded it: a user, or (share_id set) the invited person. */
  uploaded_by: number | null;
  share_id: number | null;
  /** File name under the private directory. */
  file: string;
  content_type: string;
  bytes: number;
  created_at: number;
}
export type BankCardImageRow = Selectable<BankCardImagesTable>;

/** An invitation to fill a card without an account (/shareAddBank?token=..&secret=..). */
export interface BankCardSharesTable {
  id: Generated<number>;
  merchant_id: number;
  created_by: number;
  /** Public half of the link, looked up by. */
  token: string;
  /** sha256 of the secret half; the secret itself is shown once. */
  secret_hash: string;
  expires_at: number;
  revoked_at: number | null;
  /** The card filled through it. */
  card_id: number | null;
  created_at: number;
}
export type BankCardShareRow = Selectable<BankCardSharesTable>;
