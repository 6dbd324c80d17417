import { z } from 'zod';
import { zFilterId, zFilterTime, pagedRequest, areaRef, storeRef } from './fields';
import { defineCall, emptyBody } from './call';
import { billAnalysis } from './orders';
import { DEVICE_TYPES, PERMISSIONS } from '../enums';
import { REPORT_VIEW_PERMISSION } from '../permissions';
import { ID_MAX, PAGE_SIZE, RANKING_TOP, TEXT_MAX } from '../constants';

/*
 * Analytics (spec §2 /dashboard, /sicRegion, /sicAnalysisDetail, /sicDevice, /sicGoods, /sicGoodsDetail and home;
 * §3 bill analysis, analysis items, dashboard overview; §4 analysis treatment of statuses; §6 statistics
 * permissions 1025–1027, 1035, report download 1033, profit view; §7 Analytics calls; §9 rankings).
 *
 * The numbers follow spec §4 exactly as the bill analysis does (orders.ts billAnalysis): income = amounts taken
 * minus refunds; success = 3, 6, 7; refunds = 8, 9, 10, 11 (10 and 11 keep their cost); abnormal = 1, 2, 5;
 * profit = income − cost. Only orders that took money count (remote dispenses and free plays are not sales).
 * Money is integer cents; rates integer hundredths of a percent (1234 = 12.34 %); times epoch ms; days, weeks
 * (from Monday) and months are cut in the merchant's time zone (default Asia/Shanghai).
 * Cost and profit are null for callers without the profit view (spec §6: Profit app usable, plus the main account
 * or 1038). Staff see only their stores.
 */

// ---------------------------------------------------------------------------------------------------------
// Ranges

/**
 * The time-range picker's range (spec §2): start and end are epoch ms, end inclusive (the picker sends the last ms
 * of the period or now). Missing: today in the merchant's zone. The server applies the picker's rules
 * (checkTimeRange: start no earlier than earliestAllowedStart(end, now); end not after now — a minute of
 * clock skew allowed — nor before start) and answers the picker's message keys on the field.
 */
export const rangeFields = {
  start_time: zFilterTime,
  end_time: zFilterTime,
};

/** Narrowing shared by the statistics calls; each id is checked against the caller's merchant and stores. */
export const placeFields = {
  area: zFilterId,
  store: zFilterId,
  sn: z
    .string({ error: 'snNumeric' })
    .trim()
    .regex(/^\d{0,20}$/, { error: 'snNumeric' })
    .max(TEXT_MAX.sn)
    .nullish()
    .transform((v) => (v ? v : undefined)),
};

// Generic so the extra fields (bucket, sort_attr, top) keep their types in the parsed body.
const rangeRequest = <S extends z.ZodRawShape>(extra: S) =>
  z.object({
    condition: z.preprocess((v) => v ?? {}, z.object({ ...rangeFields, ...placeFields, ...extra })),
  });

/** The range applied, defaults filled in (end exclusive here: the first ms after the range). */
export const appliedRange = z.object({ start_time: z.number(), end_time: z.number() });

// ---------------------------------------------------------------------------------------------------------
// Figures

/** The analysis of a set of orders: the bill analysis plus the average order value. */
export const salesAnalysis = billAnalysis.extend({
  /** Average order value: income / successful count (0 when none). */
  price: z.number().int(),
});
export type SalesAnalysis = z.infer<typeof salesAnalysis>;

/** How a series is bucketed: by hour of the day, weekday (1 Monday … 7 Sunday), calendar day or month. */
export const SERIES_BUCKETS = ['hour', 'weekDay', 'day', 'month'] as const;
export type SeriesBucket = (typeof SERIES_BUCKETS)[number];

/**
 * One point of a chart (spec §3 records): the bucket and the figures of its orders. Every bucket of the range is
 * present, empty ones with zeros, so a chart's axis never skips.
 */
export const salesRecord = z.object({
  /** hour: 0–23; weekDay: 1–7 (Monday first); day: the day's local midnight; month: the month's first midnight. */
  key: z.number().int(),
  /** The bucket as the axis shows it: 'HH:00', the weekday number, 'YYYY-MM-DD' or 'YYYY-MM'. */
  label: z.string(),
  hour: z.number().int().nullable(),
  weekDay: z.number().int().nullable(),
  day: z.string().nullable(),
  month: z.string().nullable(),
  count: z.number().int(),
  income: z.number().int(),
  refund: z.number().int(),
  successCount: z.number().int(),
  refundCount: z.number().int(),
  wechatIncome: z.number().int(),
  alipayIncome: z.number().int(),
  otherIncome: z.number().int(),
  wechatRefund: z.number().int(),
  alipayRefund: z.number().int(),
  otherRefund: z.number().int(),
  wechatCount: z.number().int(),
  alipayCount: z.number().int(),
  otherCount: z.number().int(),
  costPrice: z.number().int().nullable(),
  profit: z.number().int().nullable(),
});
export type SalesRecord = z.infer<typeof salesRecord>;

