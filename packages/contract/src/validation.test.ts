import { describe, it, expect } from 'vitest';
import {
  capacityCoversQuantity,
  checkBindFields,
  checkBranchPrerequisites,
  checkCardNumber,
  checkDetailImages,
  checkDispenseQuantity,
  checkIdNumber,
  idCheckCharacter,
  checkIdValidity,
  checkImagesComplete,
  checkInteger,
  checkLinkAccount,
  checkLogin,
  checkLoginPassword,
  checkMobile,
  checkName,
  checkOperPwd,
  checkPrice,
  checkRefundAmount,
  checkRolePermissions,
  checkServicePhone,
  checkSlotId,
  checkSn,
  checkSuffix,
  checkTags,
  checkUrl,
  checkWinRate,
  differentFrom,
  formatCardNumber,
  hasSpecialSymbols,
  isEmptyValue,
  isMainlandMobile,
  isServicePhone,
  quantityWithinCapacity,
  required,
  sameAs,
  tagList,
  validateField,
  validateForm,
  zCardNumber,
  zLoginPassword,
  zMobile,
  zName,
  zOperPwdMd5,
  zPriceCents,
  zRequiredString,
  zServicePhone,
  zSmsCode,
  zSuffix,
  zTags,
  zWinRate,
  type Rule,
} from './validation';
import { INT4_MAX } from './constants';
import { isValidationKey } from './validation-messages';
import type { z } from 'zod';

/** The ValidationKey a schema reports first, or null when it passes. */
function zKey(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no issue');
}

describe('generic validator', () => {
  it('required fails on empty strings, blanks, null, undefined and empty arrays', () => {
    for (const v of ['', '   ', null, undefined, []]) expect(required(v)).toBe('required');
    for (const v of ['a', 0, false, ['x'], {}]) expect(required(v)).toBeNull();
    expect(isEmptyValue(0)).toBe(false);
  });

  it('returns the first failing rule', () => {
    const never: Rule = () => 'specialSymbols';
    expect(validateField('', [required, never])).toBe('required');
    expect(validateField('abc', [required, never])).toBe('specialSymbols');
    expect(validateField('x', [never, required])).toBe('specialSymbols');
    expect(validateField('x', [])).toBeNull();
  });

  it('format rules skip empty values so optional fields stay optional', () => {
    expect(validateField('', [checkMobile])).toBeNull();
    expect(validateField('', [required, checkMobile])).toBe('required');
    expect(validateField(undefined, [checkPrice, checkUrl, checkName, checkIdNumber])).toBeNull();
  });

  it('validateForm reports failing fields only, with rules seeing the whole form', () => {
    const values = {
      phone: '123',
      name: 'Shop',
      password: 'secret1',
      confirm: 'secret2',
      tags: [] as string[],
    };
    const errors = validateForm(values, {
      phone: [required, checkMobile],
      name: [required, checkName],
      password: [required, checkLoginPassword],
      confirm: [required, checkLoginPassword, sameAs('password')],
      tags: [required],
    });
    expect(errors).toEqual({ phone: 'phone', confirm: 'passwordsDiffer', tags: 'required' });
    expect(validateForm({ a: 'x' }, { a: [required] })).toEqual({});
  });
});

describe('phones', () => {
  it('mainland mobile: 11 digits with prefix 13-19', () => {
    for (const p of ['13800138000', '19912345678', '15012345678']) expect(isMainlandMobile(p)).toBe(true);
    for (const p of [
      '12800138000',
      '1380013800',
      '138001380000',
      '23800138000',
      '1380013800a',
      ' 13800138000',
    ])
      expect(isMainlandMobile(p)).toBe(false);
    expect(checkMobile('12345')).toBe('phone');
    expect(checkMobile(' 13800138000 ')).toBeNull();
  });

  it('service phone also accepts landlines and 400/800 numbers', () => {
    for (const p of [
      '13800138000',
      '010-12345678',
      '0755-1234567',
      '0755-12345678-123',
      '01012345678',
      '400-123-4567',
      '4001234567',
      '800-123-4567',
    ])
      expect(isServicePhone(p), p).toBe(true);
    for (const p of ['12345678', '010-123456', '500-123-4567', '400-123-456', '0755-1234567-', 'abc'])
      expect(isServicePhone(p), p).toBe(false);
    expect(checkServicePhone('110')).toBe('servicePhone');
  });
});

