import { z } from 'zod';
import { defineCall, listResult } from './call';
import { pagedRequest, zFilterText, zId, zText } from './fields';
import { ID_MAX, PAGE_SIZE, TEXT_MAX } from '../constants';
import type { LocaleText } from '../locales';
import type { RcodeName } from '../rcodes';
import { isUrl, zName, zSn } from '../validation';

/*
 * Advertisements (spec §2 /advertisement, §3 Ad plan: name, type, scope, image, text, link, web page, coupon, app
 * id, placement id; §4 enabled/disabled with confirmation; §5 the link must be a proper URL; §6 main account only
 * with a non-expired Advertisement app; §9 ad types 0–7; issue 18; docs/marketing.md "Advertisements", decision
 * 039).
 *
 * A plan is one ad of one type shown on the machines of its scope (all the merchant's machines, the machines
 * standing in chosen stores, or chosen machines) while it is enabled. Each type needs its own fields
 * (`checkAdvertRules`); the fields another type would use are cleared when saved. An enabled plan reaches the
 * machines of its scope over the device protocol (the `ads` command, docs/device-protocol.md) and the purchase page
 * of each of them (/p/v1/buy/getAds).
 */

// ---------------------------------------------------------------------------------------------------------
// Types, scopes, limits

/** Spec §9: 0 none, 1 text+link, 2 image+link, 3 web page, 4 coupon, 5 mini program, 6 app, 7 third-party ad network. */
export const ADVERT_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type AdvertType = (typeof ADVERT_TYPES)[number];
export const ADVERT_TYPE = {
  none: 0,
  text: 1,
  image: 2,
  web: 3,
  coupon: 4,
  miniProgram: 5,
  app: 6,
  network: 7,
} as const satisfies Record<string, AdvertType>;

export const ADVERT_TYPE_LABELS: Record<AdvertType, LocaleText> = {
  0: { 'zh-CN': '无', 'zh-TW': '無', 'en-US': 'None' },
  1: { 'zh-CN': '文字链接', 'zh-TW': '文字連結', 'en-US': 'Text and link' },
  2: { 'zh-CN': '图片链接', 'zh-TW': '圖片連結', 'en-US': 'Image and link' },
  3: { 'zh-CN': '网页', 'zh-TW': '網頁', 'en-US': 'Web page' },
  4: { 'zh-CN': '优惠券', 'zh-TW': '優惠券', 'en-US': 'Coupon' },
  5: { 'zh-CN': '小程序', 'zh-TW': '小程式', 'en-US': 'Mini program' },
  6: { 'zh-CN': '应用', 'zh-TW': '應用程式', 'en-US': 'App' },
  7: { 'zh-CN': '第三方广告联盟', 'zh-TW': '第三方廣告聯盟', 'en-US': 'Third-party ad network' },
};

export const ADVERT_SCOPES = ['all', 'stores', 'machines'] as const;
export type AdvertScope = (typeof ADVERT_SCOPES)[number];
export const ADVERT_SCOPE_LABELS: Record<AdvertScope, LocaleText> = {
  all: { 'zh-CN': '全部设备', 'zh-TW': '全部設備', 'en-US': 'All machines' },
  stores: { 'zh-CN': '指定门店', 'zh-TW': '指定門店', 'en-US': 'Chosen stores' },
  machines: { 'zh-CN': '指定设备', 'zh-TW': '指定設備', 'en-US': 'Chosen machines' },
};

/** 1 enabled (shown on the machines of its scope), 0 disabled. A new plan starts disabled. */
export const ADVERT_STATUS_LABELS: Record<0 | 1, LocaleText> = {
  0: { 'zh-CN': '已停用', 'zh-TW': '已停用', 'en-US': 'Disabled' },
  1: { 'zh-CN': '已启用', 'zh-TW': '已啟用', 'en-US': 'Enabled' },
};

