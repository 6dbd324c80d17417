import { describe, it, expect } from 'vitest';
import { LOCALES } from './locales';
import { isValidationKey, validationMessages } from './validation-messages';

describe('validationMessages', () => {
  it('has a non-empty text in every language for every key', () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      for (const locale of LOCALES) expect(text[locale].trim(), `${key} ${locale}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
    for (const text of Object.values(validationMessages)) {
      expect(placeholders(text['zh-TW'])).toBe(placeholders(text['zh-CN']));
      expect(placeholders(text['en-US'])).toBe(placeholders(text['zh-CN']));
    }
  });

  it('recognises its keys only', () => {
    expect(isValidationKey('phone')).toBe(true);
    expect(isValidationKey('toString')).toBe(false);
    expect(isValidationKey(3)).toBe(false);
  });
});