describe('passwords', () => {
  it('login password needs 6 characters', () => {
    expect(checkLoginPassword('12345')).toBe('passwordTooShort');
    expect(checkLoginPassword('123456')).toBeNull();
  });

  it('confirmation must match', () => {
    expect(sameAs('password')('abcdef', { password: 'abcdef' })).toBeNull();
    expect(sameAs('password')('abcdeg', { password: 'abcdef' })).toBe('passwordsDiffer');
  });

  it('operation password is exactly 6 digits', () => {
    expect(checkOperPwd('123456')).toBeNull();
    for (const p of ['12345', '1234567', '12345a', '12.456', ' 12345'])
      expect(checkOperPwd(p)).toBe('operPwdSixDigits');
  });

  it('new operation password differs from old', () => {
    const rule = differentFrom('old');
    expect(rule('123456', { old: '123456' })).toBe('operPwdSameAsOld');
    expect(rule('654321', { old: '123456' })).toBeNull();
    expect(validateField('12345', [required, checkOperPwd, rule], { old: '12345' })).toBe('operPwdSixDigits');
  });

  it('suffix: at least 3, letters and digits only', () => {
    expect(checkSuffix('ab')).toBe('suffixTooShort');
    expect(checkSuffix('ab1')).toBeNull();
    expect(checkSuffix('AbC123')).toBeNull();
    expect(checkSuffix('ab-1')).toBe('suffixInvalid');
    expect(checkSuffix('商户名')).toBe('suffixInvalid');
  });

  it('login and link-account forms need both fields', () => {
    expect(checkLogin('', 'x')).toBe('loginEmpty');
    expect(checkLogin('u', '')).toBe('loginEmpty');
    expect(checkLogin('u', 'p')).toBeNull();
    expect(checkLinkAccount(' ', 'p')).toBe('linkAccountEmpty');
    expect(checkLinkAccount('a', 'p')).toBeNull();
  });

  it('a role needs at least one permission', () => {
    expect(checkRolePermissions([])).toBe('roleNoPermission');
    expect(checkRolePermissions([1020])).toBeNull();
  });
});

describe('names', () => {
  it('accepts letters of any script, digits, spaces and the allowed marks', () => {
    for (const n of [
      '可乐',
      '可樂 500ml',
      'Coca-Cola (Zero)',
      '（大）杯·冰',
      'No.1 #2 A+B & C/D',
      'Café_2',
      'コーラ',
    ])
      expect(hasSpecialSymbols(n), n).toBe(false);
  });
  it('rejects other symbols', () => {
    for (const s of '<>@!$%^*={}[]|\\~`\'";:?😀') expect(checkName(`a${s}b`), s).toBe('specialSymbols');
  });
});

describe('prices and numbers', () => {
  it('price at least 0.02 yuan', () => {
    expect(checkPrice('0.01')).toBe('priceMin');
    expect(checkPrice('0.02')).toBeNull();
    expect(checkPrice('0')).toBe('priceMin');
    expect(checkPrice('12.5')).toBeNull();
    expect(checkPrice(3)).toBeNull();
  });
  it('price precise to the cent, one decimal point', () => {
    expect(checkPrice('1.005')).toBe('priceCents');
    expect(checkPrice('0.001')).toBe('priceCents');
    expect(checkPrice('1..2')).toBe('noRepeatedDot');
    expect(checkPrice('1.2.3')).toBe('noRepeatedDot');
    expect(checkPrice('abc')).toBe('numberInvalid');
    expect(checkPrice('-1')).toBe('numberInvalid');
  });
  it('price and whole numbers within what the server takes (INT4_MAX)', () => {
    expect(checkPrice('21474836.47')).toBeNull();
    expect(checkPrice('21474836.48')).toBe('numberInvalid');
    expect(checkPrice('90071992547409.91')).toBe('numberInvalid');
    expect(checkInteger(String(INT4_MAX))).toBeNull();
    expect(checkInteger(String(INT4_MAX + 1))).toBe('numberInvalid');
    expect(checkInteger('9'.repeat(30))).toBe('numberInvalid');
  });
  it('rate fields take no decimals', () => {
    expect(checkInteger('10')).toBeNull();
    expect(checkInteger('10.5')).toBe('noDecimals');
    expect(checkInteger('1..5')).toBe('noRepeatedDot');
    expect(checkInteger('-3')).toBe('numberInvalid');
  });
  it('win probability at most 100', () => {
    expect(checkWinRate('100')).toBeNull();
    expect(checkWinRate('0')).toBeNull();
    expect(checkWinRate('101')).toBe('winRateMax');
    expect(checkWinRate('50.5')).toBe('noDecimals');
  });
  it('quantity and capacity bound each other', () => {
    expect(quantityWithinCapacity()('5', { capacity: '5' })).toBeNull();
    expect(quantityWithinCapacity()('6', { capacity: 5 })).toBe('quantityOverCapacity');
    expect(quantityWithinCapacity('max')(6, { max: '' })).toBeNull();
    expect(capacityCoversQuantity()(4, { quantity: 5 })).toBe('capacityBelowQuantity');
    expect(capacityCoversQuantity()(5, { quantity: 5 })).toBeNull();
  });
  it('slot ids are not 0 and not duplicated', () => {
    expect(checkSlotId(0, [])).toBe('slotIdZero');
    expect(checkSlotId(3, [1, 2, 3])).toBe('slotIdDuplicate');
    expect(checkSlotId(4, [1, 2, 3])).toBeNull();
  });
  it('dispense quantity is never 0 and 1 on capsule and lattice machines', () => {
    expect(checkDispenseQuantity(0, 'vm')).toBe('dispenseQuantityZero');
    expect(checkDispenseQuantity(3, 'vm')).toBeNull();
    expect(checkDispenseQuantity(2, 'gpm')).toBe('dispenseQuantityOne');
    expect(checkDispenseQuantity(2, 'gzj')).toBe('dispenseQuantityOne');
    expect(checkDispenseQuantity(1, 'gzj')).toBeNull();
  });
  it('refund amount is above 0 and at most the order amount', () => {
    expect(checkRefundAmount(0, 100)).toBe('refundAmountZero');
    expect(checkRefundAmount(101, 100)).toBe('refundAmountOver');
    expect(checkRefundAmount(100, 100)).toBeNull();
    expect(checkRefundAmount(1, 100)).toBeNull();
    // After earlier refunds, the limit is what is left, and amounts are whole cents.
    expect(checkRefundAmount(60, 50)).toBe('refundAmountOver');
    expect(checkRefundAmount(50, 50)).toBeNull();
    expect(checkRefundAmount(1.5, 50)).toBe('refundAmountZero');
  });
});

