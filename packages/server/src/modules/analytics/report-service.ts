import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import * as api from '@vendo/contract/api/analytics';
import type { ReportKind, SalesAnalysis } from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import { getBuyBill, getPayBill } from '@vendo/contract/api/orders';
import { zonedDate } from '@vendo/contract/constants';
import { DEVICE_TYPE_LABELS, enumLabel, PERMISSIONS } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { REPORT_VIEW_PERMISSION } from '@vendo/contract/permissions';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import { isMainAccount, type AuthContext, type Authenticator } from '../../platform/auth';
import { parseRequest } from '../../platform/route';
import { permissionsOf } from '../accounts/permissions';
import type { Body } from '../devices/call-types';
import type { BillsService } from '../orders/bills-service';
import { averagePrice } from './analysis-sums';
import type { AnalyticsQuery, PlaceCondition, RangeCondition } from './analytics-query';
import type { GoodsAnalysisService } from './goods-analysis-service';
import type { ListsService } from './lists-service';
import { columns, reportText, reportTitle, type ReportText } from './report-columns';
import {
  openTable,
  REPORT_CONTENT_TYPES,
  type Cell,
  type ColumnType,
  type ReportFormat,
} from './report-file';
import type { ReportTickets } from './report-tickets';
import type { SeriesService } from './series-service';

export interface ReportDeps {
  db: Kysely<Database>;
  tickets: ReportTickets;
  authenticator: Authenticator;
  bills: BillsService;
  query: AnalyticsQuery;
  series: SeriesService;
  lists: ListsService;
  goods: GoodsAnalysisService;
}

/** A file ready to stream: its name and type, and the writer that reads and writes it. */
export interface ReportFile {
  filename: string;
  contentType: string;
  write(out: Writable): Promise<void>;
}

/** The path of a download link; the ticket goes in the query (a path parameter is limited to 100 characters). */
export const REPORT_FILE_PATH = '/api/v1/a/report/file';

/** Lists go to the file whole: the largest page the list calls accept. */
const ALL = { pageNum: 1, pageSize: 999_999 };

type FigureSpec = [ReportText, ColumnType] | [ReportText, ColumnType, { profit: true }];
/** The figures every statistics row carries. */
const FIGURES: FigureSpec[] = [
  ['count', 'int'],
  ['successCount', 'int'],
  ['refundCount', 'int'],
  ['income', 'money'],
  ['refund', 'money'],
  ['price', 'money'],
  ['cost', 'money', { profit: true }],
  ['profit', 'money', { profit: true }],
];

/**
 * Report download (spec §6, 1033): the bills of a range or a statistics view as XLSX or CSV. Asking checks
 * everything the screen would (conditions, range, places, permissions) and answers a signed link for 10 minutes
 * bound to the session that asked; opening it checks the session, the permissions and the conditions again and
 * streams the file. Bills are read a page at a time; statistics come from the screens' own services, so the
 * file's figures are the screen's.
 */
export class ReportService {
  constructor(private readonly d: ReportDeps) {}

  async request(
    auth: AuthContext,
    body: Body<typeof api.report>,
    locale: Locale,
    origin: string,
  ): Promise<CallResult<typeof api.report>> {
    const condition = body.condition ?? {};
    await this.assertMay(auth, body.kind);
    const file = await this.file(auth, body.kind, condition, body.format, locale);
    const { token, expires } = this.d.tickets.sign({
      session: auth.sessionId,
      user: auth.user.id,
      kind: body.kind,
      format: body.format,
      condition,
      locale,
    });
    return {
      url: `${origin}${REPORT_FILE_PATH}?ticket=${token}`,
      filename: file.filename,
      expires_at: expires,
    };
  }

