import {
  addSplitAccount,
  checkSplitRules,
  formatSplitPercent,
  SPLIT_FIELD_LABELS,
  SPLIT_WHOLE,
  type SplitConfig,
  type SplitPayChannel,
} from '@vendo/contract/api/splits';
import type { Locale } from '@vendo/contract/locales';
import { interpolate } from '@vendo/contract/locales';
import { RCODE, rcodeText, type RcodeName } from '@vendo/contract/rcodes';
import { checkWithSchema, validationText, type FieldErrors } from '../../../lib/validation';

/** A split account in the form: who it is (as the look-up showed it, masked) and its share as typed. */
export interface SplitRow {
  merchant_id: string;
  acct_name: string;
  acct_no_encry: string;
  /** The bank's name as the look-up or the list named it. */
  bank: string;
  /** The share as typed, in percent: '30', '33.5', '12.25'. */
  percent: string;
}

export interface SplitFormValues {
  bank_split_name: string;
  /** An approved card of the merchant ('' until picked). */
  main_merchant_id: string;
  pay_channel: SplitPayChannel;
  split_merchant: SplitRow[];
}

/** The field that holds a row's share, for its message. */
export function rowField(index: number): string {
  return `split.${index}`;
}
/** The live sum's message: the main account's share (the rest) and the sum of all shares. */
export const SUM_FIELD = 'shares';

/**
 * A share typed in percent as hundredths of a percent, in integer arithmetic ('33.5' → 3350, '0.01' → 1); null
 * for anything else (empty, more than 2 decimals, not a number). A comma reads as a decimal point.
 */
export function percentToHundredths(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths as the form shows them: 3350 → '33.5'. */
export function hundredthsToPercent(hundredths: number): string {
  return formatSplitPercent(hundredths);
}

/**
 * The live sum: what the split accounts take, and what is left to the main account (the whole less the splits).
 * Rows whose share is not (yet) a number count as 0; `complete` says whether every row has one.
 */
export function splitSum(rows: readonly Pick<SplitRow, 'percent'>[]): {
  splits: number;
  main: number;
  complete: boolean;
} {
  const parsed = rows.map((r) => percentToHundredths(r.percent));
  const splits = parsed.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  return { splits, main: SPLIT_WHOLE - splits, complete: parsed.every((p) => p !== null) };
}

/** The form of a new configuration, or of one to edit. */
export function formValuesOf(config: SplitConfig | null): SplitFormValues {
  if (!config) {
    return { bank_split_name: '', main_merchant_id: '', pay_channel: 'all', split_merchant: [] };
  }
  return {
    bank_split_name: config.bank_split_name,
    main_merchant_id: config.main_merchant_id,
    pay_channel: config.pay_channel,
    split_merchant: config.split_merchant.map((s) => ({
      merchant_id: s.merchant_id,
      acct_name: s.acct_name,
      acct_no_encry: s.acct_no_encry,
      bank: '',
      percent: hundredthsToPercent(s.split_percent),
    })),
  };
}

/** The request body of the form: the main account gets what the split accounts leave. */
export function splitRequest(values: SplitFormValues) {
  const { main } = splitSum(values.split_merchant);
  return {
    bank_split_name: values.bank_split_name,
    main_merchant_id: values.main_merchant_id,
    main_split_percent: main,
    pay_channel: values.pay_channel,
    split_merchant: values.split_merchant.map((s) => ({
      merchant_id: s.merchant_id,
      split_percent: percentToHundredths(s.percent) ?? Number.NaN,
    })),
  };
}

/** A rule's text (an rcode of the contract) in a language, with its parameters. */
export function ruleText(name: RcodeName, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(rcodeText(RCODE[name])?.[locale] ?? name, params);
}

/** Where each rule's message shows: the rules of the list at the list, those of the shares at the sum. */
const RULE_FIELD: Partial<Record<RcodeName, string>> = {
  SPLIT_LIST_EMPTY: 'split_merchant',
  SPLIT_TOO_MANY: 'split_merchant',
  SPLIT_MAIN_IN_LIST: 'split_merchant',
  SPLIT_ACCOUNT_DUPLICATE: 'split_merchant',
  SPLIT_ACCOUNT_INVALID: 'split_merchant',
  SPLIT_SHARE_NOT_POSITIVE: SUM_FIELD,
  SPLIT_SUM_NOT_WHOLE: SUM_FIELD,
  SPLIT_MAIN_CARD_INVALID: 'main_merchant_id',
  SPLIT_NAME_TAKEN: 'bank_split_name',
};

/** The field a refusal of the server belongs to (by its rcode), or null for the form's message. */
export function fieldOfRcode(rcode: number): string | null {
  const name = Object.entries(RCODE).find(([, code]) => code === rcode)?.[0] as RcodeName | undefined;
  return (name && RULE_FIELD[name]) ?? null;
}

/**
 * Every message of the form at its field, as the server would answer it: the contract's request schema (name,
 * main card, channel), then each row's share (a number above 0 with at most 2 decimals), then the rules of
 * checkSplitRules in their order. Empty when the form may be sent.
 */
export function checkSplitForm(values: SplitFormValues, locale: Locale): FieldErrors {
  const body = splitRequest(values);
  const errors: FieldErrors = {};
  const schema = checkWithSchema(addSplitAccount.request, { ...body, split_merchant: [] }, locale) ?? {};
  for (const field of ['bank_split_name', 'main_merchant_id', 'pay_channel'] as const) {
    if (schema[field]) errors[field] = schema[field];
  }
  // An empty name or main card says which field, as the bank-card form does ("Split name cannot be empty").
  for (const field of ['bank_split_name', 'main_merchant_id'] as const) {
    if (values[field].trim() === '') {
      errors[field] = validationText('fieldRequired', locale, {
        field: SPLIT_FIELD_LABELS[field]?.[locale] ?? '',
      });
    }
  }
  let rowsOk = true;
  values.split_merchant.forEach((row, i) => {
    const p = percentToHundredths(row.percent);
    if (p === null || p < 1 || p >= SPLIT_WHOLE) {
      errors[rowField(i)] = ruleText('SPLIT_SHARE_NOT_POSITIVE', locale);
      rowsOk = false;
    }
  });
  if (rowsOk || values.split_merchant.length === 0) {
    const broken = checkSplitRules({
      ...body,
      main_merchant_id: values.main_merchant_id || '-',
    });
    if (broken) {
      const field = RULE_FIELD[broken.rcode] ?? SUM_FIELD;
      errors[field] ??= ruleText(broken.rcode, locale, broken.params);
    }
  }
  return errors;
}
