import { z } from 'zod';
import { zId, zFilterId, zText, zFilterText, pagedRequest, areaRef } from './fields';
import { defineCall, emptyBody, emptyResult, listResult } from './call';
import { INT4_MAX, PAGE_SIZE, TEXT_MAX } from '../constants';
import { COOPERATION_MODES, PERMISSIONS, STORE_MODES, STORE_REFUND_MODES } from '../enums';
import {
  checkDetailImages,
  checkServicePhone,
  required,
  zName,
  zPriceCents,
  zRules,
  zTags,
} from '../validation';

/*
 * Areas and stores (/region), goods and the image library (/goodsManage), uploads and import (spec §3, §5, §7).
 * Ids are numbers; `_id` is the spec's name for area and store ids. Money is integer cents. Times are epoch ms.
 */

// ---------------------------------------------------------------------------------------------------------
// Field helpers

/** Longest names and texts the tables hold: the contract's one set, where every call's maxima come from. */
export { TEXT_MAX };

const zRequiredName = zRules(required).pipe(z.string().max(TEXT_MAX.name, { error: 'invalidValue' }));
/** Service phone of an area or store: optional, but a mobile, a landline or a 400/800 number when given. */
const zOptionalServicePhone = zRules(checkServicePhone)
  .pipe(z.string().max(TEXT_MAX.phone, { error: 'servicePhone' }))
  .nullish()
  .transform((v) => v ?? '');

/** 'YYYY-MM-DD' of a real calendar day, or '' for "not set". */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const zDay = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(10)
  .refine((v) => v === '' || isCalendarDay(v), { error: 'invalidValue' })
  .nullish()
  .transform((v) => v ?? '');

/** An enumeration value, or '' for "not set". */
function zOptionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('')], { error: 'invalidValue' })
    .nullish()
    .transform((v): T[number] | '' => v ?? '');
}

/**
 * Official administrative division code, or '' for "not set": 6 digits (GB/T 2260) for provinces, cities and
 * districts; 9 digits for the towns of the few cities without districts (Dongguan, Zhongshan, Danzhou, Jiayuguan).
 */
const zDivisionCode = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(9)
  .regex(/^(\d{6}|\d{9})?$/, { error: 'invalidValue' })
  .nullish()
  .transform((v) => v ?? '');

// ---------------------------------------------------------------------------------------------------------
// Regions (province / city / district) for the store form's picker

/**
 * One division with its official code; provinces hold cities, cities hold districts (or, for cities without
 * districts, towns with 9-digit codes).
 */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}
export const regionNode: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(regionNode).optional() }),
);
/**
 * The whole tree as a JSON array of RegionNode, by GET (not a POST call) so that browsers and CDNs cache it: it
 * changes only with the division data, answers an ETag, and is sent gzip-compressed when the browser accepts it.
 */
export const REGIONS_PATH = '/p/v1/regions';

// ---------------------------------------------------------------------------------------------------------
// Areas

export const area = z.object({
  _id: z.number().int(),
  area_name: z.string(),
  area_address: z.string(),
  /** The service phone. */
  phone: z.string(),
  remarks: z.string(),
  store_count: z.number().int(),
  dev_count: z.number().int(),
  create_time: z.number(),
});
export type Area = z.infer<typeof area>;

/** Create and edit use name, address, tel, note (spec §3). */
const areaFields = {
  name: zRequiredName,
  address: zText(TEXT_MAX.address),
  tel: zOptionalServicePhone,
  note: zText(TEXT_MAX.remarks),
};

export const getArea = defineCall({
  path: '/api/v1/u/getArea',
  auth: 'session',
  // No perm: the area and store lists are also the pickers of other screens (devices, stock, staff); a caller
  // sees only the areas holding stores in their scope. Changes need AreaStore.
  request: pagedRequest({ area_name: zFilterText }),
  response: listResult(area),
});

export const addArea = defineCall({
  path: '/api/v1/u/addArea',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object(areaFields),
  response: z.object({ _id: z.number().int() }),
});

export const editArea = defineCall({
  path: '/api/v1/u/editArea',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object({ _id: zId, ...areaFields }),
  response: emptyResult,
});

