import { interpolate, type Locale } from '@vendo/contract/locales';
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

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field] !== undefined) continue;
    const key: ValidationKey = isValidationKey(issue.message) ? issue.message : 'invalidValue';
    errors[field] = validationText(key, locale);
  }
  return errors;
}

/** The text of the first issue, for forms that show one message rather than one per field. */
export function firstIssueText(issues: readonly z.core.$ZodIssue[], locale: Locale): string {
  const message = issues[0]?.message;
  return validationText(isValidationKey(message) ? message : 'invalidValue', locale);
}

/** Checks form values with a contract request schema, the same one the server applies. */
export function checkWithSchema(schema: z.ZodType, values: unknown, locale: Locale): FieldErrors | null {
  const result = schema.safeParse(values);
  return result.success ? null : issuesToFieldErrors(result.error.issues, locale);
}