  /**
   * The file of a link. Headers are optional (a browser opening the link sends none); when a session comes with
   * them it must be the one of the user who asked.
   */
  async open(token: string, headers: Record<string, string | string[] | undefined>): Promise<ReportFile> {
    const ticket = this.d.tickets.verify(token);
    const auth = await this.d.authenticator.resume(ticket.session).catch((error: unknown) => {
      throw error instanceof AppError ? new AppError(RCODE.REPORT_LINK_INVALID) : error;
    });
    if (auth.user.id !== ticket.user) throw new AppError(RCODE.REPORT_LINK_INVALID);
    if (headers['token'] || headers['secret']) {
      const caller = await this.d.authenticator.authenticate(headers);
      if (caller.user.id !== ticket.user) throw new AppError(RCODE.FORBIDDEN);
    }
    await this.assertMay(auth, ticket.kind);
    return this.file(auth, ticket.kind, ticket.condition, ticket.format, ticket.locale);
  }

  private async assertMay(auth: AuthContext, kind: ReportKind): Promise<void> {
    if (isMainAccount(auth.user)) return;
    const perms = await permissionsOf(this.d.db, auth.user);
    if (!perms.includes(PERMISSIONS.Report) || !perms.includes(PERMISSIONS[REPORT_VIEW_PERMISSION[kind]]))
      throw new AppError(RCODE.FORBIDDEN);
  }

  /** The file of a kind, its conditions parsed and checked as the screen's call would (nothing read yet). */
  private async file(
    auth: AuthContext,
    kind: ReportKind,
    raw: Record<string, unknown>,
    format: ReportFormat,
    locale: Locale,
  ): Promise<ReportFile> {
    const made = await this.writer(auth, kind, raw, locale);
    const d = (ms: number) => {
      const z = zonedDate(ms, made.timeZone);
      return `${z.year}${String(z.month).padStart(2, '0')}${String(z.day).padStart(2, '0')}`;
    };
    const { start, end } = made.range;
    // The abnormal bills of any day start at 0: the file is named by its end alone.
    const days = start > 0 ? `${d(start)}-${d(end - 1)}` : d(end - 1);
    const title = reportTitle(kind, locale);
    return {
      filename: `${title}_${days}.${format}`,
      contentType: REPORT_CONTENT_TYPES[format],
      write: (out) => made.write(out, format, title),
    };
  }

