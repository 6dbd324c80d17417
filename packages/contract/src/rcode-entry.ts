import type { LocaleText } from './locales';

/** One rcode: a stable name for code to use and its text in each language. */
export interface RcodeEntry {
  name: string;
  text: LocaleText;
}
