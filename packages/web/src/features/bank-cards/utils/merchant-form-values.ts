import { BANK_CARD_FIELD_LABELS, merchantForm, type BankCard } from '@vendo/contract/api/bank-cards';
import { isBankCode, type BankCode, type CertType } from '@vendo/contract/enums';
import type { RegionNode } from '@vendo/contract/api/catalog';
import type { Locale } from '@vendo/contract/locales';
import { isValidationKey } from '@vendo/contract/validation-messages';
import { checkIdValidity, formatCardNumber, normalizeCardNumber } from '@vendo/contract/validation';
import type { FieldErrors } from '../../../lib/validation';
import { validationText } from '../../../lib/validation';
import { NO_REGION, type PickedRegion } from '../../../components/region-field/region-options';

/**
 * Step 1 of the merchant entry as the form holds it. The bank region keeps its codes (the branch directory is
 * asked by code) beside the names the card stores; the store region is the picker's province, city, district.
 */
export interface MerchantFormValues {
  acct_name: string;
  cert_type: CertType;
  acct_cert_no: string;
  cert_start_date: string;
  cert_expire_date: string;
  bank_code: BankCode | '';
  bank_region: PickedRegion;
  bank_branch: string;
  bank_no: string;
  /** As typed, grouped by 4 (formatCardNumber). */
  acct_no: string;
  acct_mobile: string;
  store_region: PickedRegion;
  address: string;
}

export const EMPTY_FORM: MerchantFormValues = {
  acct_name: '',
  cert_type: 'idCard',
  acct_cert_no: '',
  cert_start_date: '',
  cert_expire_date: '',
  bank_code: '',
  bank_region: NO_REGION,
  bank_branch: '',
  bank_no: '',
  acct_no: '',
  acct_mobile: '',
  store_region: NO_REGION,
  address: '',
};

/** A masked value ('6222 **** 3445') is not something to send back: the person types it again. */
const clear = (value: string) => (value.includes('*') ? '' : value);

/**
 * The form of a card being corrected (rejected, or stopped before its photos). Masked numbers come back empty, to
 * be typed again. The card stores the bank region as codes; their names are looked up in the region tree
 * (withRegionNames) for the picker's label.
 */
export function cardToForm(card: BankCard | null): MerchantFormValues {
  if (!card) return EMPTY_FORM;
  return {
    acct_name: card.acct_name,
    cert_type: 'idCard',
    acct_cert_no: clear(card.acct_cert_no),
    cert_start_date: card.cert_start_date,
    cert_expire_date: card.cert_expire_date,
    bank_code: isBankCode(card.bank_code) ? card.bank_code : '',
    bank_region: { ...NO_REGION, prov_code: card.bank_province, city_code: card.bank_city },
    bank_branch: card.bank_branch,
    bank_no: card.bank_no,
    acct_no: formatCardNumber(clear(card.acct_no)),
    acct_mobile: clear(card.acct_mobile),
    store_region: {
      prov: card.prov,
      prov_code: card.prov_code,
      city: card.city,
      city_code: card.city_code,
      s_area: card.area,
      s_area_code: card.area_code,
    },
    address: card.address,
  };
}

/** The body of /k/addBank (and /b/addBankInfoForShare) from the form. */
export function formBody(values: MerchantFormValues) {
  return {
    acct_name: values.acct_name.trim(),
    cert_type: values.cert_type,
    acct_cert_no: values.acct_cert_no.trim().toUpperCase(),
    cert_start_date: values.cert_start_date,
    cert_expire_date: values.cert_expire_date,
    bank_code: values.bank_code,
    bank_province: values.bank_region.prov_code,
    bank_city: values.bank_region.city_code,
    bank_branch: values.bank_branch,
    bank_no: values.bank_no,
    acct_no: normalizeCardNumber(values.acct_no),
    acct_mobile: values.acct_mobile.trim(),
    prov_code: values.store_region.prov_code,
    city_code: values.store_region.city_code,
    area_code: values.store_region.s_area_code,
    address: values.address.trim(),
  };
}

/** Which form field shows the message of a body field (the regions are one field each on screen). */
const FIELD_OF_BODY: Record<string, keyof MerchantFormValues> = {
  bank_province: 'bank_region',
  bank_city: 'bank_region',
  prov_code: 'store_region',
  city_code: 'store_region',
  area_code: 'store_region',
};

export function formFieldOf(bodyField: string): string {
  return FIELD_OF_BODY[bodyField] ?? bodyField;
}

