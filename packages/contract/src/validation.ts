import { z } from 'zod';
import {
  CARD_NUMBER,
  CERT_TIERS_YEARS,
  DEFAULT_TIME_ZONE,
  dispensesOneAtATime,
  DETAIL_IMAGES_MAX,
  GOODS_TAGS_MAX,
  ID_NUMBER_LENGTH,
  INT4_MAX,
  LOGIN_PASSWORD_MIN,
  MIN_PRICE_CENTS,
  OPER_PWD_LENGTH,
  STAFF_ACCOUNT_MAX,
  SUFFIX_MAX,
  SUFFIX_MIN,
  TEXT_MAX,
  WIN_RATE_MAX,
  zonedDay,
} from './constants';
import { yuanToCents } from './money';
import type { ValidationKey } from './validation-messages';

/*
 * Validation rules of spec §5. Every check answers a ValidationKey or null, so forms and the server show the same
 * message. Field rules (check*) pass on an empty value: emptiness is the job of `required`, which keeps optional
 * fields optional.
 */

/** One rule of a field; `all` is the whole form, for rules comparing fields. */
export type Rule = (value: unknown, all?: Record<string, unknown>) => ValidationKey | null;
export type RuleMap<T> = { [K in keyof T]?: readonly Rule[] };

/** '' (after trim), null, undefined and [] count as empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export const required: Rule = (value) => (isEmptyValue(value) ? 'required' : null);

/** The first failing rule's key wins. */
export function validateField(
  value: unknown,
  rules: readonly Rule[],
  all?: Record<string, unknown>,
): ValidationKey | null {
  for (const rule of rules) {
    const key = rule(value, all);
    if (key) return key;
  }
  return null;
}

/** Failing fields only, each with its first failing key. */
export function validateForm<T extends Record<string, unknown>>(
  values: T,
  ruleMap: RuleMap<T>,
): Partial<Record<keyof T, ValidationKey>> {
  const errors: Partial<Record<keyof T, ValidationKey>> = {};
  for (const field of Object.keys(ruleMap) as (keyof T)[]) {
    const key = validateField(values[field], ruleMap[field] ?? [], values);
    if (key) errors[field] = key;
  }
  return errors;
}

/** Text of a scalar input; other values give '' so that format rules skip them. */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Builds a field rule from a check on the trimmed text, skipping empty values. */
function onText(check: (s: string) => ValidationKey | null): Rule {
  return (value) => {
    const s = text(value).trim();
    return s === '' ? null : check(s);
  };
}

