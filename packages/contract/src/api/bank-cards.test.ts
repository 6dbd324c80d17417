import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../enums';
import {
  addBank,
  addBankImg,
  BANK_CARD_CALL_PATHS,
  BANK_CARD_FIELD_LABELS,
  getMerchant,
  merchantFormFields,
} from './bank-cards';

const FORM = {
  acct_name: '张三',
  acct_cert_no: '11010519491231002X',
  cert_start_date: '2020-02-29',
  cert_expire_date: '2030-02-28',
  bank_code: '102',
  bank_province: '110000',
  bank_city: '110100',
  bank_branch: '工行西单支行',
  acct_no: '6222 0202 0011 2233 445',
  acct_mobile: '13800138000',
  prov_code: '110000',
  city_code: '110100',
  area_code: '110101',
  address: '西长安街1号',
};

function issues(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('bank-card calls', () => {
  it('all need 1029 except the device filter, and the shared ones are public', () => {
    expect(getMerchant.perm).toBe(PERMISSIONS.BankManage);
    expect(BANK_CARD_CALL_PATHS.filter((p) => p.startsWith('/p/v1/b/'))).toHaveLength(6);
  });

  it('every form field has a label in three languages', () => {
    for (const field of Object.keys(merchantFormFields)) {
      expect(BANK_CARD_FIELD_LABELS[field]?.['en-US'], field).toBeTruthy();
      expect(BANK_CARD_FIELD_LABELS[field]?.['zh-TW'], field).toBeTruthy();
    }
  });

  it('takes the form with spaces in the card number and a code sent as a number', () => {
    const parsed = addBank.request.parse({ ...FORM, bank_code: 102 });
    expect(parsed).toMatchObject({ acct_no: '6222020200112233445', bank_code: '102', cert_type: 'idCard' });
  });

  it('names every empty field', () => {
    expect(issues(addBank.request.safeParse({}))).toEqual(
      expect.arrayContaining([
        'acct_name:required',
        'acct_cert_no:required',
        'bank_code:required',
        'bank_province:required',
        'bank_branch:required',
        'acct_no:required',
        'acct_mobile:required',
        'prov_code:required',
        'address:required',
      ]),
    );
  });

  it('refuses the check digit, the card bounds, other certificates and validity gaps', () => {
    expect(issues(addBank.request.safeParse({ ...FORM, acct_cert_no: '110105194912310021' }))).toEqual([
      'acct_cert_no:idNumberCheckDigit',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, acct_no: '1234567' }))).toEqual([
      'acct_no:cardNumberInvalid',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, acct_no: '1'.repeat(31) }))).toEqual([
      'acct_no:cardNumberInvalid',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, cert_type: 'passport' }))).toEqual([
      'cert_type:certContactSupport',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, cert_expire_date: '2030-03-02' }))).toEqual([
      'cert_expire_date:validityInvalid',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, cert_start_date: '2031-01-01' }))).toEqual([
      'cert_expire_date:startAfterEnd',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, bank_code: '999' }))).toEqual([
      'bank_code:invalidValue',
    ]);
    expect(issues(addBank.request.safeParse({ ...FORM, bank_no: '12345' }))).toEqual([
      'bank_no:bankNoInvalid',
    ]);
  });

  it('wants all seven fields of the image form, with one image tip', () => {
    const ids = { bank_z: 'aaaaaaaa1', bank_f: 'aaaaaaaa2', id_card_z: 'aaaaaaaa3', id_card_f: 'aaaaaaaa4' };
    expect(
      issues(addBankImg.request.safeParse({ merchant_id: '1', ...ids, hold_id_card: 'aaaaaaaa5' })),
    ).toEqual(['mendian:imagesIncomplete']);
    expect(
      issues(addBankImg.request.safeParse({ ...ids, hold_id_card: 'aaaaaaaa5', mendian: 'aaaaaaaa6' })),
    ).toEqual(['merchant_id:required']);
  });
});