describe('goods', () => {
  it('tags: at most 2', () => {
    expect(checkTags(['a'])).toBeNull();
    expect(checkTags(['a', 'b'])).toBeNull();
    expect(checkTags(['a', 'b', 'c'])).toBe('tagsMax');
    expect(checkTags('a,b')).toBeNull();
    expect(checkTags('a,b,c')).toBe('tagsMax');
    expect(checkTags('')).toBeNull();
  });
  it('tags: no English comma inside a tag, checked first', () => {
    expect(checkTags(['a,b'])).toBe('tagsComma');
    expect(checkTags(['a,b', 'c', 'd'])).toBe('tagsComma');
    expect(checkTags(['新品，热卖'])).toBeNull();
  });
  it('tag list parses the stored string', () => {
    expect(tagList(' a , b ,,')).toEqual(['a', 'b']);
    expect(tagList(['x', ' '])).toEqual(['x']);
  });
  it('tag list drops a repeated tag, so two copies of one tag count once', () => {
    expect(tagList(['x', ' x'])).toEqual(['x']);
    expect(tagList('a,a,b')).toEqual(['a', 'b']);
    expect(checkTags(['a', 'a', 'b'])).toBeNull();
  });
  it('detail images at most 8', () => {
    expect(checkDetailImages(Array(8).fill('i'))).toBeNull();
    expect(checkDetailImages(Array(9).fill('i'))).toBe('detailImagesMax');
  });
});

describe('devices and ads', () => {
  it('sn is numeric', () => {
    expect(checkSn('10086')).toBeNull();
    expect(checkSn('10a86')).toBe('snNumeric');
  });
  it('binding needs clientid, type, title and sign', () => {
    const full = { clientid: 'c', type: 'gpm', title: 't', sign: 's' };
    expect(checkBindFields(full)).toBeNull();
    expect(checkBindFields({ ...full, title: ' ' })).toBe('bindFieldsEmpty');
    expect(checkBindFields({ ...full, sign: undefined })).toBe('bindFieldsEmpty');
  });
  it('ad links are http(s) URLs', () => {
    for (const u of [
      'https://example.com',
      'http://shop.example.cn/a?b=1#c',
      'https://例子.中国/路径',
      'http://10.0.0.1:8080/x',
    ])
      expect(checkUrl(u), u).toBeNull();
    for (const u of [
      'example.com',
      'ftp://example.com',
      'https://',
      'https://localhost',
      'https://exa mple.com',
      'javascript:alert(1)',
    ])
      expect(checkUrl(u), u).toBe('urlInvalid');
  });
});

