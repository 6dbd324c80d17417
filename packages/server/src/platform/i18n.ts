import { DEFAULT_LOCALE, interpolate, isLocale, matchLocale, type Locale } from '@vendo/contract/locales';
import { rcodeText } from '@vendo/contract/rcodes';
import { validationMessages, type ValidationKey } from '@vendo/contract/validation-messages';
import { fieldLabel } from './field-labels';

/**
 * The caller's language: the `lang` header, then the `lang` cookie, then Accept-Language, then zh-CN. Whatever
 * the caller sends (a malformed escape such as `%`, a value of any length), this never throws: an unreadable
 * value is passed over.
 */
export function localeOf(headers: Record<string, string | string[] | undefined>): Locale {
  const header = first(headers['lang']);
  if (isLocale(header)) return header;
  const cookie = first(headers['cookie'])?.match(/(?:^|;\s*)lang=([^;]*)/)?.[1];
  const fromCookie = cookie ? decodeCookie(cookie) : undefined;
  if (isLocale(fromCookie)) return fromCookie;
  const accept = first(headers['accept-language']);
  return accept ? matchLocale(accept) : DEFAULT_LOCALE;
}

export function rcodeMessage(code: number, locale: Locale, params?: Record<string, string | number>): string {
  const text = rcodeText(code);
  return text ? interpolate(text[locale], params) : String(code);
}

export function validationMessage(
  key: ValidationKey,
  locale: Locale,
  params?: Record<string, string | number>,
) {
  return interpolate(validationMessages[key][locale], params);
}

/** "Phone: please enter mainland phone number": the field is always named. */
export function fieldMessage(
  field: string,
  key: string,
  locale: Locale,
  callPath?: string,
  params?: Record<string, string | number>,
): string {
  const text = key in validationMessages ? validationMessage(key as ValidationKey, locale, params) : key;
  const label = fieldLabel(field, locale, callPath);
  // Some texts name their fields already ("username and password cannot be empty").
  if (text.toLowerCase().includes(label.toLowerCase())) return text;
  return locale === 'en-US' ? `${label}: ${text}` : `${label}：${text}`;
}

/** A cookie value as the browser escaped it; undefined when it is no valid escape or too long for a locale. */
function decodeCookie(value: string): string | undefined {
  if (value.length > 32) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
