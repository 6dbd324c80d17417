import { checkLoginPassword, required, sameAs, validateField } from '@vendo/contract/validation';
import type { Locale } from '@vendo/contract/locales';
import { validationText } from '../../../lib/validation';

/**
 * Spec §5: the confirmation is required, at least 6 characters, and equal to the password. Left empty, the message
 * names the field by `label` ("Confirm password cannot be empty").
 */
export function confirmPasswordError(
  confirm: string,
  password: string,
  locale: Locale,
  label?: string,
): string | undefined {
  const key = validateField(confirm, [required, checkLoginPassword, sameAs('password')], { password });
  if (key === 'required' && label) return validationText('fieldRequired', locale, { field: label });
  return key ? validationText(key, locale) : undefined;
}
