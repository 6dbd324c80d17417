import {
  addAdvert,
  ADVERT_FIELD_LABELS,
  advertContent,
  advertRuleProblems,
  type Advert,
  type AdvertRuleInput,
  type AdvertScope,
  type AdvertType,
} from '@vendo/contract/api/adverts';
import type { Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText, type RcodeName } from '@vendo/contract/rcodes';
import { checkWithSchema, fieldLabels, type FieldErrors } from '../../../lib/validation';
import type { AdvertBody } from '../api/adverts-api';

/** The form as typed: every type's fields stay as typed while the type changes (nothing typed is lost). */
export interface AdvertFormValues {
  name: string;
  type: AdvertType;
  scope: AdvertScope;
  store_ids: number[];
  sns: string[];
  image: string;
  text: string;
  link: string;
  web_url: string;
  /** 0: none chosen. */
  coupon_id: number;
  app_id: string;
  placement_id: string;
}

export function emptyAdvertForm(): AdvertFormValues {
  return {
    name: '',
    type: 1,
    scope: 'all',
    store_ids: [],
    sns: [],
    image: '',
    text: '',
    link: '',
    web_url: '',
    coupon_id: 0,
    app_id: '',
    placement_id: '',
  };
}

export function advertFormOf(a: Advert): AdvertFormValues {
  return {
    name: a.name,
    type: a.type,
    scope: a.scope,
    store_ids: a.store_ids,
    sns: a.sns,
    image: a.image,
    text: a.text,
    link: a.link,
    web_url: a.web_url,
    coupon_id: a.coupon_id,
    app_id: a.app_id,
    placement_id: a.placement_id,
  };
}

/** What the call takes: only the fields of the chosen type and scope (api/adverts.ts advertContent). */
export function advertRequest(values: AdvertFormValues): AdvertBody {
  const trimmed = {
    ...values,
    name: values.name.trim(),
    text: values.text.trim(),
    link: values.link.trim(),
    web_url: values.web_url.trim(),
    app_id: values.app_id.trim(),
    placement_id: values.placement_id.trim(),
  };
  return advertContent(trimmed);
}

/** The form field each refusal of the server shows at. */
const RULE_FIELD: Partial<Record<RcodeName, keyof AdvertFormValues>> = {
  ADVERT_TEXT_REQUIRED: 'text',
  ADVERT_LINK_INVALID: 'link',
  ADVERT_IMAGE_REQUIRED: 'image',
  ADVERT_IMAGE_UNKNOWN: 'image',
  ADVERT_WEB_URL_INVALID: 'web_url',
  ADVERT_COUPON_REQUIRED: 'coupon_id',
  ADVERT_COUPON_UNKNOWN: 'coupon_id',
  ADVERT_APP_ID_INVALID: 'app_id',
  ADVERT_PLACEMENT_INVALID: 'placement_id',
  ADVERT_SCOPE_EMPTY: 'scope',
  ADVERT_TARGET_UNKNOWN: 'scope',
};

export function fieldOfRcode(rcode: number): string | null {
  const name = Object.entries(RCODE).find(([, code]) => code === rcode)?.[0] as RcodeName | undefined;
  return (name && RULE_FIELD[name]) ?? null;
}

/**
 * Every message of the form at its field, as the server would answer it: the contract's request schema, then the
 * plan's rules (advertRuleProblems), every one at once. Empty when the form may be sent.
 */
export function checkAdvertForm(values: AdvertFormValues, locale: Locale): FieldErrors {
  const body = advertRequest(values);
  const errors: FieldErrors = {
    ...(checkWithSchema(addAdvert.request, body, locale, fieldLabels(ADVERT_FIELD_LABELS, locale)) ?? {}),
  };
  for (const field of ['store_ids', 'sns'] as const) {
    if (errors[field]) errors['scope'] ??= errors[field];
    delete errors[field];
  }
  // Every broken rule at once, each at a field without a message of its own yet (the schema's is more exact).
  for (const rule of advertRuleProblems(body as AdvertRuleInput)) {
    const field = rule.field === 'store_ids' || rule.field === 'sns' ? 'scope' : rule.field;
    errors[field] ??= rcodeText(RCODE[rule.rcode])![locale];
  }
  return errors;
}
