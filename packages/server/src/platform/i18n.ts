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
  if (namesLabel(text, label)) return text;
  return locale === 'en-US' ? `${label}: ${text}` : `${label}：${text}`;
}

/**
 * Whether a text holds the label as a word of its own: "ID" is not named by "Invalid value" (the contract fuzzer
 * found the ID field's refusal answered without its name). Chinese labels have no word boundaries to check.
 */
function namesLabel(text: string, label: string): boolean {
  const haystack = text.toLowerCase();
  const needle = label.toLowerCase();
  const letter = /[a-z0-9]/;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    if (!letter.test(before) && !letter.test(after)) return true;
  }
  return false;
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
