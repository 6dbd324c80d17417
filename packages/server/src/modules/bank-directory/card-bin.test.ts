import { describe, expect, it } from 'vitest';
import { BANK_CODES, type BankCode } from '@vendo/contract/enums';
import { cardFitsBank, cardIssuer, issuingBank } from './card-bin';

/** A card number of `length` digits starting with `bin` (the rest zeros: the issuer reads only the prefix). */
const card = (bin: string, length: number) => bin.padEnd(length, '0');

/**
 * Debit-card BINs each bank prints on its own cards (Postal 621799, ICBC 622202, ABC 622848...), with the length
 * of their numbers: one per bank of spec §9.
 */
const REAL: Record<BankCode, [string, number]> = {
  '100': ['621799', 19],
  '102': ['622202', 19],
  '103': ['622848', 19],
  '104': ['621661', 19],
  '105': ['621700', 19],
  '301': ['622262', 19],
  '302': ['622690', 16],
  '303': ['622666', 16],
  '304': ['622630', 16],
  '305': ['622622', 16],
  '306': ['622568', 19],
  '308': ['622588', 16],
  '309': ['622909', 18],
  '310': ['622521', 16],
  '410': ['621626', 19],
};

describe('card number to bank', () => {
  it.each(BANK_CODES)('knows a real card of bank %s', (code) => {
    const [bin, length] = REAL[code];
    expect(issuingBank(card(bin, length))).toBe(code);
  });

  it('reads numbers with the spaces a person types', () => {
    expect(issuingBank('6222 0202 0011 2233 445')).toBe('102');
  });

  it('tells a bank outside the 15 from one it does not know', () => {
    expect(cardIssuer(card('421317', 16))).toEqual({ kind: 'other', name: '北京银行' });
    expect(issuingBank(card('421317', 16))).toBeNull();
    expect(cardIssuer('1111110000000000')).toEqual({ kind: 'unknown' });
    expect(cardIssuer('6222abc')).toEqual({ kind: 'unknown' });
    expect(cardIssuer('')).toEqual({ kind: 'unknown' });
  });

  it('reads a BIN two issuers share by the length of the number', () => {
    // 622305: ICBC's 18-digit cards and Bank of Nanjing's 16-digit ones.
    expect(issuingBank(card('622305', 18))).toBe('102');
    expect(cardIssuer(card('622305', 16))).toEqual({ kind: 'other', name: '南京银行' });
  });

  it("refuses a card the table knows as another bank's, lets an unknown BIN through to review", () => {
    expect(cardFitsBank(card('622202', 19), '102')).toBe(true);
    expect(cardFitsBank(card('622202', 19), '105')).toBe(false);
    expect(cardFitsBank(card('421317', 16), '102')).toBe(false);
    expect(cardFitsBank('1111110000000000', '102')).toBe(true);
  });
});
