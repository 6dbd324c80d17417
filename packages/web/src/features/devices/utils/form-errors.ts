import type { Locale } from '@vendo/contract/locales';
import { isValidationKey } from '@vendo/contract/validation-messages';
import type { z } from 'zod';
import { validationText, type FieldErrors } from '../../../lib/validation';

/**
 * Issues of a contract schema as messages keyed by their whole path ('game_package.1.price'), for forms with
 * rows. The first issue of a path wins; an issue whose message is not a contract key reads "invalid value". With
 * `label` (a path's label on screen, '' for none) an empty field's message names it ("Name cannot be empty").
 */
export function pathErrors(
  schema: z.ZodType,
  body: unknown,
  locale: Locale,
  label: (path: string) => string = () => '',
): FieldErrors {
  const result = schema.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path] !== undefined) continue;
    const field = issue.message === 'required' ? label(path) : '';
    errors[path] = field
      ? validationText('fieldRequired', locale, { field })
      : validationText(isValidationKey(issue.message) ? issue.message : 'invalidValue', locale);
  }
  return errors;
}

/** Typed text as a whole number for a schema; NaN (which the schema refuses) when empty or not whole. */
export function wholeNumber(text: string): number {
  const s = text.trim();
  return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
}