export const salesSeries = z.object({
  bucket: z.enum(SERIES_BUCKETS),
  analysis: salesAnalysis,
  records: z.array(salesRecord),
  range: appliedRange,
});
export type SalesSeries = z.infer<typeof salesSeries>;

/** Today's or yesterday's figures on home and the dashboard (spec §3 dashboard overview). */
export const dayFigures = z.object({
  income: z.number().int(),
  /** null without the profit view. */
  costPrice: z.number().int().nullable(),
  profit: z.number().int().nullable(),
  successCount: z.number().int(),
  refundCount: z.number().int(),
  /** Average order value: income / successCount. */
  price: z.number().int(),
  refund: z.number().int(),
  abnormalCount: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFigures>;

/** Home and the dashboard: today, yesterday and the machines online/offline now (within the caller's stores). */
export const overview = defineCall({
  path: '/api/v1/a/overview',
  auth: 'session',
  perm: PERMISSIONS.Dashboard,
  request: emptyBody,
  response: z.object({
    today: dayFigures,
    yesterday: dayFigures,
    device: z.object({ online: z.number().int(), offline: z.number().int() }),
  }),
});

/**
 * The dashboard's sales tab: the analysis of the range and its chart. bucket defaults from the range: one day →
 * hour, up to 7 days → weekDay, up to 62 days → day, longer → month.
 */
export const detail = defineCall({
  path: '/api/v1/a/detail',
  auth: 'session',
  perm: PERMISSIONS.Dashboard,
  request: rangeRequest({ bucket: z.enum(SERIES_BUCKETS, { error: 'invalidValue' }).nullish() }),
  response: salesSeries,
});

// ---------------------------------------------------------------------------------------------------------
// Rankings and lists

/** What a ranking sorts by, descending: income (amount) or successful count (volume). */
export const SORT_ATTRS = ['income', 'count'] as const;
export type SortAttr = (typeof SORT_ATTRS)[number];
const zSortAttr = z
  .enum(SORT_ATTRS, { error: 'invalidValue' })
  .nullish()
  .transform((v) => v ?? 'income');

/** A compact analysis for ranking rows. */
export const rankFigures = z.object({
  count: z.number().int(),
  income: z.number().int(),
  refund: z.number().int(),
  successCount: z.number().int(),
  refundCount: z.number().int(),
  costPrice: z.number().int().nullable(),
  profit: z.number().int().nullable(),
});
export type RankFigures = z.infer<typeof rankFigures>;

/** The dashboard's store tab: Top N stores (default 6, spec §9) of the range. */
export const storeDays = defineCall({
  path: '/api/v1/a/storeDays',
  auth: 'session',
  perm: PERMISSIONS.Dashboard,
  request: rangeRequest({
    sort_attr: zSortAttr,
    top: z.coerce.number().int().min(1).max(100).default(RANKING_TOP.store),
  }),
  response: z.object({
    data: z.array(z.object({ store: storeRef, area: areaRef.nullable(), figures: rankFigures })),
    range: appliedRange,
  }),
});

/** The dashboard's device tab: Top N machines (default 6) of the range. */
export const devDays = defineCall({
  path: '/api/v1/a/devDays',
  auth: 'session',
  perm: PERMISSIONS.Dashboard,
  request: rangeRequest({
    sort_attr: zSortAttr,
    top: z.coerce.number().int().min(1).max(100).default(RANKING_TOP.device),
  }),
  response: z.object({
    data: z.array(
      z.object({
        sn: z.string(),
        title: z.string(),
        type: z.string(),
        store: storeRef.nullable(),
        figures: rankFigures,
      }),
    ),
    range: appliedRange,
  }),
});

/**
 * Goods figures (spec §3 goods overview): units, income, price = income / count, and shares of the whole. Units are
 * those that left the machine (orders sold, or refunded in part); income is the items' share of their orders'
 * income whatever the status, so the goods' incomes add up to the sales income.
 */
export const goodsFigures = z.object({
  goods_id: z.number().int(),
  goods_name: z.string(),
  /** Full URL; '' when none. */
  img: z.string(),
  count: z.number().int(),
  income: z.number().int(),
  /** income / count (0 when none). */
  price: z.number().int(),
  /** Share of the income of all goods in the range, hundredths of a percent. */
  incomeRate: z.number().int(),
  countRate: z.number().int(),
  costPrice: z.number().int().nullable(),
  profit: z.number().int().nullable(),
});
export type GoodsFigures = z.infer<typeof goodsFigures>;

const goodsTotals = z.object({ count: z.number().int(), income: z.number().int() });

const goodsRankRequest = (defaultPageSize: number) =>
  pagedRequest({ ...rangeFields, ...placeFields, sort_attr: zSortAttr }, defaultPageSize);

/**
 * The dashboard's goods tab (Top 10 by amount or volume: page 1, size 10, sort_attr income or count, descending),
 * also paged. Goods figures count the units of the orders sold (statuses of spec §4) and their share of income.
 */
export const goodSum = defineCall({
  path: '/api/v1/a/goodSum',
  auth: 'session',
  perm: PERMISSIONS.Dashboard,
  request: goodsRankRequest(RANKING_TOP.goods),
  response: z.object({
    data: z.array(goodsFigures),
    count: z.number().int(),
    total: goodsTotals,
    range: appliedRange,
  }),
});

/** /sicGoods: every goods sold in the range with its figures (paged, sorted like goodSum). */
export const goodSumForG = defineCall({
  path: '/api/v1/a/o/goodSumForG',
  auth: 'session',
  perm: PERMISSIONS.goodSum,
  request: goodsRankRequest(PAGE_SIZE.pagination),
  response: z.object({
    data: z.array(goodsFigures),
    count: z.number().int(),
    total: goodsTotals,
    range: appliedRange,
  }),
});

/** An area with its analysis (spec §3 analysis items). */
export const areaAnalysisItem = z.object({
  _id: z.number().int(),
  area_name: z.string(),
  store_count: z.number().int(),
  phone: z.string(),
  remarks: z.string(),
  area_address: z.string(),
  analysis: salesAnalysis,
});

/**
 * /sicRegion, areas: every area of the caller (paged) with the analysis of the range, highest income first. Areas
 * deleted since that have figures in the range are listed too, so the rows add up to the whole.
 */
export const areaList = defineCall({
  path: '/api/v1/a/area',
  auth: 'session',
  perm: PERMISSIONS.SicArea,
  request: pagedRequest({ ...rangeFields, area: zFilterId }),
  response: z.object({ data: z.array(areaAnalysisItem), count: z.number().int(), range: appliedRange }),
});

export const storeAnalysisItem = z.object({
  _id: z.number().int(),
  store_name: z.string(),
  area: areaRef.nullable(),
  dev_count: z.number().int(),
  store_address: z.string(),
  analysis: salesAnalysis,
});

/**
 * /sicRegion, stores (optionally of one area): every store of the caller (paged) with its analysis, highest income
 * first, stores deleted since with figures in the range included.
 */
export const storeList = defineCall({
  path: '/api/v1/a/store',
  auth: 'session',
  perm: PERMISSIONS.SicStore,
  request: pagedRequest({ ...rangeFields, area: zFilterId, store: zFilterId }),
  response: z.object({ data: z.array(storeAnalysisItem), count: z.number().int(), range: appliedRange }),
});

export const deviceAnalysisItem = z.object({
  sn: z.string(),
  title: z.string(),
  type: z.string(),
  alive: z.number().int(),
  area: areaRef.nullable(),
  store: storeRef.nullable(),
  analysis: salesAnalysis,
});

/**
 * /sicDevice: the caller's machines (page size 10) with their analysis, sorted by income descending. A machine the
 * merchant had once and that sold in the range is listed with its last title and no place (alive 0).
 */
export const deviceList = defineCall({
  path: '/api/v1/a/device',
  auth: 'session',
  perm: PERMISSIONS.SicDevice,
  request: pagedRequest({
    ...rangeFields,
    ...placeFields,
    type: z.enum(DEVICE_TYPES, { error: 'invalidValue' }).nullish(),
  }),
  response: z.object({ data: z.array(deviceAnalysisItem), count: z.number().int(), range: appliedRange }),
});

/** /sicDevice overview: machines grouped by type with online counts; online rate = online / total × 100. */
export const deviceOverview = defineCall({
  path: '/api/v1/a/o/device',
  auth: 'session',
  perm: PERMISSIONS.SicDevice,
  request: emptyBody,
  response: z.object({
    data: z.array(
      z.object({
        type: z.string(),
        type_text: z.string(),
        total: z.number().int(),
        online: z.number().int(),
        offline: z.number().int(),
        /** hundredths of a percent */
        onlineRate: z.number().int(),
      }),
    ),
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    onlineRate: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Series (the statistics screens and their details)

/**
 * Series for the statistics screens and their details, by day (/a/days, /a/o/dayOrder) or hour of the day
 * (/a/hours, /a/o/hoursOrder, summed over the days of the range). The /a/o/* calls are the machines overview of
 * /sicDevice (1027). /a/days and /a/hours serve /sicAnalysisDetail for one area (1025), store (1026) or machine
 * (1027): exactly one of area, store or sn; the server checks the permission of the place named.
 */
export const dayOrder = defineCall({
  path: '/api/v1/a/o/dayOrder',
  auth: 'session',
  perm: PERMISSIONS.SicDevice,
  request: rangeRequest({}),
  response: salesSeries,
});

export const hoursOrder = defineCall({
  path: '/api/v1/a/o/hoursOrder',
  auth: 'session',
  perm: PERMISSIONS.SicDevice,
  request: rangeRequest({}),
  response: salesSeries,
});

/** The places' permissions (area 1025, store 1026, machine 1027): /a/days and /a/hours need the one named. */
const PLACE_PERMISSIONS = [PERMISSIONS.SicArea, PERMISSIONS.SicStore, PERMISSIONS.SicDevice];

export const days = defineCall({
  path: '/api/v1/a/days',
  auth: 'session',
  anyPerm: PLACE_PERMISSIONS,
  request: rangeRequest({}),
  response: salesSeries,
});

export const hours = defineCall({
  path: '/api/v1/a/hours',
  auth: 'session',
  anyPerm: PLACE_PERMISSIONS,
  request: rangeRequest({}),
  response: salesSeries,
});

/** One goods' units and income over a series. */
export const goodsRecord = z.object({
  key: z.number().int(),
  label: z.string(),
  count: z.number().int(),
  income: z.number().int(),
});

const goodsDetailRequest = z.object({
  condition: z.preprocess(
    (v) => v ?? {},
    z.object({
      ...rangeFields,
      ...placeFields,
      goods_id: z.coerce
        .number({ error: 'required' })
        .int({ error: 'invalidValue' })
        .min(1, { error: 'required' })
        .max(ID_MAX, { error: 'invalidValue' }),
    }),
  ),
});

const goodsSeries = z.object({
  goods: goodsFigures,
  records: z.array(goodsRecord),
  range: appliedRange,
});

/** /sicGoodsDetail: one goods by hour of the day. */
export const goodsHours = defineCall({
  path: '/api/v1/a/goodsHours',
  auth: 'session',
  perm: PERMISSIONS.goodSum,
  request: goodsDetailRequest,
  response: goodsSeries,
});

/** /sicGoodsDetail: one goods by day. */
export const goodsDay = defineCall({
  path: '/api/v1/a/goodsDay',
  auth: 'session',
  perm: PERMISSIONS.goodSum,
  request: goodsDetailRequest,
  response: goodsSeries,
});

/**
 * /sicGoodsDetail: one goods by store (spec §3 goods by store: area name, store name, count, income): the stores
 * that sold it, highest income first; store_id 0 (names '') holds machines standing in no store.
 */
export const goodStore = defineCall({
  path: '/api/v1/a/goodStore',
  auth: 'session',
  perm: PERMISSIONS.goodSum,
  request: goodsDetailRequest,
  response: z.object({
    goods: goodsFigures,
    data: z.array(
      z.object({
        area_name: z.string(),
        store_name: z.string(),
        store_id: z.number().int(),
        count: z.number().int(),
        income: z.number().int(),
      }),
    ),
    range: appliedRange,
  }),
});

// ---------------------------------------------------------------------------------------------------------
// Report download (1033)

export const REPORT_KINDS = [
  'buyBill',
  'payBill',
  'detail',
  'area',
  'store',
  'device',
  'goods',
  'goodsDetail',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;

/**
 * Asks for a report file: the bills of a range or a statistics view, as XLSX or CSV. Answers a short-lived
 * download link (GET, no headers needed, valid 10 minutes, for this user only) that streams the file, so the
 * in-app browser can open it and a 93-day range of a large merchant never sits in memory.
 * condition takes the same fields as the call behind the view (bill conditions for buyBill/payBill; detail: the
 * /a/detail condition; area, store, device, goods: those of /a/area, /a/store, /a/device, /a/o/goodSumForG;
 * goodsDetail: that of /a/goodStore, the file being its stores with a total row).
 * Besides 1033 the caller needs the view's own permission (1021, 1028, 1020, 1025, 1026, 1027, 1035 for both
 * goods kinds). The link may be opened again within its 10 minutes (in-app browsers fetch a file twice); it dies with the session that
 * asked, and a refused link answers the envelope (REPORT_LINK_INVALID, or 403 when permissions changed).
 */
export const report = defineCall({
  path: '/api/v1/a/report',
  auth: 'session',
  perm: PERMISSIONS.Report,
  // Staff holding no view's permission are refused before the body names the view.
  anyPerm: [...new Set(REPORT_KINDS.map((kind) => PERMISSIONS[REPORT_VIEW_PERMISSION[kind]]))],
  request: z.object({
    kind: z.enum(REPORT_KINDS, { error: 'invalidValue' }),
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
    condition: z.record(z.string().max(TEXT_MAX.word), z.unknown()).nullish(),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});
