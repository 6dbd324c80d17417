import type { Locale } from '@vendo/contract/locales';
import type { TFunction } from 'i18next';
import { bankName } from '../utils/funds';

/** What names a payout account on screen: the manual-transfer account, or its bank (by code). */
export function accountBankText(
  account: { merchant_id: string; bank_code: string },
  t: TFunction<'funds'>,
  locale: Locale,
): string {
  if (account.merchant_id === '') return t('manualAccount');
  return bankName(account.bank_code, locale) ?? t('unknownBank', { code: account.bank_code });
}
