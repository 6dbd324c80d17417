import { setChannelInfo, type Channel } from '@vendo/contract/api/devices';
import { MIN_PRICE_CENTS, TEXT_MAX } from '@vendo/contract/constants';
import type { Difficulty } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { centsToYuan, yuanToCents } from '@vendo/contract/money';
import {
  capacityCoversQuantity,
  checkDispenseQuantity,
  checkInteger,
  checkName,
  checkPrice,
  checkSlotId,
  checkWinRate,
  isEmptyValue,
  quantityWithinCapacity,
  validateField,
  type Rule,
} from '@vendo/contract/validation';
import type { ValidationKey } from '@vendo/contract/validation-messages';
import { validationText, type FieldErrors, type FieldLabels } from '../../../lib/validation';
import { pathErrors, wholeNumber } from './form-errors';

/** One shelf as the edit form holds it: money in yuan, counts and the win rate as typed. */
export interface ShelfFormValues {
  name: string;
  goods_id: number | null;
  /** Shown on the goods field; not sent. */
  goods_name: string;
  price: string;
  game_price: string;
  quantity: string;
  capacity: string;
  probability: string;
  difficulty: Difficulty;
  enabled: boolean;
}

export function shelfToForm(shelf: Channel): ShelfFormValues {
  return {
    name: shelf.name,
    goods_id: shelf.goods_id,
    goods_name: shelf.goods?.goods_name ?? '',
    price: centsToYuan(shelf.price),
    game_price: centsToYuan(shelf.game_price),
    quantity: String(shelf.quantity),
    capacity: String(shelf.capacity),
    probability: String(shelf.probability),
    difficulty: shelf.difficulty,
    enabled: shelf.enabled === 1,
  };
}

/**
 * A price the operator has not set: empty, 0, or the lowest price a new or reset shelf is given (0.02), which a
 * shelf would otherwise keep and sell the goods at.
 */
function unpriced(text: string): boolean {
  const cents = yuanToCents(text.trim());
  return cents === null || cents <= MIN_PRICE_CENTS;
}

/**
 * The form after goods are picked (or none): a shelf without a name takes the goods' name, an unpriced one their
 * price; a shelf already named and priced keeps its own.
 */
export function withGoods(
  prev: ShelfFormValues,
  goods: { goods_id: number; goods_name: string; price: number } | null,
): ShelfFormValues {
  if (!goods) return { ...prev, goods_id: null, goods_name: '' };
  const price = centsToYuan(goods.price);
  return {
    ...prev,
    goods_id: goods.goods_id,
    goods_name: goods.goods_name,
    name: prev.name.trim() ? prev.name : goods.goods_name.slice(0, TEXT_MAX.name),
    price: unpriced(prev.price) ? price : prev.price,
    game_price: unpriced(prev.game_price) ? price : prev.game_price,
  };
}

const required: Rule = (value) => (isEmptyValue(value) ? 'required' : null);

/** Spec §5 shelf rules, field by field, in the order their messages matter. */
const SHELF_RULES: Partial<Record<keyof ShelfFormValues, readonly Rule[]>> = {
  name: [required, checkName],
  price: [required, checkPrice],
  game_price: [required, checkPrice],
  quantity: [required, checkInteger, quantityWithinCapacity()],
  capacity: [required, checkInteger, capacityCoversQuantity()],
  probability: [required, checkWinRate],
};

function cents(text: string): number {
  return yuanToCents(text.trim()) ?? Number.NaN;
}

/**
 * The body of /c/setChannelInfo and the messages of the wrong fields: typed text through the shelf rules of spec
 * §5 first (name without special symbols, prices at least 0.02 to the cent, quantity not above capacity, whole
 * win rate up to 100 %), then the whole body through the contract schema the server applies.
 */
export function shelfBody(
  values: ShelfFormValues,
  shelf: { sn: string; id: number },
  locale: Locale,
  labels: FieldLabels = {},
) {
  const body = {
    sn: shelf.sn,
    id: shelf.id,
    name: values.name.trim(),
    price: cents(values.price),
    game_price: cents(values.game_price),
    quantity: wholeNumber(values.quantity),
    capacity: wholeNumber(values.capacity),
    probability: wholeNumber(values.probability),
    difficulty: values.difficulty,
    enabled: values.enabled ? (1 as const) : (0 as const),
    goods_id: values.goods_id,
  };
  const errors: FieldErrors = { ...pathErrors(setChannelInfo.request, body, locale) };
  const all: Record<string, unknown> = { ...values };
  for (const [field, rules] of Object.entries(SHELF_RULES)) {
    const key = validateField(all[field], rules ?? [], all);
    const label = labels[field];
    // An empty field's message names it ("Capacity cannot be empty").
    if (key === 'required' && label)
      errors[field] = validationText('fieldRequired', locale, { field: label });
    else if (key) errors[field] = validationText(key, locale);
  }
  return { body, errors };
}

/**
 * Custom shelf numbers as typed, one per shelf: not 0, whole, and none used twice (spec §5). An empty one's message
 * names its shelf by `label(position)` ("Shelf 3 cannot be empty").
 */
export function numberingErrors(
  rows: readonly { id: number; position?: number; channel_sn: string }[],
  locale: Locale,
  label?: (position: number) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  rows.forEach((row, i) => {
    const text = row.channel_sn.trim();
    let key: ValidationKey | null = isEmptyValue(text) ? 'required' : checkInteger(text);
    if (!key) {
      const others = rows.filter((_, j) => j !== i).map((other) => Number(other.channel_sn.trim()));
      key = checkSlotId(Number(text), others);
    }
    if (key === 'required' && label && row.position !== undefined) {
      errors[String(row.id)] = validationText('fieldRequired', locale, { field: label(row.position) });
    } else if (key) errors[String(row.id)] = validationText(key, locale);
  });
  return errors;
}

/**
 * A remote dispense quantity as typed: whole, not 0, 1 on capsule (gpm) and lattice (gzj) machines, and not more
 * than the shelf holds (`stock`, its quantity: the server refuses it as "shelf out of stock"). Empty, it names the
 * field by `label`.
 */
export function dispenseQuantityError(
  text: string,
  deviceType: string,
  locale: Locale,
  options: { label?: string; stock?: number } = {},
): string | null {
  const s = text.trim();
  if (isEmptyValue(s) && options.label)
    return validationText('fieldRequired', locale, { field: options.label });
  const key = isEmptyValue(s)
    ? 'required'
    : (checkInteger(s) ?? checkDispenseQuantity(Number(s), deviceType));
  if (key) return validationText(key, locale);
  if (options.stock !== undefined && Number(s) > options.stock) {
    return validationText('dispenseOverStock', locale, { stock: options.stock });
  }
  return null;
}