describe('merchant form', () => {
  it('ID number is exactly 18 characters, 17 digits and the GB 11643 check character', () => {
    expect(checkIdNumber('11010519491231002X')).toBeNull();
    expect(checkIdNumber('11010519491231002x')).toBeNull();
    expect(checkIdNumber('440524188001010014')).toBeNull();
    expect(checkIdNumber('110105194912310021')).toBe('idNumberCheckDigit');
    expect(checkIdNumber('440524188001010015')).toBe('idNumberCheckDigit');
    // One digit changed: the check character no longer fits.
    expect(checkIdNumber('11010519491231003X')).toBe('idNumberCheckDigit');
    expect(checkIdNumber('11010519491231002')).toBe('idNumberLength');
    expect(checkIdNumber('1101051949123100211')).toBe('idNumberLength');
    expect(checkIdNumber('11010519491231002Y')).toBe('idNumberInvalid');
    expect(checkIdNumber('X10105194912310021')).toBe('idNumberInvalid');
  });

  it('card number is 8 to 30 digits, spaces ignored', () => {
    expect(checkCardNumber('1234567')).toBe('cardNumberInvalid');
    expect(checkCardNumber('12345678')).toBeNull();
    expect(checkCardNumber('6222 0202 0011 2233 445')).toBeNull();
    expect(checkCardNumber('1'.repeat(30))).toBeNull();
    expect(checkCardNumber('1'.repeat(31))).toBe('cardNumberInvalid');
    expect(checkCardNumber('6222-0202')).toBe('cardNumberInvalid');
    expect(formatCardNumber('6222020200112233445')).toBe('6222 0202 0011 2233 445');
    expect(formatCardNumber('6222 0202')).toBe('6222 0202');
  });

  it('bank first, then bank region', () => {
    expect(checkBranchPrerequisites('', '')).toBe('pickBank');
    expect(checkBranchPrerequisites('102', '')).toBe('pickBankRegion');
    expect(checkBranchPrerequisites('102', ['44', '4403'])).toBeNull();
  });

  it('all images present', () => {
    expect(checkImagesComplete(['a', 'b'])).toBeNull();
    expect(checkImagesComplete(['a', ''])).toBe('imagesIncomplete');
  });

  describe('ID validity', () => {
    const now = Date.UTC(2024, 4, 15, 2); // 2024-05-15 in Shanghai
    it('accepts 5, 10, 20 and more than 20 years on the same day', () => {
      expect(checkIdValidity('2020-06-01', '2025-06-01', now)).toBeNull();
      expect(checkIdValidity('2015-06-01', '2025-06-01', now)).toBeNull();
      expect(checkIdValidity('20100601', '20300601', now)).toBeNull();
      expect(checkIdValidity('2010/06/01', '2119/06/01', now)).toBeNull();
    });
    it('rejects other gaps and other days', () => {
      expect(checkIdValidity('2020-06-01', '2026-06-01', now)).toBe('validityInvalid');
      expect(checkIdValidity('2020-06-01', '2025-06-02', now)).toBe('validityInvalid');
      expect(checkIdValidity('2020-06-01', '2020-06-01', now)).toBe('validityInvalid');
      expect(checkIdValidity('2020-02-30', '2025-02-30', now)).toBe('validityInvalid');
      expect(checkIdValidity('', '2025-06-01', now)).toBe('validityInvalid');
    });
    it('rejects a start after the end', () => {
      expect(checkIdValidity('2025-06-01', '2020-06-01', now)).toBe('startAfterEnd');
    });
    it('rejects a past end but accepts an end of today', () => {
      expect(checkIdValidity('2014-05-14', '2024-05-14', now)).toBe('validityExpired');
      expect(checkIdValidity('2014-05-15', '2024-05-15', now)).toBeNull();
    });
    it('check characters 0 to X: every remainder of the weighted sum', () => {
      const chars = new Set<string>();
      for (let n = 0; n < 200; n++)
        chars.add(idCheckCharacter(`1101051990010${String(n).padStart(3, '0')}0`));
      expect([...chars].sort().join('')).toBe('0123456789X');
    });
    it('month ends: the same last day, not one of the next month', () => {
      expect(checkIdValidity('2019-01-31', '2029-01-31', now)).toBeNull();
      expect(checkIdValidity('2019-04-30', '2024-04-30', now)).toBe('validityExpired');
      expect(checkIdValidity('2019-04-30', '2039-04-30', now)).toBeNull();
      expect(checkIdValidity('2019-04-30', '2039-05-01', now)).toBe('validityInvalid');
      expect(checkIdValidity('2019-04-31', '2039-04-31', now)).toBe('validityInvalid');
      expect(checkIdValidity('2019-12-31', '2029-12-31', now)).toBeNull();
      expect(checkIdValidity('2019-12-31', '2030-01-01', now)).toBe('validityInvalid');
    });
    it('handles a 29 February start', () => {
      expect(checkIdValidity('2024-02-29', '2029-02-28', now)).toBeNull();
      expect(checkIdValidity('2024-02-29', '2029-02-29', now)).toBe('validityInvalid');
      expect(checkIdValidity('2000-02-29', '2020-02-29', now)).toBe('validityExpired');
      expect(checkIdValidity('2023-02-28', '2028-02-29', now)).toBe('validityInvalid');
      expect(checkIdValidity('2023-02-28', '2028-02-28', now)).toBeNull();
      expect(checkIdValidity('2020-02-29', '2030-02-28', now)).toBeNull();
      expect(checkIdValidity('2020-02-29', '2030-03-01', now)).toBeNull();
      expect(checkIdValidity('2020-02-29', '2040-02-29', now)).toBeNull();
      expect(checkIdValidity('2020-02-29', '2040-02-28', now)).toBe('validityInvalid');
    });
  });
});

