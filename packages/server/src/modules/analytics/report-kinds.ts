import type { z } from 'zod';
import * as api from '@vendo/contract/api/analytics';
import type { ReportKind, SalesAnalysis } from '@vendo/contract/api/analytics';
import { getBuyBill, getPayBill } from '@vendo/contract/api/orders';
import { zonedDate } from '@vendo/contract/constants';
import { DEVICE_TYPE_LABELS, enumLabel } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import type { AuthContext } from '../../platform/auth';
import { parseRequest } from '../../platform/route';
import type { BillsService } from '../orders/bills-service';
import { averagePrice } from '../orders/analysis-sums';
import type { AnalyticsQuery, PlaceCondition, RangeCondition } from './analytics-query';
import type { GoodsAnalysisService } from './goods-analysis-service';
import type { ListsService } from './lists-service';
import { reportText, type ReportText } from './report-columns';
import type { Cell, ColumnType } from '../../platform/report-file';
import type { SeriesService } from './series-service';

/** A column: its title, its type, and whether only those who see cost and profit get it. */
export type ColumnSpec = [ReportText, ColumnType] | [ReportText, ColumnType, { profit: true }];

/** The services a report reads, the screens' own, so a file's figures are the screen's. */
export interface ReportSources {
  bills: BillsService;
  query: AnalyticsQuery;
  series: SeriesService;
  lists: ListsService;
  goods: GoodsAnalysisService;
}

/** What a report reads: its range and zone (the file's name), and its rows, every column included. */
export interface ReportRows {
  range: { start: number; end: number };
  timeZone: string;
  seesProfit: boolean;
  /** Pages of rows, read when the file is written; the writer lets the client catch up between pages. */
  pages(): AsyncIterable<Cell[][]>;
  /** The total row, once every page was read. */
  total(): Cell[];
}

/** One kind of report, as the table below holds it. */
export interface ReportDefinition {
  columns: ColumnSpec[];
  /** Parses and checks the conditions as the screen's call would, then reads nothing until pages() runs. */
  open(
    sources: ReportSources,
    auth: AuthContext,
    raw: Record<string, unknown>,
    locale: Locale,
  ): Promise<ReportRows>;
}

/** A report: the screen's call (its request checks the conditions), the columns, and how the rows are read. */
function report<S extends z.ZodType<{ condition: unknown }>>(spec: {
  request: S;
  columns: ColumnSpec[];
  read(
    sources: ReportSources,
    auth: AuthContext,
    condition: z.output<S>['condition'],
    locale: Locale,
  ): Promise<ReportRows>;
}): ReportDefinition {
  return {
    columns: spec.columns,
    async open(sources, auth, raw, locale) {
      const { condition } = await parseRequest(spec.request, { condition: raw });
      return spec.read(sources, auth, condition, locale);
    },
  };
}

/** Lists go to the file whole: the largest page the list calls accept. */
const ALL = { pageNum: 1, pageSize: 999_999 };

/** The figures every statistics row carries. */
const FIGURES: ColumnSpec[] = [
  ['count', 'int'],
  ['successCount', 'int'],
  ['refundCount', 'int'],
  ['income', 'money'],
  ['refund', 'money'],
  ['price', 'money'],
  ['cost', 'money', { profit: true }],
  ['profit', 'money', { profit: true }],
];

type Figures = Pick<
  SalesAnalysis,
  'count' | 'successCount' | 'refundCount' | 'income' | 'refund' | 'price'
> & {
  costPrice: number | null;
  profit: number | null;
};

const figureCells = (f: Figures): Cell[] => [
  f.count,
  f.successCount,
  f.refundCount,
  f.income,
  f.refund,
  f.price,
  f.costPrice,
  f.profit,
];

/** A screen's rows read in one go (the statistics views are small), with their total. */
function screen(
  q: Pick<ReportRows, 'range' | 'timeZone' | 'seesProfit'>,
  read: () => Promise<{ rows: Cell[][]; total: Cell[] }>,
): ReportRows {
  let total: Cell[] = [];
  return {
    range: q.range,
    timeZone: q.timeZone,
    seesProfit: q.seesProfit,
    async *pages() {
      const made = await read();
      total = made.total;
      yield made.rows;
    },
    total: () => total,
  };
}