/** Plans per merchant. */
export const ADVERTS_MAX = 200;
/** Plans enabled at once per merchant: so a machine never holds more than this many (its `ads` message). */
export const ADVERTS_ENABLED_MAX = 20;
/** Stores or machines one plan may name. */
export const ADVERT_TARGETS_MAX = 200;
export const ADVERT_TEXT_MAX = 100;
export const ADVERT_ID_MAX = 64;
const ID_SHAPE = /^[A-Za-z0-9._-]{1,64}$/;

/** Which fields each type uses (the others are stored empty). */
export const ADVERT_TYPE_FIELDS: Record<AdvertType, readonly AdvertContentField[]> = {
  0: [],
  1: ['text', 'link'],
  2: ['image', 'link'],
  3: ['web_url'],
  4: ['coupon_id'],
  5: ['app_id', 'link'],
  6: ['app_id', 'link'],
  7: ['placement_id', 'app_id'],
};
export type AdvertContentField =
  'text' | 'link' | 'image' | 'web_url' | 'coupon_id' | 'app_id' | 'placement_id';

export interface AdvertRuleInput {
  type: AdvertType;
  scope: AdvertScope;
  store_ids: readonly number[];
  sns: readonly string[];
  text: string;
  link: string;
  image: string;
  web_url: string;
  coupon_id: number;
  app_id: string;
  placement_id: string;
}

type Broken = { rcode: RcodeName; field: keyof AdvertRuleInput };

/**
 * Every broken rule of a plan, each with its field (the form shows them all as the person types; the server
 * answers the first):
 * text+link needs text and a proper link; image+link an image and a proper link; a web page a proper URL; a
 * coupon plan a coupon; mini program and app an app id (their link, a page path or a download page, is optional
 * but proper when given); a third-party network a placement id (its app id optional); a chosen scope at least one
 * store or machine. Whether the image, coupon, stores and machines are the merchant's is the server's.
 */
export function advertRuleProblems(input: AdvertRuleInput): Broken[] {
  const problems: Broken[] = [];
  const uses = ADVERT_TYPE_FIELDS[input.type];
  if (uses.includes('text') && input.text.trim() === '')
    problems.push({ rcode: 'ADVERT_TEXT_REQUIRED', field: 'text' });
  if (uses.includes('image') && input.image.trim() === '')
    problems.push({ rcode: 'ADVERT_IMAGE_REQUIRED', field: 'image' });
  const linkNeeded = input.type === ADVERT_TYPE.text || input.type === ADVERT_TYPE.image;
  if (uses.includes('link') && (linkNeeded || input.link !== '') && !isUrl(input.link))
    problems.push({ rcode: 'ADVERT_LINK_INVALID', field: 'link' });
  if (uses.includes('web_url') && !isUrl(input.web_url))
    problems.push({ rcode: 'ADVERT_WEB_URL_INVALID', field: 'web_url' });
  if (uses.includes('coupon_id') && !(input.coupon_id > 0))
    problems.push({ rcode: 'ADVERT_COUPON_REQUIRED', field: 'coupon_id' });
  if (input.type === ADVERT_TYPE.network && !ID_SHAPE.test(input.placement_id))
    problems.push({ rcode: 'ADVERT_PLACEMENT_INVALID', field: 'placement_id' });
  const appNeeded = input.type === ADVERT_TYPE.miniProgram || input.type === ADVERT_TYPE.app;
  if (uses.includes('app_id') && (appNeeded || input.app_id !== '') && !ID_SHAPE.test(input.app_id))
    problems.push({ rcode: 'ADVERT_APP_ID_INVALID', field: 'app_id' });
  if (input.scope === 'stores' && input.store_ids.length === 0)
    problems.push({ rcode: 'ADVERT_SCOPE_EMPTY', field: 'store_ids' });
  if (input.scope === 'machines' && input.sns.length === 0)
    problems.push({ rcode: 'ADVERT_SCOPE_EMPTY', field: 'sns' });
  return problems;
}

