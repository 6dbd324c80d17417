import { addBank, type BankCard } from '@vendo/contract/api/bank-cards';
import { describe, expect, it } from 'vitest';
import {
  applyOcr,
  cardToForm,
  checkMerchantForm,
  EMPTY_FORM,
  formBody,
  pickBank,
  pickBankRegion,
  pickValidity,
  validityBounds,
  withRegionNames,
} from './merchant-form-values';
import { FILLED_FORM } from './merchant-form-fixtures';

const NOW = Date.UTC(2026, 10, 26);

const FILLED = FILLED_FORM;

describe('merchant form (spec §5)', () => {
  it('accepts a complete form, and its body is what /k/addBank takes', () => {
    expect(checkMerchantForm(FILLED, 'en-US', NOW)).toEqual({});
    const body = formBody(FILLED);
    expect(body.acct_no).toBe('6225880000001234');
    expect(body.bank_province).toBe('440000');
    expect(body.prov_code).toBe('450000');
    expect(addBank.request.safeParse(body).success).toBe(true);
  });

  it('names every empty field in its message, at the field', () => {
    const errors = checkMerchantForm(EMPTY_FORM, 'en-US', NOW);
    expect(errors.acct_name).toBe('Holder cannot be empty');
    expect(errors.acct_cert_no).toBe('ID number cannot be empty');
    expect(errors.bank_code).toBe('Bank cannot be empty');
    expect(errors.bank_region).toBe('Bank region cannot be empty');
    expect(errors.bank_branch).toBe('Branch cannot be empty');
    expect(errors.acct_no).toBe('Card number cannot be empty');
    expect(errors.acct_mobile).toBe('Holder phone cannot be empty');
    expect(errors.store_region).toBe('Store region cannot be empty');
    expect(errors.address).toBe('Store address cannot be empty');
    expect(checkMerchantForm(EMPTY_FORM, 'zh-CN', NOW).acct_name).toBe('持卡人不能为空');
  });

  it('checks the ID number: 18 characters and the check digit', () => {
    expect(
      checkMerchantForm({ ...FILLED, acct_cert_no: '11010519491231002' }, 'en-US', NOW).acct_cert_no,
    ).toMatch(/18/);
    expect(
      checkMerchantForm({ ...FILLED, acct_cert_no: '110105194912310021' }, 'en-US', NOW).acct_cert_no,
    ).toMatch(/check digit/);
    expect(checkMerchantForm({ ...FILLED, acct_cert_no: '11010519491231002x' }, 'en-US', NOW)).toEqual({});
  });

  it('checks the validity tiers (5, 10, 20, over 20 years, same month and day) and expiry', () => {
    const at = (start: string, end: string) =>
      checkMerchantForm({ ...FILLED, cert_start_date: start, cert_expire_date: end }, 'en-US', NOW)
        .cert_expire_date;
    expect(at('2022-05-31', '2027-05-31')).toBeUndefined();
    expect(at('2016-01-01', '2036-01-01')).toBeUndefined();
    expect(at('2010-07-01', '2099-07-01')).toBeUndefined();
    expect(at('2020-03-15', '2027-03-15')).toMatch(/validity/i);
    expect(at('2020-03-15', '2030-03-16')).toMatch(/validity/i);
    expect(at('2010-03-15', '2020-03-15')).toMatch(/expired/i);
  });

  it('checks card number bounds and the holder phone', () => {
    expect(checkMerchantForm({ ...FILLED, acct_no: '1234 567' }, 'en-US', NOW).acct_no).toMatch(
      /card number/,
    );
    expect(checkMerchantForm({ ...FILLED, acct_no: '1234 5678' }, 'en-US', NOW).acct_no).toBeUndefined();
    expect(checkMerchantForm({ ...FILLED, acct_mobile: '12800138000' }, 'en-US', NOW).acct_mobile).toMatch(
      /phone/,
    );
  });

  it('sends other certificate types to support', () => {
    expect(checkMerchantForm({ ...FILLED, cert_type: 'passport' }, 'en-US', NOW).cert_type).toMatch(
      /support/,
    );
  });
});

describe('validity picker', () => {
  it('clears the other side when the start comes after the end', () => {
    const both = { cert_start_date: '2020-03-15', cert_expire_date: '2030-03-15' };
    expect(pickValidity(both, 'start', '2031-01-01')).toEqual({
      cert_start_date: '2031-01-01',
      cert_expire_date: '',
    });
    expect(pickValidity(both, 'end', '2019-01-01')).toEqual({
      cert_start_date: '',
      cert_expire_date: '2019-01-01',
    });
    expect(pickValidity(both, 'end', '2040-03-15')).toEqual({ ...both, cert_expire_date: '2040-03-15' });
  });

  it('offers 2000 to 20 years ahead, and the end up to 2119', () => {
    expect(validityBounds('start', NOW).min.getFullYear()).toBe(2000);
    expect(validityBounds('start', NOW).max.getFullYear()).toBe(2046);
    expect(validityBounds('end', NOW).max.getFullYear()).toBe(2119);
  });
});

describe('bank, region and branch order', () => {
  it('a new bank or region forgets the branch', () => {
    const bank = pickBank(FILLED, '105');
    expect(bank).toMatchObject({ bank_code: '105', bank_branch: '', bank_no: '' });
    expect(bank.bank_region.city_code).toBe('440300');
    expect(pickBank(FILLED, '308')).toBe(FILLED);
    const region = pickBankRegion(FILLED, { ...FILLED.bank_region, city: '广州市', city_code: '440100' });
    expect(region).toMatchObject({ bank_branch: '', bank_no: '' });
  });

  it('a stored card comes back with its bank region codes, named from the tree, and masked numbers empty', () => {
    const card = cardToForm({
      ...({} as BankCard),
      acct_name: '张三',
      acct_cert_no: '110***********002X',
      cert_start_date: '2020-03-15',
      cert_expire_date: '2030-03-15',
      bank_code: '102',
      bank_province: '440000',
      bank_city: '440300',
      bank_branch: 'x',
      bank_no: '',
      acct_no: '6222 **** **** 3445',
      acct_mobile: '138****8000',
      prov: '',
      prov_code: '',
      city: '',
      city_code: '',
      area: '',
      area_code: '',
      address: 'a',
    });
    expect(card.acct_cert_no).toBe('');
    expect(card.acct_no).toBe('');
    expect(card.bank_region).toMatchObject({ prov_code: '440000', city_code: '440300', prov: '' });
    const tree = [{ code: '440000', name: '广东省', children: [{ code: '440300', name: '深圳市' }] }];
    expect(withRegionNames(card.bank_region, tree)).toMatchObject({ prov: '广东省', city: '深圳市' });
  });
});

describe('OCR pre-fill', () => {
  it('writes what it read where it differs, and says which fields', () => {
    const { values, filled } = applyOcr(FILLED, { acct_no: '6225880000001234', acct_name: '李四' });
    expect(filled).toEqual(['acct_name']);
    expect(values.acct_name).toBe('李四');
    expect(applyOcr(FILLED, {}).values).toBe(FILLED);
    expect(applyOcr(EMPTY_FORM, { acct_no: '6222020200112233445' }).values.acct_no).toBe(
      '6222 0202 0011 2233 445',
    );
  });
});
