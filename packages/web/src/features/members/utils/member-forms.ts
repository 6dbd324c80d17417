import { editMember, isPointsPerYuan, POINTS_PER_YUAN_MAX } from '@vendo/contract/api/members';
import { interpolate, type Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { checkWithSchema, validationText, type FieldErrors } from '../../../lib/validation';

/** The remarks as the server checks them (the call's schema: at most MEMBER_REMARKS_MAX characters). */
export function checkRemarks(memberId: number, remarks: string, locale: Locale): FieldErrors {
  return checkWithSchema(editMember.request, { member_id: memberId, remarks }, locale) ?? {};
}

/** The points per yuan typed: a whole number 0..1000, or the field's message (naming it by `label` when empty). */
export function parsePointsPerYuan(
  text: string,
  locale: Locale,
  label?: string,
): { value: number; error?: never } | { value?: never; error: string } {
  const s = text.trim();
  if (s === '') {
    return {
      error: label
        ? validationText('fieldRequired', locale, { field: label })
        : validationText('required', locale),
    };
  }
  const value = /^\d{1,7}$/.test(s) ? Number(s) : Number.NaN;
  if (!isPointsPerYuan(value)) {
    const text = rcodeText(RCODE.POINT_RULE_RANGE)?.[locale] ?? '';
    return { error: interpolate(text, { max: POINTS_PER_YUAN_MAX }) };
  }
  return { value };
}
