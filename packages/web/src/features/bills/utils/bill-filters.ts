import { nextPeriodStart } from '@vendo/contract/constants';
import { ORDER_STATUSES, PAYMENTS } from '@vendo/contract/enums';
import { centsToYuan } from '@vendo/contract/money';
import { checkSn } from '@vendo/contract/validation';
import {
  dayOf,
  DEFAULT_TIME_ZONE,
  initialRange,
  rangeFromParams,
  type TimeRange,
  type TimeRangeMode,
} from '../../../components/time-range-picker/time-range';
import { priceBound } from './bills';

/** The text and price conditions of the bill lists (the chips above the list carry the rest); prices in cents. */
export interface TextFilters {
  sn: string;
  orderNo: string;
  cardno: string;
  merchantOrder: string;
  priceStart: number | undefined;
  priceEnd: number | undefined;
}

export const NO_TEXT_FILTERS: TextFilters = {
  sn: '',
  orderNo: '',
  cardno: '',
  merchantOrder: '',
  priceStart: undefined,
  priceEnd: undefined,
};

/** Every condition of a bill list (spec §3 pay-bill query conditions), as the address holds them. */
export interface BillFilters extends TextFilters {
  page: number;
  range: TimeRange;
  status: number | null;
  client: string | null;
  /** One store of those the user sees (the server keeps a staff account to its own). */
  store: number | null;
  /** /buyBill?abnormal=true: only the pending abnormal orders. */
  abnormal: boolean;
}

/**
 * The time tabs of a list. The abnormal list starts on "all": the home alert counts pending abnormal orders of
 * any day, and the list shows the same ones. The other lists always ask for a period (today by default; the
 * custom days reach back as far as the range rule allows), so they have no "all".
 */
export function rangeModes(abnormal: boolean): TimeRangeMode[] {
  return abnormal ? ['none', 'day', 'week', 'month', 'custom'] : ['day', 'week', 'month', 'custom'];
}

function defaultMode(abnormal: boolean): TimeRangeMode {
  return abnormal ? 'none' : 'day';
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Copied numbers (orders, cards, the channel's): up to 64 characters of one line. */
function textParam(params: URLSearchParams, name: string): string {
  const value = params.get(name)?.trim() ?? '';
  return value.length <= 64 && !/[\r\n]/.test(value) ? value : '';
}

function priceParam(params: URLSearchParams, name: string): number | undefined {
  return priceBound(params.get(name) ?? '') ?? undefined;
}

/**
 * The filters of a bill list from its address (/buyBill?status=4&from=…), so reload, back and forward, and a
 * shared link show the same list. What a hand-edited address gets wrong is left out rather than refused.
 */
export function filtersFromParams(
  params: URLSearchParams,
  options: { canBeAbnormal: boolean; now: number; timeZone?: string },
): BillFilters {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const abnormal = options.canBeAbnormal && params.get('abnormal') === 'true';
  const status = params.get('status');
  const client = params.get('client');
  const sn = params.get('sn')?.trim() ?? '';
  let priceStart = priceParam(params, 'price_start');
  let priceEnd = priceParam(params, 'price_end');
  if (priceStart !== undefined && priceEnd !== undefined && priceEnd < priceStart) {
    priceStart = undefined;
    priceEnd = undefined;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    range: rangeFromParams(
      params,
      rangeModes(abnormal),
      initialRange(defaultMode(abnormal), options.now, timeZone),
      options.now,
      timeZone,
    ),
    status: ORDER_STATUSES.find((s) => String(s) === status) ?? null,
    client: PAYMENTS.find((p) => p === client) ?? null,
    store: positiveInt(params.get('store')),
    sn: sn && checkSn(sn) === null ? sn : '',
    orderNo: textParam(params, 'order_no'),
    cardno: textParam(params, 'cardno'),
    merchantOrder: textParam(params, 'merchant_order'),
    priceStart,
    priceEnd,
    abnormal,
  };
}

/** The address of a filter set: only what differs from the default list (today, or all for abnormal). */
export function filtersToParams(
  filters: BillFilters,
  options: { now: number; timeZone?: string },
): URLSearchParams {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const params = new URLSearchParams();
  if (filters.abnormal) params.set('abnormal', 'true');
  const { range } = filters;
  const today = range.mode === 'day' && dayOf(range.start, timeZone) === dayOf(options.now, timeZone);
  if (range.mode !== defaultMode(filters.abnormal) || (range.mode === 'day' && !today)) {
    params.set('range', range.mode);
    if (range.mode !== 'none') params.set('from', dayOf(range.start, timeZone));
    if (range.mode === 'custom') params.set('to', dayOf(range.end, timeZone));
  }
  if (filters.status !== null) params.set('status', String(filters.status));
  if (filters.client !== null) params.set('client', filters.client);
  if (filters.store !== null) params.set('store', String(filters.store));
  if (filters.sn) params.set('sn', filters.sn);
  if (filters.orderNo) params.set('order_no', filters.orderNo);
  if (filters.cardno) params.set('cardno', filters.cardno);
  if (filters.merchantOrder) params.set('merchant_order', filters.merchantOrder);
  if (filters.priceStart !== undefined) params.set('price_start', centsToYuan(filters.priceStart));
  if (filters.priceEnd !== undefined) params.set('price_end', centsToYuan(filters.priceEnd));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The sales bills narrowed to one order on its day, where its detail (and refund) opens from the list. */
export function orderBillPath(orderNo: string, time: number, timeZone = DEFAULT_TIME_ZONE): string {
  const params = new URLSearchParams({ range: 'day', from: dayOf(time, timeZone), order_no: orderNo });
  return `/buyBill?${params.toString()}`;
}

/** How many conditions the filter sheet holds, for the badge on its button. */
export function textFilterCount(f: TextFilters): number {
  return (
    [f.sn, f.orderNo, f.cardno, f.merchantOrder].filter(Boolean).length +
    (f.priceStart !== undefined || f.priceEnd !== undefined ? 1 : 0)
  );
}

/**
 * The request condition of a filter set. The end is the end of the range's last day rather than "now", so
 * sales made while the list is open appear when it refreshes. "All" (abnormal list only) sends no times.
 */
export function billCondition(f: BillFilters, timeZone = DEFAULT_TIME_ZONE) {
  return {
    ...(f.range.mode === 'none'
      ? {}
      : { start_time: f.range.start, end_time: nextPeriodStart('day', f.range.end, timeZone) }),
    status: f.status ?? undefined,
    client: f.client ?? undefined,
    store: f.store ?? undefined,
    sn: f.sn || undefined,
    order_no: f.orderNo || undefined,
    cardno: f.cardno || undefined,
    merchant_order: f.merchantOrder || undefined,
    price_start: f.priceStart,
    price_end: f.priceEnd,
  };
}