/** The first broken rule of a plan (what the server answers), or null. */
export function checkAdvertRules(input: AdvertRuleInput): Broken | null {
  return advertRuleProblems(input)[0] ?? null;
}

/** The plan's values for its type: what another type would use is cleared. */
export function advertContent<T extends AdvertRuleInput>(input: T): T {
  const uses = ADVERT_TYPE_FIELDS[input.type];
  const keep = <K extends AdvertContentField>(field: K, value: T[K], empty: T[K]): T[K] =>
    uses.includes(field) ? value : empty;
  return {
    ...input,
    text: keep('text', input.text, ''),
    link: keep('link', input.link, ''),
    image: keep('image', input.image, ''),
    web_url: keep('web_url', input.web_url, ''),
    coupon_id: keep('coupon_id', input.coupon_id, 0),
    app_id: keep('app_id', input.app_id, ''),
    placement_id: keep('placement_id', input.placement_id, ''),
    store_ids: input.scope === 'stores' ? input.store_ids : [],
    sns: input.scope === 'machines' ? input.sns : [],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Fields

const zType = z.union(
  ADVERT_TYPES.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<AdvertType>, z.ZodLiteral<AdvertType>],
  { error: 'invalidValue' },
);

const zStoreIds = z
  .array(zId, { error: 'invalidValue' })
  .max(ADVERT_TARGETS_MAX, { error: 'invalidValue' })
  .nullish()
  .transform((list) => [...new Set(list ?? [])]);
const zSns = z
  .array(zSn, { error: 'invalidValue' })
  .max(ADVERT_TARGETS_MAX, { error: 'invalidValue' })
  .nullish()
  .transform((list) => [...new Set(list ?? [])]);

export const advertFields = {
  name: zName,
  type: zType,
  scope: z.enum(ADVERT_SCOPES, { error: 'invalidValue' }),
  store_ids: zStoreIds,
  sns: zSns,
  /** An image URL the merchant's image library answered. */
  image: zText(TEXT_MAX.url),
  text: zText(ADVERT_TEXT_MAX),
  link: zText(TEXT_MAX.url),
  web_url: zText(TEXT_MAX.url),
  coupon_id: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(0, { error: 'invalidValue' })
    .max(ID_MAX, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 0),
  app_id: zText(ADVERT_ID_MAX),
  placement_id: zText(ADVERT_ID_MAX),
};

// ---------------------------------------------------------------------------------------------------------
// Answers

export const advert = z.object({
  advert_id: z.number().int(),
  name: z.string(),
  type: zType,
  scope: z.enum(ADVERT_SCOPES),
  store_ids: z.array(z.number().int()),
  sns: z.array(z.string()),
  /** The chosen stores' or machines' names, for the list. */
  targets: z.array(z.object({ id: z.string(), name: z.string() })),
  image: z.string(),
  text: z.string(),
  link: z.string(),
  web_url: z.string(),
  coupon_id: z.number().int(),
  /** The coupon's name ('' without one; the name stays when the coupon was deleted since). */
  coupon_name: z.string(),
  app_id: z.string(),
  placement_id: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  create_time: z.number(),
  update_time: z.number(),
});
export type Advert = z.infer<typeof advert>;

/** A plan as a machine's purchase page shows it (enabled, in the machine's scope). */
export const shownAd = z.object({
  advert_id: z.number().int(),
  name: z.string(),
  type: zType,
  text: z.string(),
  link: z.string(),
  image: z.string(),
  web_url: z.string(),
  app_id: z.string(),
  placement_id: z.string(),
  /** For a coupon plan: the coupon (the page hands it out through the coupons' receive). */
  coupon: z
    .object({
      coupon_id: z.number().int(),
      name: z.string(),
      type: z.enum(['rate', 'reduce']),
      rate: z.number().int(),
      reduce: z.number().int(),
      condition: z.number().int(),
    })
    .nullable(),
});
export type ShownAd = z.infer<typeof shownAd>;

// ---------------------------------------------------------------------------------------------------------
// Calls (spec §6: main account only, and a non-expired Advertisement app)

const main = { auth: 'session', mainOnly: true, app: 'Advertisement' } as const;

/** The merchant's plans, newest first; keyword filters the name, status 0/1 the state. */
export const getAdvert = defineCall({
  path: '/api/v1/b/getAdvert',
  ...main,
  request: pagedRequest(
    {
      keyword: zFilterText,
      status: z
        .union([z.literal(0), z.literal(1), z.literal('')], { error: 'invalidValue' })
        .nullish()
        .transform((v) => (v === 0 || v === 1 ? v : undefined)),
    },
    PAGE_SIZE.pagination,
  ),
  response: listResult(advert),
});

/** A new plan starts disabled. */
export const addAdvert = defineCall({
  path: '/api/v1/b/addAdvert',
  ...main,
  request: z.object(advertFields),
  response: z.object({ advert_id: z.number().int() }),
});

/** Changes a plan; an enabled plan's machines get the change at once. */
export const editAdvert = defineCall({
  path: '/api/v1/b/editAdvert',
  ...main,
  request: z.object({ ...advertFields, advert_id: zId }),
  response: z.object({ advert_id: z.number().int() }),
});

/** Enables (1) or disables (0) a plan; the machines of its scope get their new list. */
export const setAdvertStatus = defineCall({
  path: '/api/v1/b/setAdvertStatus',
  ...main,
  request: z.object({
    advert_id: zId,
    status: z.union([z.literal(0), z.literal(1)], { error: 'invalidValue' }),
  }),
  response: z.object({ advert_id: z.number().int(), status: z.union([z.literal(0), z.literal(1)]) }),
});

/** Deletes a plan (it leaves its machines at once). */
export const delAdvert = defineCall({
  path: '/api/v1/b/delAdvert',
  ...main,
  request: z.object({ advert_id: zId }),
  response: z.object({ advert_id: z.number().int() }),
});

/** The enabled plans of a machine, for its purchase page (loaded after the goods). */
export const getMachineAds = defineCall({
  path: '/p/v1/buy/getAds',
  auth: 'public',
  request: z.object({ sn: zSn }),
  response: z.object({ data: z.array(shownAd) }),
});

// ---------------------------------------------------------------------------------------------------------
// Labels

export const ADVERT_FIELD_LABELS: Record<string, LocaleText> = {
  advert_id: { 'zh-CN': '广告计划', 'zh-TW': '廣告計劃', 'en-US': 'Ad plan' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  type: { 'zh-CN': '广告类型', 'zh-TW': '廣告類型', 'en-US': 'Ad type' },
  scope: { 'zh-CN': '投放范围', 'zh-TW': '投放範圍', 'en-US': 'Shown on' },
  store_ids: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Stores' },
  sns: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machines' },
  image: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  text: { 'zh-CN': '广告文字', 'zh-TW': '廣告文字', 'en-US': 'Text' },
  link: { 'zh-CN': '链接', 'zh-TW': '連結', 'en-US': 'Link' },
  web_url: { 'zh-CN': '网页地址', 'zh-TW': '網頁地址', 'en-US': 'Web page' },
  coupon_id: { 'zh-CN': '优惠券', 'zh-TW': '優惠券', 'en-US': 'Coupon' },
  app_id: { 'zh-CN': 'AppID', 'zh-TW': 'AppID', 'en-US': 'App id' },
  placement_id: { 'zh-CN': '广告位 ID', 'zh-TW': '廣告位 ID', 'en-US': 'Placement id' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
  keyword: { 'zh-CN': '关键字', 'zh-TW': '關鍵字', 'en-US': 'Keyword' },
  sn: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Machine' },
};

export const ADVERT_CALLS = [getAdvert, addAdvert, editAdvert, setAdvertStatus, delAdvert, getMachineAds];
