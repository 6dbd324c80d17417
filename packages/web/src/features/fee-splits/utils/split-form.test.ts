import type { SplitConfig } from '@vendo/contract/api/splits';
import { RCODE } from '@vendo/contract/rcodes';
import { describe, expect, it } from 'vitest';
import {
  checkSplitForm,
  fieldOfRcode,
  formValuesOf,
  percentToHundredths,
  rowField,
  splitRequest,
  splitSum,
  SUM_FIELD,
  type SplitFormValues,
  type SplitRow,
} from './split-form';

const row = (merchant_id: string, percent: string): SplitRow => ({
  merchant_id,
  acct_name: '李*四',
  acct_no_encry: '6222 **** **** 3445',
  bank: '102',
  percent,
});

const values = (overrides: Partial<SplitFormValues> = {}): SplitFormValues => ({
  bank_split_name: 'Store partner',
  main_merchant_id: '7',
  pay_channel: 'all',
  split_merchant: [row('21', '30')],
  ...overrides,
});

describe('percentToHundredths', () => {
  it('reads percents with up to 2 decimals in integer arithmetic', () => {
    expect(percentToHundredths('30')).toBe(3000);
    expect(percentToHundredths('33.5')).toBe(3350);
    expect(percentToHundredths(' 12.25 ')).toBe(1225);
    expect(percentToHundredths('0.01')).toBe(1);
    expect(percentToHundredths('33,5')).toBe(3350);
    expect(percentToHundredths('33.')).toBe(3300);
    // 0.29 × 100 is 28.999… in floating point: the parse must not lose the cent.
    expect(percentToHundredths('0.29')).toBe(29);
  });

  it('refuses what is not a share', () => {
    for (const text of ['', 'abc', '33.555', '-5', '1e2', '1000', '.5']) {
      expect(percentToHundredths(text)).toBeNull();
    }
  });
});

describe('splitSum', () => {
  it('gives the main account what the split accounts leave', () => {
    expect(splitSum([{ percent: '30' }, { percent: '12.5' }])).toEqual({
      splits: 4250,
      main: 5750,
      complete: true,
    });
    expect(splitSum([{ percent: '30' }, { percent: '' }])).toEqual({
      splits: 3000,
      main: 7000,
      complete: false,
    });
  });
});

describe('splitRequest', () => {
  it('sends hundredths, the main share being the rest', () => {
    expect(splitRequest(values({ split_merchant: [row('21', '33.5'), row('22', '10')] }))).toEqual({
      bank_split_name: 'Store partner',
      main_merchant_id: '7',
      main_split_percent: 5650,
      pay_channel: 'all',
      split_merchant: [
        { merchant_id: '21', split_percent: 3350 },
        { merchant_id: '22', split_percent: 1000 },
      ],
    });
  });
});

describe('checkSplitForm', () => {
  it('passes a complete form', () => {
    expect(checkSplitForm(values(), 'en-US')).toEqual({});
  });

  it("puts the schema's messages at the name and the main card", () => {
    const errors = checkSplitForm(values({ bank_split_name: '', main_merchant_id: '' }), 'en-US');
    expect(errors.bank_split_name).toBe('Split name cannot be empty');
    expect(errors.main_merchant_id).toBe('Main account cannot be empty');
  });

  it("puts a row's bad share at that row", () => {
    const errors = checkSplitForm(values({ split_merchant: [row('21', '30'), row('22', '1.234')] }), 'en-US');
    expect(errors).toEqual({
      [rowField(1)]: 'Every share must be above 0 and below 100% (at most 2 decimals)',
    });
    expect(checkSplitForm(values({ split_merchant: [row('21', '0')] }), 'zh-CN')[rowField(0)]).toBe(
      '每个账户的比例须大于 0 且小于 100%（最多两位小数）',
    );
  });

  it('puts the rules of the list at the list', () => {
    expect(checkSplitForm(values({ split_merchant: [] }), 'en-US')).toEqual({
      split_merchant: 'Add at least one split account',
    });
    expect(checkSplitForm(values({ split_merchant: [row('7', '30')] }), 'en-US')).toEqual({
      split_merchant: 'The main account cannot also be a split account',
    });
    expect(checkSplitForm(values({ split_merchant: [row('21', '30'), row('21', '10')] }), 'en-US')).toEqual({
      split_merchant: 'The same split account is listed twice',
    });
    const six = ['21', '22', '23', '24', '25', '26'].map((id) => row(id, '10'));
    expect(checkSplitForm(values({ split_merchant: six }), 'en-US')).toEqual({
      split_merchant: 'At most 5 split accounts',
    });
  });

  it('puts shares that leave nothing to the main account at the sum', () => {
    expect(checkSplitForm(values({ split_merchant: [row('21', '60'), row('22', '40')] }), 'en-US')).toEqual({
      [SUM_FIELD]: 'Every share must be above 0 and below 100% (at most 2 decimals)',
    });
  });
});

describe('fieldOfRcode', () => {
  it("places the server's refusals at their fields, the others on the form", () => {
    expect(fieldOfRcode(RCODE.SPLIT_NAME_TAKEN)).toBe('bank_split_name');
    expect(fieldOfRcode(RCODE.SPLIT_MAIN_CARD_INVALID)).toBe('main_merchant_id');
    expect(fieldOfRcode(RCODE.SPLIT_ACCOUNT_INVALID)).toBe('split_merchant');
    expect(fieldOfRcode(RCODE.SPLIT_SUM_NOT_WHOLE)).toBe(SUM_FIELD);
    expect(fieldOfRcode(RCODE.SPLIT_CONFIG_LIMIT)).toBeNull();
    expect(fieldOfRcode(RCODE.INVALID_PARAM)).toBeNull();
  });
});

describe('formValuesOf', () => {
  it('shows a configuration to edit with its shares in percent', () => {
    const config = {
      bank_split_id: '3',
      bank_split_name: 'Partner',
      main_merchant_id: '7',
      main_split_percent: 6650,
      pay_channel: 'wechat',
      split_merchant: [
        { merchant_id: '21', acct_name: '李*四', acct_no_encry: '6222 **** 3445', split_percent: 3350 },
      ],
    } as SplitConfig;
    expect(formValuesOf(config)).toEqual({
      bank_split_name: 'Partner',
      main_merchant_id: '7',
      pay_channel: 'wechat',
      split_merchant: [
        { merchant_id: '21', acct_name: '李*四', acct_no_encry: '6222 **** 3445', bank: '', percent: '33.5' },
      ],
    });
  });
});
