import { interpolate, type Locale, type LocaleText } from '@vendo/contract/locales';
import { isValidationKey, validationMessages, type ValidationKey } from '@vendo/contract/validation-messages';
import type { z } from 'zod';

/** The text of a contract validation key in a language. */
export function validationText(
  key: ValidationKey,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return interpolate(validationMessages[key][locale], params);
}

/** Field name → text of the first issue on that field. Issues whose message is not a key read as "invalid". */
export type FieldErrors = Partial<Record<string, string>>;

/** Field name → its label on screen: an empty field's message then names it ("Phone cannot be empty"). */
export type FieldLabels = Partial<Record<string, string>>;

/** A contract's field labels (GIFT_FIELD_LABELS and the like) in one language, for checkWithSchema. */
export function fieldLabels(labels: Readonly<Record<string, LocaleText>>, locale: Locale): FieldLabels {
  return Object.fromEntries(Object.entries(labels).map(([field, text]) => [field, text[locale]]));
}

export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
  labels: FieldLabels = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] !== undefined) continue;
    errors[field] = issueText(issue, locale, labels[field]);
  }
  return errors;
}

/** An issue's key as text; a text over its maximum says the maximum, as the server does. */
function issueText(issue: z.core.$ZodIssue, locale: Locale, label?: string): string {
  if (issue.message === 'required' && label) return validationText('fieldRequired', locale, { field: label });
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return validationText('tooLong', locale, { max: Number(issue.maximum) });
  }
  return validationText(isValidationKey(issue.message) ? issue.message : 'invalidValue', locale);
}

/** The text of the first issue, for forms that show one message rather than one per field. */
export function firstIssueText(issues: readonly z.core.$ZodIssue[], locale: Locale): string {
  const issue = issues[0];
  return issue ? issueText(issue, locale) : validationText('invalidValue', locale);
}

/** Checks form values with a contract request schema, the same one the server applies. */
export function checkWithSchema(
  schema: z.ZodType,
  values: unknown,
  locale: Locale,
  labels?: FieldLabels,
): FieldErrors | null {
  const result = schema.safeParse(values);
  return result.success ? null : issuesToFieldErrors(result.error.issues, locale, labels);
}
