import {
  addCoupon,
  COUPON_FIELD_LABELS,
  couponRuleProblems,
  COUPON_RATE_WHOLE,
  type Coupon,
  type CouponRuleInput,
  type CouponScope,
  type CouponType,
} from '@vendo/contract/api/coupons';
import { zonedDay } from '@vendo/contract/constants';
import { interpolate, type Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText, type RcodeName } from '@vendo/contract/rcodes';
import { checkWithSchema, fieldLabels, type FieldErrors } from '../../../lib/validation';
import type { CouponBody } from '../api/coupons-api';

/**
 * The form as typed: texts stay texts until sent, so nothing typed is lost on a refusal. The rate is typed as
 * 折 (8.5 = the customer pays 85 %), amounts in yuan; the call takes hundredths of a percent and cents.
 */
export interface CouponFormValues {
  name: string;
  type: CouponType;
  /** 折, e.g. '8.5'. */
  zhe: string;
  /** Yuan. */
  reduce: string;
  condition: string;
  scope: CouponScope;
  store_ids: number[];
  goods_ids: number[];
  quantity: string;
  receive_limit: string;
  points: string;
  receive_start: string;
  receive_end: string;
  use_start: string;
  use_end: string;
  weekdays: number[];
}

export function emptyCouponForm(now: number = Date.now()): CouponFormValues {
  const today = zonedDay(now);
  return {
    name: '',
    type: 'rate',
    zhe: '',
    reduce: '',
    condition: '0',
    scope: 'all',
    store_ids: [],
    goods_ids: [],
    quantity: '',
    receive_limit: '1',
    points: '0',
    receive_start: today,
    receive_end: zonedDay(now + 30 * 86_400_000),
    use_start: today,
    use_end: zonedDay(now + 30 * 86_400_000),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
  };
}

const yuanText = (cents: number) => (cents / 100).toFixed(2).replace(/\.?0+$/, '') || '0';

export function couponFormOf(c: Coupon): CouponFormValues {
  return {
    name: c.name,
    type: c.type,
    zhe: c.type === 'rate' ? String(c.rate / 1000) : '',
    reduce: c.type === 'reduce' ? yuanText(c.reduce) : '',
    condition: yuanText(c.condition),
    scope: c.scope,
    store_ids: c.store_ids,
    goods_ids: c.goods_ids,
    quantity: String(c.quantity),
    receive_limit: String(c.receive_limit),
    points: String(c.points),
    receive_start: c.receive_start,
    receive_end: c.receive_end,
    use_start: c.use_start,
    use_end: c.use_end,
    weekdays: c.weekdays,
  };
}

/** A number field as the call takes it ('' stays undefined: "cannot be empty"). */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isNaN(n) ? Number.NaN : n;
}

/** Scales a typed decimal to an integer unit, or NaN when it has more decimals than the unit holds. */
function scaled(text: string, factor: number): number | undefined {
  const n = numberOf(text);
  if (n === undefined || Number.isNaN(n)) return n;
  const v = Math.round(n * factor);
  return Math.abs(v - n * factor) < 1e-6 ? v : Number.NaN;
}

export function couponRequest(values: CouponFormValues): CouponBody {
  const rate = values.type === 'rate' ? scaled(values.zhe, COUPON_RATE_WHOLE / 10) : 0;
  return {
    name: values.name,
    type: values.type,
    rate: rate as number,
    reduce: (values.type === 'reduce' ? scaled(values.reduce, 100) : 0) as number,
    condition: (scaled(values.condition, 100) ?? 0) as number,
    scope: values.scope,
    store_ids: values.scope === 'stores' ? values.store_ids : [],
    goods_ids: values.scope === 'goods' ? values.goods_ids : [],
    quantity: numberOf(values.quantity) as number,
    receive_limit: numberOf(values.receive_limit) as number,
    points: numberOf(values.points) as number,
    receive_start: values.receive_start,
    receive_end: values.receive_end,
    use_start: values.use_start,
    use_end: values.use_end,
    weekdays: values.weekdays,
    referrer_id: 0,
  };
}

/** The form field each rule's message shows at (the form's names: the rate is typed as 折). */
const FORM_FIELD: Partial<Record<keyof CouponRuleInput, keyof CouponFormValues>> = { rate: 'zhe' };
const RULE_FIELD: Partial<Record<RcodeName, keyof CouponFormValues>> = {
  COUPON_RATE_RANGE: 'zhe',
  COUPON_REDUCE_RANGE: 'reduce',
  COUPON_SCOPE_EMPTY: 'scope',
  COUPON_TARGET_UNKNOWN: 'scope',
  COUPON_QUANTITY_RANGE: 'quantity',
  COUPON_QUANTITY_BELOW_RECEIVED: 'quantity',
  COUPON_LIMIT_RANGE: 'receive_limit',
  COUPON_POINTS_RANGE: 'points',
  COUPON_RECEIVE_PERIOD_INVALID: 'receive_end',
  COUPON_USE_PERIOD_INVALID: 'use_end',
  COUPON_WEEKDAYS_EMPTY: 'weekdays',
};

export function fieldOfRcode(rcode: number): string | null {
  const name = Object.entries(RCODE).find(([, code]) => code === rcode)?.[0] as RcodeName | undefined;
  return (name && RULE_FIELD[name]) ?? null;
}

/** The form field of a rule's field (store_ids and goods_ids show at the scope). */
function formField(field: keyof CouponRuleInput): string {
  if (field === 'store_ids' || field === 'goods_ids') return 'scope';
  return FORM_FIELD[field] ?? field;
}

/**
 * Every message of the form at its field, as the server would answer it: the contract's request schema, then
 * the coupon's rules (couponRuleProblems, every one at once). Empty when the form may be sent.
 */
export function checkCouponForm(
  values: CouponFormValues,
  locale: Locale,
  now: number = Date.now(),
): FieldErrors {
  const body = couponRequest(values);
  const schemaErrors =
    checkWithSchema(addCoupon.request, body, locale, fieldLabels(COUPON_FIELD_LABELS, locale)) ?? {};
  const errors: FieldErrors = {};
  for (const [field, msg] of Object.entries(schemaErrors)) {
    errors[field === 'rate' ? 'zhe' : field] = msg;
  }
  const rateText = rcodeText(RCODE.COUPON_RATE_RANGE)![locale];
  if (values.type === 'rate' && !Number.isInteger(body.rate) && !errors['zhe']) errors['zhe'] = rateText;
  if (values.type === 'reduce' && !Number.isInteger(body.reduce) && !errors['reduce'])
    errors['reduce'] = rcodeText(RCODE.COUPON_REDUCE_RANGE)![locale];
  if (!Number.isInteger(body.condition) && !errors['condition'])
    errors['condition'] = rcodeText(RCODE.COUPON_REDUCE_RANGE)![locale];
  // Every broken rule at once, each at a field without a message of its own yet (the schema's is more exact).
  for (const rule of couponRuleProblems(body as CouponRuleInput, zonedDay(now))) {
    const field = formField(rule.field);
    if (!errors[field]) errors[field] = interpolate(rcodeText(RCODE[rule.rcode])![locale], rule.params);
  }
  return errors;
}
