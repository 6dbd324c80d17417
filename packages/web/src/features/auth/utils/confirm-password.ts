import { checkLoginPassword, required, sameAs, validateField } from '@vendo/contract/validation';
import type { Locale } from '@vendo/contract/locales';
import { validationText } from '../../../lib/validation';

/** Spec §5: the confirmation is required, at least 6 characters, and equal to the password. */
export function confirmPasswordError(confirm: string, password: string, locale: Locale): string | undefined {
  const key = validateField(confirm, [required, checkLoginPassword, sameAs('password')], { password });
  return key ? validationText(key, locale) : undefined;
}
