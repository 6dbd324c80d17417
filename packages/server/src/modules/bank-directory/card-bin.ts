import { searchCardBin, type CardInfo } from 'bankcard';
import type { BankCode } from '@vendo/contract/enums';

/*
 * Which bank issued a card, from its number's first digits (BIN / IIN), through the `bankcard` package's table
 * (MIT, ~1,700 BINs of Chinese issuers, no network: decision 030). The merchant form refuses a card whose issuer
 * differs from the chosen bank ("unsupported bank (change bank card)", spec §5, §8).
 */

/** The package's issuer codes of the 15 banks of spec §9. */
const ISSUER_BANKS: Record<string, BankCode> = {
  PSBC: '100',
  ICBC: '102',
  ABC: '103',
  BOC: '104',
  CCB: '105',
  COMM: '301',
  CITIC: '302',
  CEB: '303',
  HXBANK: '304',
  CMBC: '305',
  GDB: '306',
  CMB: '308',
  CIB: '309',
  SPDB: '310',
  SPABANK: '410',
};

export type CardIssuer =
  /** One of the 15 banks. */
  | { kind: 'bank'; bank_code: BankCode }
  /** A bank the table knows but that is not one of the 15 (a city or rural commercial bank...). */
  | { kind: 'other'; name: string }
  /** No BIN of the table starts the number: the table may lack it, or the number is wrong. */
  | { kind: 'unknown' };

/**
 * The issuer of `cardNumber` (spaces allowed). A number matching BINs of several issuers is read by the BINs of
 * its own length first, then by the longest BIN; issuers still tied count as unknown rather than a guess.
 */
export function cardIssuer(cardNumber: string): CardIssuer {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!/^\d{6,30}$/.test(digits)) return { kind: 'unknown' };
  const matches = searchCardBin(digits, { multiple: true });
  const sameLength = matches.filter((m) => m.len === digits.length);
  const candidates = sameLength.length > 0 ? sameLength : matches;
  if (candidates.length === 0) return { kind: 'unknown' };
  const longest = Math.max(...candidates.map((m) => m.cardBin.length));
  const issuers = new Map<string, CardInfo>();
  for (const m of candidates) if (m.cardBin.length === longest) issuers.set(m.bankCode, m);
  if (issuers.size !== 1) return { kind: 'unknown' };
  const [info] = [...issuers.values()] as [CardInfo];
  const bank = ISSUER_BANKS[info.bankCode];
  return bank ? { kind: 'bank', bank_code: bank } : { kind: 'other', name: info.bankName };
}

/** The bank of spec §9 that issued the card; null when another bank did, or the BIN is not in the table. */
export function issuingBank(cardNumber: string): BankCode | null {
  const issuer = cardIssuer(cardNumber);
  return issuer.kind === 'bank' ? issuer.bank_code : null;
}

/**
 * Whether a card may be entered under `bank`: refused when the table knows the card as another bank's (one of
 * the 15 or not). A number whose BIN the table lacks is let through: the table trails new BINs by months, and
 * the reviewer checks the number against the card's photo before the card can take payouts.
 */
export function cardFitsBank(cardNumber: string, bank: BankCode): boolean {
  const issuer = cardIssuer(cardNumber);
  return issuer.kind === 'unknown' || (issuer.kind === 'bank' && issuer.bank_code === bank);
}