function toNumber(value: unknown): number | null {
  const s = text(value).trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------------
// Phones and accounts

export function isMainlandMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

const LANDLINE = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;
const HOTLINE = /^[48]00-?\d{3}-?\d{4}$/;

/** Area and store phones: a mobile, a landline (010-12345678, 0755-1234567-123) or a 400/800 number. */
export function isServicePhone(value: string): boolean {
  return isMainlandMobile(value) || LANDLINE.test(value) || HOTLINE.test(value);
}

export const checkMobile = onText((s) => (isMainlandMobile(s) ? null : 'phone'));
export const checkServicePhone = onText((s) => (isServicePhone(s) ? null : 'servicePhone'));

/** Passwords are not trimmed: a space is a character the user typed. */
export const checkLoginPassword: Rule = (value) => {
  const s = text(value);
  return s === '' || s.length >= LOGIN_PASSWORD_MIN ? null : 'passwordTooShort';
};

/** Confirmation fields: must equal the field named. */
export function sameAs(field: string): Rule {
  return (value, all) => (text(value) === text(all?.[field]) ? null : 'passwordsDiffer');
}

/** A new value that must not repeat the field named (new operation password vs old). */
export function differentFrom(field: string, key: ValidationKey = 'operPwdSameAsOld'): Rule {
  return (value, all) => (isEmptyValue(value) || text(value) !== text(all?.[field]) ? null : key);
}

const OPER_PWD = new RegExp(`^\\d{${OPER_PWD_LENGTH}}$`);

export function isOperPwd(value: string): boolean {
  return OPER_PWD.test(value);
}

export const checkOperPwd: Rule = (value) => {
  const s = text(value);
  return s === '' || isOperPwd(s) ? null : 'operPwdSixDigits';
};

/** Sub-account login suffix: at least 3 letters or digits. */
export const checkSuffix = onText((s) => {
  if (!/^[A-Za-z0-9]+$/.test(s)) return 'suffixInvalid';
  return s.length < SUFFIX_MIN ? 'suffixTooShort' : null;
});

const STAFF_ACCOUNT = new RegExp(`^[A-Za-z0-9_.-]{1,${STAFF_ACCOUNT_MAX}}$`);

/** A staff account (the part before @suffix): letters, digits, _ . and -, at most STAFF_ACCOUNT_MAX. */
export const checkStaffAccount = onText((s) => (STAFF_ACCOUNT.test(s) ? null : 'accountInvalid'));

/** A wall-clock time 'HH:mm' (do-not-disturb windows). */
export const checkClockTime = onText((s) => (/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(s) ? null : 'timeInvalid'));

export function checkLogin(username: string, password: string): ValidationKey | null {
  return username.trim() === '' || password === '' ? 'loginEmpty' : null;
}

export function checkLinkAccount(account: string, password: string): ValidationKey | null {
  return account.trim() === '' || password === '' ? 'linkAccountEmpty' : null;
}

export function checkRolePermissions(permissions: readonly unknown[]): ValidationKey | null {
  return permissions.length === 0 ? 'roleNoPermission' : null;
}

// ---------------------------------------------------------------------------------------------------------
// Names, goods, shelves

const NAME_ALLOWED = /^[\p{L}\p{M}\p{Nd} \u3000\-_()（）·.#+&/]*$/u;

/** Any letter of any script, digits, spaces and - _ ( ) （ ） · . # + & /; nothing else. */
export function hasSpecialSymbols(value: string): boolean {
  return !NAME_ALLOWED.test(value);
}

export const checkName = onText((s) => (hasSpecialSymbols(s) ? 'specialSymbols' : null));

/** A yuan amount as typed: one dot, at most 2 decimals, at least 0.02, its cents within INT4_MAX as the server's. */
export const checkPrice = onText((s) => {
  if (s.split('.').length > 2) return 'noRepeatedDot';
  if (/^\d*\.\d{3,}$/.test(s)) return 'priceCents';
  const cents = yuanToCents(s);
  if (cents === null || cents < 0 || cents > INT4_MAX) return 'numberInvalid';
  return cents < MIN_PRICE_CENTS ? 'priceMin' : null;
});

/** Rate and count fields take whole non-negative numbers, at most INT4_MAX as the server's. */
export const checkInteger = onText((s) => {
  if (s.split('.').length > 2) return 'noRepeatedDot';
  if (s.includes('.')) return 'noDecimals';
  return /^\d+$/.test(s) && Number(s) <= INT4_MAX ? null : 'numberInvalid';
});

/** Win probability: a whole percentage up to 100. */
export const checkWinRate: Rule = (value) =>
  checkInteger(value) ?? (Number(text(value)) > WIN_RATE_MAX ? 'winRateMax' : null);

/**
 * Tags as a list (each without an English comma, since they are stored comma-joined) or as the stored string;
 * blank and repeated tags dropped (the form's tag entry ignores a repeat, and so does the server: 'x,x' was kept).
 */
export function tagList(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map(text) : [];
  return [...new Set(items.map((t) => t.trim()).filter(Boolean))];
}

export const checkTags: Rule = (value) => {
  if (Array.isArray(value) && value.some((t) => text(t).includes(','))) return 'tagsComma';
  return tagList(value).length > GOODS_TAGS_MAX ? 'tagsMax' : null;
};

export const checkDetailImages: Rule = (value) =>
  Array.isArray(value) && value.length > DETAIL_IMAGES_MAX ? 'detailImagesMax' : null;

/** Quantity field: not above the capacity field named. */
export function quantityWithinCapacity(capacityField = 'capacity'): Rule {
  return (value, all) => {
    const quantity = toNumber(value);
    const capacity = toNumber(all?.[capacityField]);
    return quantity !== null && capacity !== null && quantity > capacity ? 'quantityOverCapacity' : null;
  };
}

/** Capacity field: not below the quantity field named. */
export function capacityCoversQuantity(quantityField = 'quantity'): Rule {
  return (value, all) => {
    const capacity = toNumber(value);
    const quantity = toNumber(all?.[quantityField]);
    return quantity !== null && capacity !== null && capacity < quantity ? 'capacityBelowQuantity' : null;
  };
}

/** A custom slot number: not 0 and not used by another slot of the device. */
export function checkSlotId(id: number, otherIds: readonly number[]): ValidationKey | null {
  if (id === 0) return 'slotIdZero';
  return otherIds.includes(id) ? 'slotIdDuplicate' : null;
}

/** Remote dispense: never 0; capsule (gpm) and lattice (gzj) machines hand out one item at a time. */
export function checkDispenseQuantity(quantity: number, deviceType: string): ValidationKey | null {
  if (quantity === 0) return 'dispenseQuantityZero';
  return dispensesOneAtATime(deviceType) && quantity !== 1 ? 'dispenseQuantityOne' : null;
}

/**
 * A refund is above 0 and at most what is left to refund: the order's amount minus what earlier refunds took
 * (pass the order amount when there were none). The server answers either failure as "refund amount invalid".
 */
export function checkRefundAmount(refundCents: number, leftCents: number): ValidationKey | null {
  if (!Number.isInteger(refundCents) || refundCents <= 0) return 'refundAmountZero';
  return refundCents > leftCents ? 'refundAmountOver' : null;
}

// ---------------------------------------------------------------------------------------------------------
// Devices and ads

export const checkSn = onText((s) => (/^\d+$/.test(s) ? null : 'snNumeric'));

export function checkBindFields(fields: {
  clientid?: unknown;
  type?: unknown;
  title?: unknown;
  sign?: unknown;
}): ValidationKey | null {
  const { clientid, type, title, sign } = fields;
  return [clientid, type, title, sign].some(isEmptyValue) ? 'bindFieldsEmpty' : null;
}

const URL_SHAPE =
  /^https?:\/\/(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** An http(s) link with a real host name or IPv4 address. */
export function isUrl(value: string): boolean {
  return URL_SHAPE.test(value);
}

export const checkUrl = onText((s) => (isUrl(s) ? null : 'urlInvalid'));

// ---------------------------------------------------------------------------------------------------------
// Merchant (bank card) form

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** The check character GB 11643 gives the first 17 digits of a resident ID number. */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** 17 digits and a digit or X, the last one the GB 11643 check character of the others (x counts as X). */
export const checkIdNumber = onText((s) => {
  if (s.length !== ID_NUMBER_LENGTH) return 'idNumberLength';
  if (!/^\d{17}[\dXx]$/.test(s)) return 'idNumberInvalid';
  return idCheckCharacter(s.slice(0, 17)) === s[17]!.toUpperCase() ? null : 'idNumberCheckDigit';
});

/** Card numbers may be typed with spaces; the digits are what count. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

export const checkCardNumber = onText((s) => {
  const digits = normalizeCardNumber(s);
  const ok = /^\d+$/.test(digits) && digits.length >= CARD_NUMBER.min && digits.length <= CARD_NUMBER.max;
  return ok ? null : 'cardNumberInvalid';
});

/** '6222020200112233445' → '6222 0202 0011 2233 445'. */
export function formatCardNumber(value: string): string {
  return normalizeCardNumber(value).replace(new RegExp(`(.{${CARD_NUMBER.group}})(?=.)`, 'g'), '$1 ');
}

/** The branch list loads only once bank and bank region are picked, in that order. */
export function checkBranchPrerequisites(bank: unknown, bankRegion: unknown): ValidationKey | null {
  if (isEmptyValue(bank)) return 'pickBank';
  return isEmptyValue(bankRegion) ? 'pickBankRegion' : null;
}

export function checkImagesComplete(images: readonly unknown[]): ValidationKey | null {
  return images.some(isEmptyValue) ? 'imagesIncomplete' : null;
}

interface Day {
  year: number;
  month: number;
  day: number;
}

/** 'YYYY-MM-DD', 'YYYY/MM/DD' or 'YYYYMMDD', and a real calendar day. */
function parseDay(value: string): Day | null {
  const m = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

const dayNumber = (d: Day) => d.year * 10_000 + d.month * 100 + d.day;
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Same month and day; a 29 February start also accepts 28 February or 1 March of a common year. */
function anniversary(start: Day, end: Day): boolean {
  if (start.month === end.month && start.day === end.day) return true;
  if (start.month !== 2 || start.day !== 29 || isLeapYear(end.year)) return false;
  return (end.month === 2 && end.day === 28) || (end.month === 3 && end.day === 1);
}

/**
 * ID validity period: the end is the start plus 5, 10 or 20 years (or more than 20, for long-term cards) on the
 * same month and day, and not already past in the merchant's zone.
 */
export function checkIdValidity(
  start: string,
  end: string,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): ValidationKey | null {
  const s = parseDay(start);
  const e = parseDay(end);
  if (!s || !e) return 'validityInvalid';
  if (dayNumber(s) > dayNumber(e)) return 'startAfterEnd';
  const years = e.year - s.year;
  const tier = (CERT_TIERS_YEARS as readonly number[]).includes(years) || years > 20;
  if (!tier || !anniversary(s, e)) return 'validityInvalid';
  const today = parseDay(zonedDay(now, timeZone));
  return today && dayNumber(e) < dayNumber(today) ? 'validityExpired' : null;
}

// ---------------------------------------------------------------------------------------------------------
// zod helpers: API schemas use these so the server rejects what the forms reject, with the same key as the
// issue message.

/** A trimmed string passing every rule in order; the first failing key becomes the issue message. */
export function zRules(...rules: Rule[]) {
  return z
    .string({ error: 'required' })
    .trim()
    .superRefine((value, ctx) => {
      const key = validateField(value, rules);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    });
}

// Every helper bounds its text (TEXT_MAX): the server refuses longer values before any column meets them.
export const zRequiredString = zRules(required);
export const zMobile = zRules(required, checkMobile).max(TEXT_MAX.phone);
export const zServicePhone = zRules(required, checkServicePhone).max(TEXT_MAX.phone);
/** Sent as typed; an upper bound keeps hashing cheap. */
export const zLoginPassword = z
  .string({ error: 'required' })
  .min(LOGIN_PASSWORD_MIN, { error: 'passwordTooShort' })
  .max(128, { error: 'passwordTooLong' });
/** The operation password travels as the md5 hex of its 6 digits. */
export const zOperPwdMd5 = z
  .string({ error: 'operPwdSixDigits' })
  .regex(/^[0-9a-f]{32}$/, { error: 'operPwdSixDigits' })
  .max(32);
export const zSuffix = zRules(required, checkSuffix).max(SUFFIX_MAX);
export const zStaffAccount = zRules(required, checkStaffAccount).max(STAFF_ACCOUNT_MAX);
export const zClockTime = zRules(required, checkClockTime).max(5);
export const zName = zRules(required, checkName).max(TEXT_MAX.name);
export const zIdNumber = zRules(required, checkIdNumber).max(ID_NUMBER_LENGTH);
/** Card number with spaces removed. */
export const zCardNumber = zRules(required, checkCardNumber)
  .max(TEXT_MAX.code)
  .transform(normalizeCardNumber);
export const zUrl = zRules(required, checkUrl).max(TEXT_MAX.url);
export const zSn = zRules(required, checkSn).max(TEXT_MAX.sn);
export const zSmsCode = z
  .string({ error: 'codeMismatch' })
  .trim()
  .regex(/^\d{6}$/, { error: 'codeMismatch' })
  .max(6);
/** Integer cents, at least 0.02 yuan, at most what an integer column holds (decision 056). */
export const zPriceCents = z
  .number({ error: 'numberInvalid' })
  .int({ error: 'priceCents' })
  .min(MIN_PRICE_CENTS, { error: 'priceMin' })
  .max(INT4_MAX, { error: 'numberInvalid' });
/** Whole percentage 0..100. */
export const zWinRate = z
  .number({ error: 'numberInvalid' })
  .int({ error: 'noDecimals' })
  .min(0, { error: 'numberInvalid' })
  .max(WIN_RATE_MAX, { error: 'winRateMax' });
/** Tags as a list or the stored comma string; parsed to a list. */
export const zTags = z
  .union([z.string().max(TEXT_MAX.filter), z.array(z.string().max(TEXT_MAX.filter))], {
    error: 'invalidValue',
  })
  .superRefine((value, ctx) => {
    const key = checkTags(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .transform(tagList);
