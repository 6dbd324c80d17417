import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { RCODE, rcodeCatalogue, rcodeText } from './rcodes';

describe('rcode catalogue', () => {
  it('holds the codes the spec fixes', () => {
    expect(RCODE.OK).toBe(0);
    expect(RCODE.WRONG_CREDENTIALS).toBe(102);
    expect(RCODE.DEVICE_ALREADY_BOUND).toBe(515);
    expect(RCODE.SESSION_EXPIRED).toBe(604);
    expect(rcodeText(102)?.['en-US']).toBe('Username or password wrong');
  });

  it('gives every code a unique name and a text in every language', () => {
    const entries = Object.values(rcodeCatalogue);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    for (const entry of entries) {
      for (const locale of LOCALES) expect(entry.text[locale].trim(), `${entry.name} ${locale}`).not.toBe('');
    }
  });

  it('answers undefined for an unknown code', () => {
    expect(rcodeText(123456)).toBeUndefined();
  });
});
