import {
  addReferrer,
  REFERRER_FIELD_LABELS,
  checkReferrerRules,
  formatCommission,
  parseCommission,
  type Referrer,
} from '@vendo/contract/api/referrers';
import type { Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText, type RcodeName } from '@vendo/contract/rcodes';
import { checkWithSchema, fieldLabels, type FieldErrors } from '../../../lib/validation';
import type { ReferrerBody } from '../api/referrers-api';

/** The form as typed: the commission stays the text typed ('12.5') until sent, so nothing is lost on a refusal. */
export interface ReferrerFormValues {
  referrer_name: string;
  referrer_no: string;
  commission: string;
  remarks: string;
}

export function referrerForm(r: Referrer | null): ReferrerFormValues {
  return r
    ? {
        referrer_name: r.referrer_name,
        referrer_no: r.referrer_no,
        commission: formatCommission(r.commission),
        remarks: r.remarks,
      }
    : { referrer_name: '', referrer_no: '', commission: '', remarks: '' };
}

/** The commission typed in percent as the call's hundredths ('' stays missing: "cannot be empty"). */
function commissionOf(text: string): number | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  // A text that is no percentage with at most 2 decimals within 0..100 is sent as -1, which the rules refuse.
  return parseCommission(s) ?? -1;
}

export function referrerRequest(values: ReferrerFormValues): ReferrerBody {
  return { ...values, commission: commissionOf(values.commission) as number };
}

const RULE_FIELD: Partial<Record<RcodeName, keyof ReferrerFormValues>> = {
  REFERRER_NO_TAKEN: 'referrer_no',
  REFERRER_NO_INVALID: 'referrer_no',
  REFERRER_COMMISSION_INVALID: 'commission',
};

/** The field a server refusal belongs to, to show its message there. */
export function fieldOfRcode(rcode: number): string | null {
  const name = Object.entries(RCODE).find(([, code]) => code === rcode)?.[0] as RcodeName | undefined;
  return (name && RULE_FIELD[name]) ?? null;
}

/** Every message at its field, as the server would answer: the call's schema, then the referrer's rules. */
export function checkReferrerForm(values: ReferrerFormValues, locale: Locale): FieldErrors {
  const body = referrerRequest(values);
  const errors: FieldErrors = {
    ...(checkWithSchema(addReferrer.request, body, locale, fieldLabels(REFERRER_FIELD_LABELS, locale)) ?? {}),
  };
  // Each rule on its own, so both fields speak at once.
  const rules = [
    checkReferrerRules({ referrer_no: values.referrer_no.trim(), commission: 0 }),
    body.commission === undefined
      ? null
      : checkReferrerRules({ referrer_no: '', commission: body.commission }),
  ];
  for (const rule of rules) {
    const field = rule ? RULE_FIELD[rule.rcode] : undefined;
    if (rule && field && !errors[field]) errors[field] = rcodeText(RCODE[rule.rcode])![locale];
  }
  return errors;
}