/**
 * A statistics list (areas, stores, machines): each row's own cells and its figures, and a total of the rows'
 * figures (the lists hold every place with figures, so the total is the whole range's).
 */
function figuresList<S extends z.ZodType<{ condition: RangeCondition & PlaceCondition }>>(spec: {
  request: S;
  lead: ColumnSpec[];
  rows(
    sources: ReportSources,
    auth: AuthContext,
    condition: z.output<S>['condition'],
    locale: Locale,
  ): Promise<Array<{ cells: Cell[]; analysis: SalesAnalysis }>>;
}): ReportDefinition {
  return report({
    request: spec.request,
    columns: [...spec.lead, ...FIGURES],
    async read(sources, auth, condition, locale) {
      const q = await sources.query.resolve(auth, condition);
      const total = {
        count: 0,
        successCount: 0,
        refundCount: 0,
        income: 0,
        refund: 0,
        costPrice: 0,
        profit: 0,
      };
      return screen(q, async () => ({
        rows: (await spec.rows(sources, auth, condition, locale)).map((r) => {
          for (const key of Object.keys(total) as Array<keyof typeof total>)
            total[key] += r.analysis[key] ?? 0;
          return [...r.cells, ...figureCells(r.analysis)];
        }),
        total: [
          reportText('total', locale),
          ...Array<Cell>(spec.lead.length - 1).fill(null),
          ...figureCells({ ...total, price: averagePrice(total.income, total.successCount) }),
        ],
      }));
    },
  });
}

function bills(kind: 'buy' | 'pay'): ReportDefinition {
  return report({
    request: kind === 'buy' ? getBuyBill.request : getPayBill.request,
    columns: [
      ['orderNo', 'text'],
      ['time', 'text'],
      ['area_name', 'text'],
      ['store_name', 'text'],
      ['sn', 'text'],
      ['title', 'text'],
      ['client', 'text'],
      ['status', 'text'],
      ['goods_list', 'text'],
      ['amount', 'money'],
      ['refund', 'money'],
      ['income', 'money'],
      ['cost', 'money', { profit: true }],
      ['cardno', 'text'],
      ['merchantOrder', 'text'],
    ],
    async read(sources, auth, condition, locale) {
      const all = await sources.bills.readAll(auth, condition, locale, kind);
      const { timeZone } = all;
      async function* pages(): AsyncIterable<Cell[][]> {
        for await (const page of all.pages) {
          yield page.map((b) => [
            b.orderno,
            stamp(b.time, timeZone),
            b.area?.area_name ?? '',
            b.store?.store_name ?? '',
            b.sn,
            b.device_title,
            b.client_text,
            b.status_text,
            b.goods.map((g) => `${g.goods_name} ×${g.quantity}`).join('; '),
            b.amount,
            b.refund,
            b.amount - b.refund,
            b.cost_price,
            b.cardno,
            b.merchant_order,
          ]);
        }
      }
      const a = all.analysis;
      return {
        range: { start: all.range.start_time, end: all.range.end_time },
        timeZone,
        seesProfit: all.seesProfit,
        pages,
        total: () => [
          `${reportText('total', locale)} (${all.count})`,
          ...Array<Cell>(8).fill(null),
          a.income + a.refund,
          a.refund,
          a.income,
          a.costPrice,
          null,
          null,
        ],
      };
    },
  });
}

/**
 * Every report kind (spec §6, 1033): the bill lists and the statistics views, each the screen's call, its columns
 * and its rows. Adding a report is adding a row here.
 */