describe('zod helpers report ValidationKeys', () => {
  it('zRequiredString', () => {
    expect(zKey(zRequiredString, '  ')).toBe('required');
    expect(zKey(zRequiredString, undefined)).toBe('required');
    expect(zRequiredString.parse(' a ')).toBe('a');
  });
  it('zMobile and zServicePhone', () => {
    expect(zKey(zMobile, '')).toBe('required');
    expect(zKey(zMobile, '12345678901')).toBe('phone');
    expect(zKey(zMobile, '13800138000')).toBeNull();
    expect(zKey(zServicePhone, '400-123-4567')).toBeNull();
    expect(zKey(zServicePhone, '123')).toBe('servicePhone');
  });
  it('zLoginPassword', () => {
    expect(zKey(zLoginPassword, '12345')).toBe('passwordTooShort');
    expect(zKey(zLoginPassword, '123456')).toBeNull();
    expect(zKey(zLoginPassword, 'x'.repeat(129))).toBe('passwordTooLong');
  });
  it('zOperPwdMd5 takes 32 lowercase hex', () => {
    expect(zKey(zOperPwdMd5, 'e10adc3949ba59abbe56e057f20f883e')).toBeNull();
    expect(zKey(zOperPwdMd5, 'E10ADC3949BA59ABBE56E057F20F883E')).toBe('operPwdSixDigits');
    expect(zKey(zOperPwdMd5, '123456')).toBe('operPwdSixDigits');
  });
  it('zSuffix and zName', () => {
    expect(zKey(zSuffix, 'ab')).toBe('suffixTooShort');
    expect(zKey(zSuffix, 'abc')).toBeNull();
    expect(zKey(zName, '')).toBe('required');
    expect(zKey(zName, 'a<b')).toBe('specialSymbols');
    expect(zKey(zName, '可乐')).toBeNull();
  });
  it('zPriceCents: integer cents, at least 2', () => {
    expect(zKey(zPriceCents, 1)).toBe('priceMin');
    expect(zKey(zPriceCents, 2)).toBeNull();
    expect(zKey(zPriceCents, 2.5)).toBe('priceCents');
    expect(zKey(zPriceCents, '2')).toBe('numberInvalid');
  });
  it('zWinRate', () => {
    expect(zKey(zWinRate, 100)).toBeNull();
    expect(zKey(zWinRate, 101)).toBe('winRateMax');
    expect(zKey(zWinRate, 1.5)).toBe('noDecimals');
  });
  it('zTags parses to a list', () => {
    expect(zTags.parse('a,b')).toEqual(['a', 'b']);
    expect(zTags.parse(['a'])).toEqual(['a']);
    expect(zKey(zTags, ['a', 'b', 'c'])).toBe('tagsMax');
    expect(zKey(zTags, ['a,b'])).toBe('tagsComma');
    expect(zKey(zTags, 3)).toBe('invalidValue');
  });
  it('zCardNumber strips spaces; zSmsCode takes 6 digits', () => {
    expect(zCardNumber.parse('6222 0202 0011')).toBe('622202020011');
    expect(zKey(zSmsCode, '12345')).toBe('codeMismatch');
    expect(zKey(zSmsCode, '123456')).toBeNull();
  });
  it('every key a helper reports exists in the catalogue', () => {
    const keys = [
      zKey(zMobile, 'x'),
      zKey(zTags, 3),
      zKey(zLoginPassword, ''),
      zKey(zLoginPassword, 'x'.repeat(200)),
      zKey(zPriceCents, 'x'),
      zKey(zWinRate, -1),
    ];
    for (const key of keys) expect(isValidationKey(key), String(key)).toBe(true);
  });
});