/** Refused while the area still has stores (rcode AREA_HAS_STORES). */
export const delArea = defineCall({
  path: '/api/v1/u/delArea',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object({ _id: zId }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// Stores

export const store = z.object({
  _id: z.number().int(),
  store_name: z.string(),
  store_address: z.string(),
  phone: z.string(),
  remarks: z.string(),
  area: areaRef,
  dev_count: z.number().int(),
  prov: z.string(),
  prov_code: z.string(),
  city: z.string(),
  city_code: z.string(),
  s_area: z.string(),
  s_area_code: z.string(),
  manager: z.string(),
  salesman: z.string(),
  /** 'YYYY-MM-DD' or '' */
  coop_start: z.string(),
  coop_end: z.string(),
  refund_mode: z.enum(STORE_REFUND_MODES),
  client_code: z.string(),
  mode: z.enum(STORE_MODES),
  coop_mode: z.union([z.enum(COOPERATION_MODES), z.literal('')]),
  create_time: z.number(),
});
export type Store = z.infer<typeof store>;

/**
 * Create and edit: the region arrives as official codes only; the server fills in the names from the division
 * data, so a store never holds a name that does not match its code. All three codes, or none.
 */
const storeFields = {
  name: zRequiredName,
  address: zText(TEXT_MAX.address),
  tel: zOptionalServicePhone,
  note: zText(TEXT_MAX.remarks),
  /** The area's _id. */
  area: zId,
  prov_code: zDivisionCode,
  city_code: zDivisionCode,
  s_area_code: zDivisionCode,
  manager: zText(TEXT_MAX.name),
  salesman: zText(TEXT_MAX.name),
  coop_start: zDay,
  coop_end: zDay,
  refund_mode: z
    .enum(STORE_REFUND_MODES, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 'auto'),
  client_code: zText(TEXT_MAX.code),
  mode: z
    .enum(STORE_MODES, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 'routine'),
  coop_mode: zOptionalEnum(COOPERATION_MODES),
};

function coopDatesInOrder(v: { coop_start: string; coop_end: string }, ctx: z.RefinementCtx): void {
  if (v.coop_start && v.coop_end && v.coop_end < v.coop_start) {
    ctx.addIssue({ code: 'custom', message: 'startAfterEnd', path: ['coop_end'] });
  }
}

export const getStore = defineCall({
  path: '/api/v1/u/getStore',
  auth: 'session',
  request: pagedRequest({ area: zFilterId, store_name: zFilterText }),
  response: listResult(store),
});

/** Every store in the caller's scope, without paging: the area/store pickers. */
export const getAllStore = defineCall({
  path: '/api/v1/u/getAllStore',
  auth: 'session',
  request: emptyBody,
  response: listResult(store),
});

export const addStore = defineCall({
  path: '/api/v1/u/addStore',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object(storeFields).superRefine(coopDatesInOrder),
  response: z.object({ _id: z.number().int() }),
});

export const editStore = defineCall({
  path: '/api/v1/u/editStore',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object({ _id: zId, ...storeFields }).superRefine(coopDatesInOrder),
  response: emptyResult,
});

/** Refused while machines stand in the store (rcode STORE_HAS_DEVICES). */
export const delStore = defineCall({
  path: '/api/v1/u/delStore',
  auth: 'session',
  perm: PERMISSIONS.AreaStore,
  request: z.object({ _id: zId }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// Goods

/** The short form of goods that stock, shelves and bills show. img is a full URL (through the image host). */
export const goodsBrief = z.object({
  goods_id: z.number().int(),
  goods_name: z.string(),
  img: z.string(),
  price: z.number().int(),
});
export type GoodsBrief = z.infer<typeof goodsBrief>;

export const goods = z.object({
  goods_id: z.number().int(),
  goods_name: z.string(),
  /** cents */
  price: z.number().int(),
  /** cents; null when the caller may not view profit and cost (permission 1038). */
  cost_price: z.number().int().nullable(),
  goods_code: z.string(),
  /** Units sold; the merchant may set a starting figure, each sale adds to it. */
  sold: z.number().int(),
  /** Comma-joined, at most 2 (spec §3). */
  tags: z.string(),
  goods_detail: z.object({
    /** Same as goods_id: the detail is part of the goods. */
    _id: z.number().int(),
    description: z.string(),
    /** Minutes of service for time-based goods (pulse machines); 0 when not used. */
    duration: z.number().int(),
    goods_type: z.string(),
    /** Main image, full URL; '' when none. */
    img: z.string(),
    detail_intro: z.string(),
  }),
  /** Up to 8 detail images, full URLs, in order. */
  detail_imgs: z.array(z.string()),
  /** Whether the caller added these goods (staff limited to their own goods see only these). */
  created_by_me: z.boolean(),
  create_time: z.number(),
  update_time: z.number(),
});
export type Goods = z.infer<typeof goods>;

/** Images are URLs or paths the image library answered (upload, getImg); anything else is refused. */
const zImageRef = z.string({ error: 'invalidValue' }).trim().max(500, { error: 'invalidValue' });

/**
 * Integer cents, at least 0.02 yuan: validation.ts's zPriceCents, except that a missing price says "cannot be
 * empty" rather than "enter a valid number".
 */
const zRequiredPrice = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberInvalid') })
  .pipe(zPriceCents);

export const goodsFields = {
  goods_name: zName.pipe(z.string().max(TEXT_MAX.name, { error: 'invalidValue' })),
  price: zRequiredPrice,
  /** Left out or null: unchanged on edit, 0 on create. */
  cost_price: z
    .number({ error: 'numberInvalid' })
    .int({ error: 'priceCents' })
    .min(0, { error: 'numberInvalid' })
    .max(INT4_MAX, { error: 'numberInvalid' })
    .nullish(),
  goods_code: zText(TEXT_MAX.code),
  sold: z
    .number({ error: 'numberInvalid' })
    .int({ error: 'noDecimals' })
    .min(0, { error: 'numberInvalid' })
    .max(INT4_MAX, { error: 'numberInvalid' })
    .nullish()
    .transform((v) => v ?? 0),
  tags: zTags
    .pipe(z.array(z.string().max(TEXT_MAX.tag, { error: 'invalidValue' })))
    .nullish()
    .transform((v) => v ?? []),
  description: zText(TEXT_MAX.remarks),
  duration: z
    .number({ error: 'numberInvalid' })
    .int({ error: 'noDecimals' })
    .min(0, { error: 'numberInvalid' })
    .max(100_000, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? 0),
  goods_type: zText(TEXT_MAX.goodsType),
  img: zImageRef.nullish().transform((v) => v ?? ''),
  detail_intro: zText(TEXT_MAX.intro),
  detail_imgs: z
    .array(zImageRef, { error: 'invalidValue' })
    .superRefine((value, ctx) => {
      const key = checkDetailImages(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .nullish()
    .transform((v) => v ?? []),
};

/** List of the caller's goods (default page size 8); staff limited to their own goods see only those. */
export const getGoods = defineCall({
  path: '/api/v1/g/getGoods',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: pagedRequest(
    { goods_name: zFilterText, goods_code: zFilterText, tag: zFilterText },
    PAGE_SIZE.goods,
  ),
  response: listResult(goods),
});

export const addPrivate = defineCall({
  path: '/api/v1/g/addPrivate',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object(goodsFields),
  response: z.object({ goods_id: z.number().int() }),
});

/** renamed: the name changed, so sales analysis shows the new name for past sales too (spec §5 warning). */
export const editPrivate = defineCall({
  path: '/api/v1/g/editPrivate',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ goods_id: zId, ...goodsFields }),
  response: z.object({ goods_id: z.number().int(), renamed: z.boolean() }),
});

/** Refused while a shelf holds the goods (rcode GOODS_ON_SHELF); their stock entries go with them. */
export const delPrivate = defineCall({
  path: '/api/v1/g/delPrivate',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ goods_id: zId }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// Image library and uploads

export const goodsImage = z.object({
  img_id: z.number().int(),
  name: z.string(),
  /** Full URL through the image host. */
  url: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  create_time: z.number(),
});
export type GoodsImage = z.infer<typeof goodsImage>;

export const getImg = defineCall({
  path: '/api/v1/g/getImg',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: pagedRequest({ name: zFilterText }),
  response: listResult(goodsImage),
});

export const editImg = defineCall({
  path: '/api/v1/g/editImg',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ img_id: zId, name: zRequiredName }),
  response: emptyResult,
});

/** Removes the image from the library; goods that show it keep it. */
export const delImg = defineCall({
  path: '/api/v1/g/delImg',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ img_id: zId }),
  response: emptyResult,
});

/**
 * A file part of a multipart/form-data call, as the server reads it. JSON bodies cannot produce one, so the
 * multipart calls below refuse JSON.
 */
export const uploadedFile = z.object({
  filename: z.string().max(TEXT_MAX.fileName),
  mimetype: z.string().max(TEXT_MAX.fileName),
  data: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** Allowed image types, recognised by their first bytes, not by the name or the browser's claim. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * The largest image accepted, so that no phone is handed a picture that takes hundreds of MB to show: at most this
 * many pixels a side, and at most IMAGE_MAX_MEGAPIXELS million in all (a 40 MP photo is 160 MB decoded).
 */
export const IMAGE_MAX_SIDE = 8192;
export const IMAGE_MAX_MEGAPIXELS = 40;

/**
 * multipart/form-data with one part `file` (a JPEG, PNG, GIF or WebP image) and optional text part `name`
 * (default: the file name). Answers the new library entry.
 */
export const upload = defineCall({
  path: '/api/v1/g/upload',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ file: uploadedFile.optional(), name: zText(TEXT_MAX.name) }),
  response: goodsImage,
});

/** An image chosen and uploaded in the messaging-app browser through its JS-SDK (wx.uploadImage → serverId). */
export const uploadWx = defineCall({
  path: '/api/v1/g/uploadWx',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ server_id: zRules(required).pipe(z.string().max(256, { error: 'invalidValue' })) }),
  response: goodsImage,
});

/** Several images at once (detail images); all or none are stored. */
export const uploadMutiWx = defineCall({
  path: '/api/v1/g/uploadMutiWx',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({
    server_id_arr: z
      .array(z.string().trim().min(1, { error: 'required' }).max(256, { error: 'invalidValue' }), {
        error: 'required',
      })
      .min(1, { error: 'required' })
      .superRefine((value, ctx) => {
        const key = checkDetailImages(value);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      }),
  }),
  response: listResult(goodsImage),
});

// ---------------------------------------------------------------------------------------------------------
// Import

/**
 * Columns of the import file, by header. Each column is found by any of its names (case and spaces ignored), so
 * the template in Chinese and one typed in English both work. Prices are in yuan as people type them.
 */
export const IMPORT_COLUMNS = {
  goods_name: ['商品名称', '商品名稱', 'goods_name', 'name', 'goods name'],
  price: ['价格', '價格', '售价', '售價', 'price'],
  cost_price: ['成本价', '成本價', 'cost_price', 'cost price', 'cost'],
  goods_code: ['商品编码', '商品編碼', 'goods_code', 'goods code', 'code'],
  sold: ['销量', '銷量', 'sold'],
  tags: ['标签', '標籤', 'tags'],
  description: ['描述', 'description'],
  duration: ['时长', '時長', 'duration'],
  goods_type: ['类型', '類型', 'goods_type', 'type'],
  detail_intro: ['详情介绍', '詳情介紹', 'detail_intro', 'detail'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
/** Rows per import file. */
export const IMPORT_MAX_ROWS = 1000;
/** Characters in one cell of an import file: the longest any goods field takes (the detail intro). */
export const IMPORT_MAX_CELL_CHARS = TEXT_MAX.intro;
/** What the parts of an .xlsx the import reads (sheet, shared strings, workbook) may unpack to, in MB. */
export const IMPORT_MAX_UNPACKED_MB = 16;

export const importRowError = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** The column's field name, e.g. 'price'. */
  field: z.string(),
  /** What is wrong, in the caller's language, naming the field. */
  message: z.string(),
});

/**
 * multipart/form-data with one part `file` (.xlsx or .csv, UTF-8 or GB18030). All rows are checked first; if
 * any fails, nothing is imported and `errors` lists every failing row. `imported` counts the goods created.
 */
export const importGoods = defineCall({
  path: '/api/v1/g/importGoods',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: z.object({ file: uploadedFile.optional() }),
  response: z.object({
    rows: z.number().int(),
    imported: z.number().int(),
    errors: z.array(importRowError),
  }),
});

/** A file to save: base64 data, with the name and type to save it under. */
export const downloadFile = z.object({ filename: z.string(), content_type: z.string(), data: z.string() });

/** The import template (.xlsx) with the column headers in the caller's language and one example row. */
export const getImportTemplate = defineCall({
  path: '/api/v1/g/getImportTemplate',
  auth: 'session',
  perm: PERMISSIONS.GoodsManage,
  request: emptyBody,
  response: downloadFile,
});

// ---------------------------------------------------------------------------------------------------------
// Messaging-app sandbox

/**
 * Sandbox only: what the sandbox JS-SDK's uploadImage does in place of the messaging app's media server. A
 * multipart `file` part goes into the sandbox media store and the answer is its server_id, which uploadWx then
 * fetches like the real media download. Refused (404) when a real messaging app is configured.
 */
export const sandboxMediaUpload = defineCall({
  path: '/api/v1/dev/sandboxMediaUpload',
  auth: 'session',
  request: z.object({ file: uploadedFile.optional() }),
  response: z.object({ server_id: z.string() }),
});