  private async writer(
    auth: AuthContext,
    kind: ReportKind,
    raw: Record<string, unknown>,
    locale: Locale,
  ): Promise<Writer> {
    switch (kind) {
      case 'buyBill':
      case 'payBill': {
        const call = kind === 'buyBill' ? getBuyBill : getPayBill;
        const { condition } = await parseRequest(call.request, { condition: raw });
        const all = await this.d.bills.readAll(auth, condition, locale, kind === 'buyBill' ? 'buy' : 'pay');
        return {
          range: { start: all.range.start_time, end: all.range.end_time },
          timeZone: all.timeZone,
          write: (out, format, title) => this.writeBills(out, format, title, all, locale),
        };
      }
      case 'detail': {
        const { condition } = await parseRequest(api.detail.request, { condition: raw });
        const q = await this.d.query.resolve(auth, condition);
        return {
          range: q.range,
          timeZone: q.timeZone,
          write: async (out, format, title) => {
            const s = await this.d.series.detail(auth, condition);
            const table = openTable(
              format,
              out,
              title,
              columns(
                locale,
                [
                  ['period', 'text'],
                  ...FIGURES.slice(0, 5),
                  ['wxIncome', 'money'],
                  ['alipayIncome', 'money'],
                  ['otherIncome', 'money'],
                  ...FIGURES.slice(6),
                ],
                q.seesProfit,
              ),
            );
            const row = (
              label: string,
              r: Omit<Figures, 'price'> & Record<'wx' | 'alipay' | 'other', number>,
            ) => [
              label,
              r.count,
              r.successCount,
              r.refundCount,
              r.income,
              r.refund,
              r.wx,
              r.alipay,
              r.other,
              ...(q.seesProfit ? [r.costPrice, r.profit] : []),
            ];
            for (const r of s.records) {
              table.row(
                row(r.label, { ...r, wx: r.wechatIncome, alipay: r.alipayIncome, other: r.otherIncome }),
              );
            }
            const a = s.analysis;
            table.row(
              row(reportText('total', locale), {
                ...a,
                wx: a.wxIncome,
                alipay: a.alipayIncome,
                other: a.otherIncome,
              }),
              true,
            );
            await table.end();
          },
        };
      }
      case 'area': {
        const { condition } = await parseRequest(api.areaList.request, { condition: raw });
        return this.figuresWriter(
          auth,
          condition,
          locale,
          [
            ['area_name', 'text'],
            ['store_count', 'int'],
          ],
          async () =>
            (await this.d.lists.areas(auth, { ...ALL, condition })).data.map((a) => ({
              cells: [a.area_name, a.store_count],
              analysis: a.analysis,
            })),
        );
      }
      case 'store': {
        const { condition } = await parseRequest(api.storeList.request, { condition: raw });
        return this.figuresWriter(
          auth,
          condition,
          locale,
          [
            ['store_name', 'text'],
            ['area_name', 'text'],
            ['dev_count', 'int'],
          ],
          async () =>
            (await this.d.lists.stores(auth, { ...ALL, condition })).data.map((s) => ({
              cells: [s.store_name, s.area?.area_name ?? '', s.dev_count],
              analysis: s.analysis,
            })),
        );
      }
      case 'device': {
        const { condition } = await parseRequest(api.deviceList.request, { condition: raw });
        return this.figuresWriter(
          auth,
          condition,
          locale,
          [
            ['sn', 'text'],
            ['title', 'text'],
            ['type', 'text'],
            ['area_name', 'text'],
            ['store_name', 'text'],
          ],
          async () =>
            (await this.d.lists.devices(auth, { ...ALL, condition })).data.map((m) => ({
              cells: [
                m.sn,
                m.title,
                enumLabel(DEVICE_TYPE_LABELS, m.type, locale) ?? m.type,
                m.area?.area_name ?? '',
                m.store?.store_name ?? '',
              ],
              analysis: m.analysis,
            })),
        );
      }
      case 'goods': {
        const { condition } = await parseRequest(api.goodSumForG.request, { condition: raw });
        const q = await this.d.query.resolve(auth, condition);
        return {
          range: q.range,
          timeZone: q.timeZone,
          write: async (out, format, title) => {
            const list = await this.d.goods.ranking(auth, { ...ALL, condition });
            const table = openTable(
              format,
              out,
              title,
              columns(
                locale,
                [
                  ['goods_name', 'text'],
                  ['units', 'int'],
                  ['income', 'money'],
                  ['unitPrice', 'money'],
                  ['incomeRate', 'rate'],
                  ['countRate', 'rate'],
                  ['cost', 'money', { profit: true }],
                  ['profit', 'money', { profit: true }],
                ],
                q.seesProfit,
              ),
            );
            let cost = 0;
            for (const g of list.data) {
              cost += g.costPrice ?? 0;
              table.row([
                g.goods_name,
                g.count,
                g.income,
                g.price,
                g.incomeRate,
                g.countRate,
                ...(q.seesProfit ? [g.costPrice, g.profit] : []),
              ]);
            }
            const t = list.total;
            table.row(
              [
                reportText('total', locale),
                t.count,
                t.income,
                averagePrice(t.income, t.count),
                null,
                null,
                ...(q.seesProfit ? [cost, t.income - cost] : []),
              ],
              true,
            );
            await table.end();
          },
        };
      }
      case 'goodsDetail': {
        const { condition } = await parseRequest(api.goodStore.request, { condition: raw });
        const q = await this.d.query.resolve(auth, condition);
        return {
          range: q.range,
          timeZone: q.timeZone,
          write: async (out, format, title) => {
            // The same call as the screen, so the file equals what /sicGoodsDetail shows.
            const { data } = await this.d.goods.stores(auth, condition);
            const table = openTable(
              format,
              out,
              title,
              columns(
                locale,
                [
                  ['area_name', 'text'],
                  ['store_name', 'text'],
                  ['units', 'int'],
                  ['income', 'money'],
                ],
                q.seesProfit,
              ),
            );
            for (const s of data) table.row([s.area_name, s.store_name, s.count, s.income]);
            table.row(
              [
                reportText('total', locale),
                null,
                data.reduce((n, s) => n + s.count, 0),
                data.reduce((n, s) => n + s.income, 0),
              ],
              true,
            );
            await table.end();
          },
        };
      }
    }
  }

