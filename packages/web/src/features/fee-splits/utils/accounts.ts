import { BANK_LABELS, isBankCode } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';

/** The bank's name from its code (the list answers codes); a name already given, or an unknown code, as is. */
export function bankText(bank: string, locale: Locale): string {
  return isBankCode(bank) ? BANK_LABELS[bank][locale] : bank;
}

/** settle_date-style 'YYYYMMDD' as people read it, 'YYYY-MM-DD'; anything else unchanged. */
export function dayText(day: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : day;
}

/** The part of an account a line shows: holder and masked card, or the manual-transfer account. */
export function accountText(
  account: { merchant_id: string; acct_name: string; acct_no_encry: string },
  manualName: string,
): string {
  if (account.merchant_id === '') return manualName;
  return [account.acct_name, account.acct_no_encry].filter(Boolean).join(' ');
}
