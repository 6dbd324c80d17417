import { formatMoney } from '@vendo/contract/money';
import { locale } from './texts';

/** An amount in cents as the customer reads it: ¥3.00. */
export const yuan = (cents: number): string => formatMoney(cents, locale);