  /**
   * A statistics list as a table: each row's own cells, its figures, and a total row of the rows' figures (the
   * lists hold every area, store or machine with figures, so the total is the whole range's).
   */
  private async figuresWriter(
    auth: AuthContext,
    condition: RangeCondition & PlaceCondition,
    locale: Locale,
    lead: FigureSpec[],
    rowsOf: () => Promise<Array<{ cells: Cell[]; analysis: SalesAnalysis }>>,
  ): Promise<Writer> {
    const q = await this.d.query.resolve(auth, condition);
    const figures = (f: Figures): Cell[] => [
      f.count,
      f.successCount,
      f.refundCount,
      f.income,
      f.refund,
      f.price,
      ...(q.seesProfit ? [f.costPrice, f.profit] : []),
    ];
    return {
      range: q.range,
      timeZone: q.timeZone,
      write: async (out, format, title) => {
        const rows = await rowsOf();
        const table = openTable(format, out, title, columns(locale, [...lead, ...FIGURES], q.seesProfit));
        const total = {
          count: 0,
          successCount: 0,
          refundCount: 0,
          income: 0,
          refund: 0,
          costPrice: 0,
          profit: 0,
        };
        for (const r of rows) {
          table.row([...r.cells, ...figures(r.analysis)]);
          for (const key of Object.keys(total) as Array<keyof typeof total>)
            total[key] += r.analysis[key] ?? 0;
        }
        table.row(
          [
            reportText('total', locale),
            ...Array<Cell>(lead.length - 1).fill(null),
            ...figures({ ...total, price: averagePrice(total.income, total.successCount) }),
          ],
          true,
        );
        await table.end();
      },
    };
  }

  private async writeBills(
    out: Writable,
    format: ReportFormat,
    title: string,
    all: Awaited<ReturnType<BillsService['readAll']>>,
    locale: Locale,
  ): Promise<void> {
    const { seesProfit, timeZone } = all;
    const table = openTable(
      format,
      out,
      title,
      columns(
        locale,
        [
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
        seesProfit,
      ),
    );
    for await (const page of all.pages) {
      for (const b of page) {
        table.row([
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
          ...(seesProfit ? [b.cost_price] : []),
          b.cardno,
          b.merchant_order,
        ]);
      }
      // Between pages: let the client take what was written before reading more.
      await table.drain();
    }
    const a = all.analysis;
    table.row(
      [
        `${reportText('total', locale)} (${all.count})`,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        a.income + a.refund,
        a.refund,
        a.income,
        ...(seesProfit ? [a.costPrice] : []),
        null,
        null,
      ],
      true,
    );
    await table.end();
  }
}

/** A file's range and zone (for its name), and what writes it. */
interface Writer {
  range: { start: number; end: number };
  timeZone: string;
  write: (out: Writable, format: ReportFormat, title: string) => Promise<void>;
}

type Figures = Pick<
  SalesAnalysis,
  'count' | 'successCount' | 'refundCount' | 'income' | 'refund' | 'price'
> & {
  costPrice: number | null;
  profit: number | null;
};

/** 'YYYY-MM-DD HH:mm:ss' in the merchant's zone (spec §9 time format). */
function stamp(ms: number, timeZone: string): string {
  const d = zonedDate(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.year}-${two(d.month)}-${two(d.day)} ${two(d.hour)}:${two(d.minute)}:${two(d.second)}`;
}
