import { addGift, GIFT_FIELD_LABELS, giftRuleProblems, type GiftRuleInput } from '@vendo/contract/api/gifts';
import { zonedDay } from '@vendo/contract/constants';
import { interpolate, type Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText, type RcodeName } from '@vendo/contract/rcodes';
import { checkWithSchema, fieldLabels, type FieldErrors } from '../../../lib/validation';
import type { GiftBody } from '../api/gifts-api';

/** The form as typed: texts stay texts until sent, so nothing typed is lost on a refusal. */
export interface GiftFormValues {
  name: string;
  salesman: string;
  start_date: string;
  end_date: string;
  weekdays: number[];
  points: string;
  note: string;
  device_sn: string[];
  gifts: number[];
  quantity: string;
}

export function emptyGiftForm(now: number = Date.now()): GiftFormValues {
  const today = zonedDay(now);
  return {
    name: '',
    salesman: '',
    start_date: today,
    // A month by default: the person changes it when the batch runs longer or shorter.
    end_date: zonedDay(now + 30 * 86_400_000),
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    points: '0',
    note: '',
    device_sn: [],
    gifts: [],
    quantity: '',
  };
}

/** A number field as the call takes it ('' stays undefined: "cannot be empty"; '1.5' stays 1.5: "no decimals"). */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isNaN(n) ? Number.NaN : n;
}

export function giftRequest(values: GiftFormValues): GiftBody {
  return {
    ...values,
    points: numberOf(values.points) as number,
    quantity: numberOf(values.quantity) as number,
  };
}

/** The field each of the server's rules belongs to, to show its message there. */
const RULE_FIELD: Partial<Record<RcodeName, keyof GiftFormValues>> = {
  GIFT_PERIOD_INVALID: 'end_date',
  GIFT_PERIOD_PAST: 'end_date',
  GIFT_WEEKDAYS_EMPTY: 'weekdays',
  GIFT_DEVICES_EMPTY: 'device_sn',
  GIFT_DEVICE_INVALID: 'device_sn',
  GIFT_GOODS_EMPTY: 'gifts',
  GIFT_GOODS_INVALID: 'gifts',
  GIFT_QUANTITY_RANGE: 'quantity',
};

export function fieldOfRcode(rcode: number): string | null {
  const name = Object.entries(RCODE).find(([, code]) => code === rcode)?.[0] as RcodeName | undefined;
  return (name && RULE_FIELD[name]) ?? null;
}

/**
 * Every message of the form at its field, as the server would answer it: the contract's request schema, then
 * the batch's rules (giftRuleProblems), every one at once. Empty when the form may be sent.
 */
export function checkGiftForm(values: GiftFormValues, locale: Locale, now: number = Date.now()): FieldErrors {
  const body = giftRequest(values);
  const errors: FieldErrors = {
    ...(checkWithSchema(addGift.request, body, locale, fieldLabels(GIFT_FIELD_LABELS, locale)) ?? {}),
  };
  // Every broken rule at once, each at a field without a message of its own yet; the period only once the
  // schema took both of its dates.
  const datesTaken = !errors['start_date'] && !errors['end_date'];
  for (const rule of giftRuleProblems(body as GiftRuleInput, zonedDay(now))) {
    if (rule.field === 'end_date' && !datesTaken) continue;
    if (!errors[rule.field])
      errors[rule.field] = interpolate(rcodeText(RCODE[rule.rcode])![locale], rule.params);
  }
  return errors;
}