/**
 * Checks the form with the contract's schema (the one the server applies) and words every message for the field
 * it belongs to: an empty field names itself ("<label> cannot be empty", spec §5). The ID validity is also checked
 * against today, which the schema leaves to the server.
 */
export function checkMerchantForm(values: MerchantFormValues, locale: Locale, now: number): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = merchantForm.safeParse(formBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const bodyField = String(issue.path[0] ?? '');
      const field = formFieldOf(bodyField);
      if (errors[field] !== undefined) continue;
      const key = isValidationKey(issue.message) ? issue.message : 'invalidValue';
      errors[field] =
        key === 'required'
          ? validationText('fieldRequired', locale, {
              field: BANK_CARD_FIELD_LABELS[bodyField]?.[locale] ?? '',
            })
          : validationText(key, locale);
    }
  }
  if (errors.cert_expire_date === undefined && values.cert_start_date && values.cert_expire_date) {
    const key = checkIdValidity(values.cert_start_date, values.cert_expire_date, now);
    if (key) errors.cert_expire_date = validationText(key, locale);
  }
  return errors;
}

/**
 * A picked validity day (spec §5): when it puts the start after the end, the other side is cleared, so the person
 * picks it again rather than meeting a message about a date they did not just touch.
 */
export function pickValidity(
  values: Pick<MerchantFormValues, 'cert_start_date' | 'cert_expire_date'>,
  side: 'start' | 'end',
  day: string,
): Pick<MerchantFormValues, 'cert_start_date' | 'cert_expire_date'> {
  if (side === 'start') {
    const end = values.cert_expire_date;
    return { cert_start_date: day, cert_expire_date: day && end && day > end ? '' : end };
  }
  const start = values.cert_start_date;
  return { cert_start_date: day && start && start > day ? '' : start, cert_expire_date: day };
}

/** The validity wheel: from 2000 to 20 years ahead for the start; the end reaches 2119 (long-term cards). */
export function validityBounds(side: 'start' | 'end', now: number): { min: Date; max: Date } {
  const year = new Date(now).getFullYear();
  return {
    min: new Date(2000, 0, 1),
    max: side === 'start' ? new Date(year + 20, 11, 31) : new Date(2119, 11, 31),
  };
}

/** A new bank forgets the branch (it belongs to the old bank); the region stays. */
export function pickBank(values: MerchantFormValues, bank: BankCode): MerchantFormValues {
  if (bank === values.bank_code) return values;
  return { ...values, bank_code: bank, bank_branch: '', bank_no: '' };
}

/** The names of a region known by its codes (a stored card's bank region), from the region tree. */
export function withRegionNames(region: PickedRegion, tree: readonly RegionNode[]): PickedRegion {
  const prov = tree.find((p) => p.code === region.prov_code);
  const city = prov?.children?.find((c) => c.code === region.city_code);
  return prov && city ? { ...region, prov: prov.name, city: city.name } : region;
}

/** A new bank region forgets the branch. */
export function pickBankRegion(values: MerchantFormValues, region: PickedRegion): MerchantFormValues {
  const same =
    region.prov_code === values.bank_region.prov_code && region.city_code === values.bank_region.city_code;
  return same ? values : { ...values, bank_region: region, bank_branch: '', bank_no: '' };
}

/** What the OCR read of a photo (number and name), written into the form where it differs. */
export function applyOcr(
  values: MerchantFormValues,
  read: { acct_no?: string; acct_name?: string; acct_cert_no?: string },
): { values: MerchantFormValues; filled: ('acct_no' | 'acct_name' | 'acct_cert_no')[] } {
  const next = { ...values };
  const filled: ('acct_no' | 'acct_name' | 'acct_cert_no')[] = [];
  if (read.acct_no && normalizeCardNumber(read.acct_no) !== normalizeCardNumber(values.acct_no)) {
    next.acct_no = formatCardNumber(read.acct_no);
    filled.push('acct_no');
  }
  if (read.acct_name && read.acct_name !== values.acct_name.trim()) {
    next.acct_name = read.acct_name;
    filled.push('acct_name');
  }
  if (read.acct_cert_no && read.acct_cert_no.toUpperCase() !== values.acct_cert_no.trim().toUpperCase()) {
    next.acct_cert_no = read.acct_cert_no;
    filled.push('acct_cert_no');
  }
  return { values: filled.length ? next : values, filled };
}
