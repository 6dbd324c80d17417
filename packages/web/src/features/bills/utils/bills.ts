import type { Bill } from '@vendo/contract/api/orders';
import { PAGE_SIZE } from '@vendo/contract/constants';
import {
  FULL_REFUND_STATUSES,
  ORDER_STATUSES_WITH_COST,
  orderStatusText,
  REFUND_ELIGIBILITY,
  REFUNDED_STATUSES,
} from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { yuanToCents } from '@vendo/contract/money';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';

/** Bill lists show 10 a page. */
export const BILL_PAGE_SIZE = PAGE_SIZE.pagination;

/**
 * The status as the bill shows it (spec §4): 3 reads "refunding" once anything was refunded; 1, 2, 4 and 5 add
 * the goods error. Computed from the contract's rule, so a bill missing the server's text still reads right.
 */
export function billStatusText(
  bill: Pick<Bill, 'status' | 'refund' | 'goods' | 'status_text'>,
  locale: Locale,
): string {
  return orderStatusText({ status: bill.status, refund: bill.refund, goodsErr: bill.goods[0]?.err }, locale);
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'refunded' | 'default';

/**
 * The colour of a status: success 3/6/7, abnormal 1/2/5 and refunding 99 warn, failed 4 is an error, refunded
 * 8-11 (in full or in part) in the refund colour of the charts.
 */
export function statusTone(status: number, refund: number): StatusTone {
  if (REFUNDED_STATUSES.includes(status)) return 'refunded';
  if (status === 3 && refund !== 0) return 'warning';
  if (status === 3 || status === 6 || status === 7) return 'success';
  if (status === 4) return 'danger';
  if (status === 1 || status === 2 || status === 5 || status === 99) return 'warning';
  return 'default';
}

/**
 * A bill's cost and profit as the analysis counts them (spec §4, the contract's ORDER_STATUSES_WITH_COST): a sale,
 * a game played or a partial refund (3, 6, 7, 10, 11) counts its cost, and its profit is what it took less refunds
 * less that cost; a full refund (8, 9) counts none ('refunded'); an abnormal, failed or refunding order (1, 2, 4,
 * 5, 99) has none to show (null). null too without the profit view (cost_price null).
 */
export function billCost(
  bill: Pick<Bill, 'status' | 'amount' | 'refund' | 'cost_price'>,
): { cost: number; profit: number } | 'refunded' | null {
  if (bill.cost_price === null) return null;
  if (FULL_REFUND_STATUSES.includes(bill.status)) return 'refunded';
  if (!ORDER_STATUSES_WITH_COST.includes(bill.status)) return null;
  return { cost: bill.cost_price, profit: bill.amount - bill.refund - bill.cost_price };
}

/**
 * The refund amount typed in yuan, as cents (spec §5): a number with at most 2 decimals, not 0, not above what
 * is left. null means "refund amount invalid".
 */
export function refundCents(input: string, refundable: number): number | null {
  const cents = yuanToCents(input);
  if (cents === null || cents <= 0 || cents > refundable) return null;
  return cents;
}

/**
 * Why a typed refund amount is refused: left empty (the placeholder showing what is left read as filled in), not an
 * amount, 0, or more than is left. null when refundCents takes it.
 */
export function refundAmountProblem(
  input: string,
  refundable: number,
): 'empty' | 'invalid' | 'zero' | 'over' | null {
  if (input.trim() === '') return 'empty';
  const cents = yuanToCents(input);
  if (cents === null || cents < 0) return 'invalid';
  if (cents === 0) return 'zero';
  if (cents > refundable) return 'over';
  return null;
}

/** A price bound in yuan as cents for the filter; '' is open (undefined); null when it is not an amount. */
export function priceBound(input: string): number | undefined | null {
  if (input.trim() === '') return undefined;
  const cents = yuanToCents(input);
  return cents === null || cents < 0 ? null : cents;
}

/**
 * Whether /b/replaceGoods may vend the order again (docs/orders.md): a goods order that is abnormal (1, 2, 5)
 * or failed (4) and of which nothing was refunded or is being refunded. The server checks it again.
 */
export function mayVendAgain(bill: Pick<Bill, 'kind' | 'status' | 'refund' | 'refunding'>): boolean {
  return (
    bill.kind === 'goods' && [1, 2, 4, 5].includes(bill.status) && bill.refund === 0 && bill.refunding === 0
  );
}

/** A shelf number typed in: '' is the order's own shelf (undefined), a whole number from 1, else null. */
export function shelfNumber(input: string): number | undefined | null {
  const text = input.trim();
  if (text === '') return undefined;
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/**
 * Why the rules refuse a refund (spec §4), in the words the server answers a refund with (spec §8): an earlier
 * day's deal, or cash. null when the rules allow one and nothing is left (refunded, or a refund under way).
 */
export function noRefundReason(bill: Pick<Bill, 'refund_eligibility'>, locale: Locale): string | null {
  if (bill.refund_eligibility === REFUND_ELIGIBILITY.pastDay)
    return rcodeText(RCODE.REFUND_NOT_SAME_DAY)?.[locale] ?? null;
  if (bill.refund_eligibility === REFUND_ELIGIBILITY.cash)
    return rcodeText(RCODE.REFUND_CASH_SALE)?.[locale] ?? null;
  return null;
}
