import type { Goods } from '@vendo/contract/api/catalog';
import { addPrivate } from '@vendo/contract/api/catalog';
import type { Locale } from '@vendo/contract/locales';
import { centsToYuan, yuanToCents } from '@vendo/contract/money';
import { checkInteger, checkPrice, tagList } from '@vendo/contract/validation';
import type { ValidationKey } from '@vendo/contract/validation-messages';
import { checkWithSchema, validationText, type FieldErrors, type FieldLabels } from '../../../lib/validation';

/** The goods form as typed: money in yuan and counts as text, tags as a list plus the one being typed. */
export interface GoodsFormValues {
  [key: string]: unknown;
  goods_name: string;
  price: string;
  cost_price: string;
  goods_code: string;
  sold: string;
  tags: string[];
  /** A tag typed but not yet added: it counts as added when the form is saved. */
  tagDraft: string;
  description: string;
  duration: string;
  goods_type: string;
  img: string;
  detail_intro: string;
  detail_imgs: string[];
}

export function goodsToForm(goods: Goods | null): GoodsFormValues {
  return {
    goods_name: goods?.goods_name ?? '',
    price: goods ? centsToYuan(goods.price) : '',
    cost_price: goods && goods.cost_price !== null ? centsToYuan(goods.cost_price) : '',
    goods_code: goods?.goods_code ?? '',
    sold: goods ? String(goods.sold) : '',
    tags: goods ? tagList(goods.tags) : [],
    tagDraft: '',
    description: goods?.goods_detail.description ?? '',
    duration: goods?.goods_detail.duration ? String(goods.goods_detail.duration) : '',
    goods_type: goods?.goods_detail.goods_type ?? '',
    img: goods?.goods_detail.img ?? '',
    detail_intro: goods?.goods_detail.detail_intro ?? '',
    detail_imgs: goods?.detail_imgs ?? [],
  };
}

/** A cost may be 0; it only has to be an amount in yuan to the cent. */
function checkCost(text: string): ValidationKey | null {
  if (text.split('.').length > 2) return 'noRepeatedDot';
  if (/^\d*\.\d{3,}$/.test(text)) return 'priceCents';
  const cents = yuanToCents(text);
  return cents === null || cents < 0 ? 'numberInvalid' : null;
}

/** Typed money as cents for the schema: undefined when empty, NaN when it is not an amount (the schema refuses). */
function cents(text: string): number | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  return yuanToCents(s) ?? Number.NaN;
}

function count(text: string): number | undefined {
  const s = text.trim();
  return s === '' ? undefined : Number(s);
}

/** The tags the form holds, the one still being typed included. */
export function allTags(values: Pick<GoodsFormValues, 'tags' | 'tagDraft'>): string[] {
  const draft = values.tagDraft.trim();
  return draft ? [...values.tags, draft] : values.tags;
}

/**
 * The body of addPrivate / editPrivate and the messages of the fields that are wrong. Typed text is checked
 * first with the rules of spec §5 (one decimal point, cents, at least 0.02), the whole body then with the
 * contract schema the server applies. withCost: the person may view cost (else the server keeps it unchanged).
 * labels: the form's field labels, so an empty field's message names it ("Price cannot be empty").
 */
export function goodsBody(
  values: GoodsFormValues,
  options: { withCost: boolean; locale: Locale; labels?: FieldLabels },
) {
  const body = {
    goods_name: values.goods_name,
    price: cents(values.price),
    cost_price: options.withCost ? (cents(values.cost_price) ?? 0) : undefined,
    goods_code: values.goods_code,
    sold: count(values.sold),
    tags: allTags(values),
    description: values.description,
    duration: count(values.duration),
    goods_type: values.goods_type,
    img: values.img,
    detail_intro: values.detail_intro,
    detail_imgs: values.detail_imgs,
  };
  const typed: Partial<Record<string, ValidationKey | null>> = {
    price: values.price.trim() ? checkPrice(values.price) : null,
    cost_price: options.withCost && values.cost_price.trim() ? checkCost(values.cost_price.trim()) : null,
    sold: checkInteger(values.sold),
    duration: checkInteger(values.duration),
  };
  const errors: FieldErrors = {
    ...checkWithSchema(addPrivate.request, body, options.locale, options.labels),
  };
  for (const [field, key] of Object.entries(typed)) {
    if (key) errors[field] = validationText(key, options.locale);
  }
  return { body, errors };
}
