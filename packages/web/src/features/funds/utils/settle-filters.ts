import { MANUAL_ACCOUNT_FILTER, type FundAccount } from '@vendo/contract/api/funds';
import type { SettlementState } from '@vendo/contract/enums';
import {
  dayOf,
  DEFAULT_TIME_ZONE,
  initialRange,
  rangeFromParams,
  type TimeRange,
  type TimeRangeMode,
} from '../../../components/time-range-picker/time-range';

/** Settlement records shown a page at a time: the lists' default of 10 (spec §9). */
export const SETTLE_PAGE_SIZE = 10;

/** The states a person filters by; "unknown" is what a code outside spec §4 shows, never something to look for. */
export const SETTLE_FILTER_STATES = [
  'success',
  'fail',
  'settling',
] as const satisfies readonly SettlementState[];
export type SettleFilterState = (typeof SETTLE_FILTER_STATES)[number];

/**
 * The time tabs of /settle. It opens on "all": the newest payouts first, whatever their day. A week, a month or
 * custom days narrow it (the custom days reach back as far as the range rule allows).
 */
export const SETTLE_RANGE_MODES: readonly TimeRangeMode[] = ['none', 'week', 'month', 'custom'];

/** Every condition of the settlement list, as the address holds them. */
export interface SettleFilters {
  page: number;
  range: TimeRange;
  status: SettleFilterState | null;
  /** A payout account (a card's merchant_id, or MANUAL_ACCOUNT_FILTER), or null for every account. */
  account: string | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * The filters from the address (/settle?status=fail&account=12&range=month&from=…), so reload, back and a link
 * from /fund show the same list. What a hand-edited address gets wrong is left out rather than refused.
 */
export function filtersFromParams(
  params: URLSearchParams,
  options: { now: number; timeZone?: string },
): SettleFilters {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const status = params.get('status');
  const account = params.get('account') ?? '';
  return {
    page: positiveInt(params.get('page')) ?? 1,
    range: rangeFromParams(
      params,
      SETTLE_RANGE_MODES,
      initialRange('none', options.now, timeZone),
      options.now,
      timeZone,
    ),
    status: SETTLE_FILTER_STATES.find((s) => s === status) ?? null,
    account: /^\d{1,18}$/.test(account) || account === MANUAL_ACCOUNT_FILTER ? account : null,
  };
}

/** The address of a filter set: only what differs from the default list (every record of every account). */
export function filtersToParams(filters: SettleFilters, timeZone = DEFAULT_TIME_ZONE): URLSearchParams {
  const params = new URLSearchParams();
  const { range } = filters;
  if (range.mode !== 'none') {
    params.set('range', range.mode);
    params.set('from', dayOf(range.start, timeZone));
    if (range.mode === 'custom') params.set('to', dayOf(range.end, timeZone));
  }
  if (filters.status !== null) params.set('status', filters.status);
  if (filters.account !== null) params.set('account', filters.account);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * How the settlement filter names a payout account: a card by its merchant_id, the manual-transfer account (whose
 * merchant_id is '', "every account" to the server) by MANUAL_ACCOUNT_FILTER.
 */
export function accountFilterOf(account: Pick<FundAccount, 'merchant_id' | 'manual_transfer'>): string {
  return account.manual_transfer === 1 ? MANUAL_ACCOUNT_FILTER : account.merchant_id;
}

/** The /settle address listing one payout account's records. */
export function accountRecordsPath(account: Pick<FundAccount, 'merchant_id' | 'manual_transfer'>): string {
  return `/settle?${new URLSearchParams({ account: accountFilterOf(account) }).toString()}`;
}

/** The request condition: the range as merchant-local days (both ends included), the status and the account. */
export function settleCondition(f: SettleFilters, timeZone = DEFAULT_TIME_ZONE) {
  return {
    ...(f.range.mode === 'none'
      ? {}
      : { start_date: dayOf(f.range.start, timeZone), end_date: dayOf(f.range.end, timeZone) }),
    settle_status: f.status ?? undefined,
    merchant_id: f.account ?? undefined,
  };
}