export const REPORTS: Record<ReportKind, ReportDefinition> = {
  buyBill: bills('buy'),
  payBill: bills('pay'),
  detail: report({
    request: api.detail.request,
    columns: [
      ['period', 'text'],
      ...FIGURES.slice(0, 5),
      ['wxIncome', 'money'],
      ['alipayIncome', 'money'],
      ['otherIncome', 'money'],
      ...FIGURES.slice(6),
    ],
    async read(sources, auth, condition, locale) {
      const q = await sources.query.resolve(auth, condition);
      const row = (
        label: string,
        r: Omit<Figures, 'price'> & Record<'wx' | 'alipay' | 'other', number>,
      ): Cell[] => [
        label,
        r.count,
        r.successCount,
        r.refundCount,
        r.income,
        r.refund,
        r.wx,
        r.alipay,
        r.other,
        r.costPrice,
        r.profit,
      ];
      return screen(q, async () => {
        const s = await sources.series.detail(auth, condition);
        const a = s.analysis;
        const total: Cell[] = row(reportText('total', locale), {
          ...a,
          wx: a.wxIncome,
          alipay: a.alipayIncome,
          other: a.otherIncome,
        });
        const rows: Cell[][] = s.records.map((r) =>
          row(r.label, { ...r, wx: r.wechatIncome, alipay: r.alipayIncome, other: r.otherIncome }),
        );
        return { rows, total };
      });
    },
  }),
  area: figuresList({
    request: api.areaList.request,
    lead: [
      ['area_name', 'text'],
      ['store_count', 'int'],
    ],
    rows: async (sources, auth, condition) =>
      (await sources.lists.areas(auth, { ...ALL, condition })).data.map((a) => ({
        cells: [a.area_name, a.store_count],
        analysis: a.analysis,
      })),
  }),
  store: figuresList({
    request: api.storeList.request,
    lead: [
      ['store_name', 'text'],
      ['area_name', 'text'],
      ['dev_count', 'int'],
    ],
    rows: async (sources, auth, condition) =>
      (await sources.lists.stores(auth, { ...ALL, condition })).data.map((s) => ({
        cells: [s.store_name, s.area?.area_name ?? '', s.dev_count],
        analysis: s.analysis,
      })),
  }),
  device: figuresList({
    request: api.deviceList.request,
    lead: [
      ['sn', 'text'],
      ['title', 'text'],
      ['type', 'text'],
      ['area_name', 'text'],
      ['store_name', 'text'],
    ],
    rows: async (sources, auth, condition, locale) =>
      (await sources.lists.devices(auth, { ...ALL, condition })).data.map((m) => ({
        cells: [
          m.sn,
          m.title,
          enumLabel(DEVICE_TYPE_LABELS, m.type, locale) ?? m.type,
          m.area?.area_name ?? '',
          m.store?.store_name ?? '',
        ],
        analysis: m.analysis,
      })),
  }),
  goods: report({
    request: api.goodSumForG.request,
    columns: [
      ['goods_name', 'text'],
      ['units', 'int'],
      ['income', 'money'],
      ['unitPrice', 'money'],
      ['incomeRate', 'rate'],
      ['countRate', 'rate'],
      ['cost', 'money', { profit: true }],
      ['profit', 'money', { profit: true }],
    ],
    async read(sources, auth, condition, locale) {
      const q = await sources.query.resolve(auth, condition);
      return screen(q, async () => {
        const list = await sources.goods.ranking(auth, { ...ALL, condition });
        const cost = list.data.reduce((sum, g) => sum + (g.costPrice ?? 0), 0);
        const t = list.total;
        const total: Cell[] = [
          reportText('total', locale),
          t.count,
          t.income,
          averagePrice(t.income, t.count),
          null,
          null,
          cost,
          t.income - cost,
        ];
        const rows: Cell[][] = list.data.map((g) => [
          g.goods_name,
          g.count,
          g.income,
          g.price,
          g.incomeRate,
          g.countRate,
          g.costPrice,
          g.profit,
        ]);
        return { rows, total };
      });
    },
  }),
  goodsDetail: report({
    request: api.goodStore.request,
    columns: [
      ['area_name', 'text'],
      ['store_name', 'text'],
      ['units', 'int'],
      ['income', 'money'],
    ],
    async read(sources, auth, condition, locale) {
      const q = await sources.query.resolve(auth, condition);
      return screen(q, async () => {
        // The same call as the screen, so the file equals what /sicGoodsDetail shows.
        const { data } = await sources.goods.stores(auth, condition);
        const total: Cell[] = [
          reportText('total', locale),
          null,
          data.reduce((n, s) => n + s.count, 0),
          data.reduce((n, s) => n + s.income, 0),
        ];
        const rows: Cell[][] = data.map((s) => [s.area_name, s.store_name, s.count, s.income]);
        return { rows, total };
      });
    },
  }),
};

/** 'YYYY-MM-DD HH:mm:ss' in the merchant's zone (spec §9 time format). */
function stamp(ms: number, timeZone: string): string {
  const d = zonedDate(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.year}-${two(d.month)}-${two(d.day)} ${two(d.hour)}:${two(d.minute)}:${two(d.second)}`;
}
