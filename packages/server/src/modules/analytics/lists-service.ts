import type {
  areaList,
  deviceList,
  deviceOverview,
  SalesAnalysis,
  storeList,
} from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import { DEVICE_TYPE_LABELS, enumLabel } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { rate } from '@vendo/contract/money';
import type { AuthContext } from '../../platform/auth';
import { pageWindow } from '../../db/list-query';
import type { Body } from '../devices/call-types';
import { emptySums, salesAnalysisOf, type AnalysisSums } from '../orders/analysis-sums';
import type { AnalyticsQuery, Query } from './analytics-query';
import type { PlaceRepository } from './place-repository';
import type { SalesFacts } from './sales-facts';

export interface ListsDeps {
  query: AnalyticsQuery;
  facts: SalesFacts;
  places: PlaceRepository;
}

type Paging = { pageNum: number; pageSize: number };

/**
 * The statistics screens' lists (/sicRegion, /sicDevice): every area, store or machine of the caller with the
 * analysis of the range — zeros for those that sold nothing, and those deleted or moved since that still have
 * figures — sorted by income, highest first, and paged.
 */
export class ListsService {
  constructor(private readonly d: ListsDeps) {}

  async areas(auth: AuthContext, body: Body<typeof areaList>): Promise<CallResult<typeof areaList>> {
    const q = await this.d.query.resolve(auth, body.condition);
    const sums = await this.d.facts.sums(q.filter, 'area');
    const rows = await this.d.places.areas(
      q.scope.merchantId,
      q.scope.storeIds,
      idsOf(sums),
      body.condition.area,
    );
    return listed(
      q,
      body,
      rows,
      sums,
      (r) => [String(r.id), -r.id],
      (row, analysis) => ({
        _id: row.id,
        area_name: row.name,
        store_count: row.store_count,
        phone: row.phone,
        remarks: row.remarks,
        area_address: row.address,
        analysis,
      }),
    );
  }

  async stores(auth: AuthContext, body: Body<typeof storeList>): Promise<CallResult<typeof storeList>> {
    const c = body.condition;
    const q = await this.d.query.resolve(auth, c);
    const sums = await this.d.facts.sums(q.filter, 'store');
    const rows = await this.d.places.stores(q.scope.merchantId, q.scope.storeIds, idsOf(sums), {
      areaId: c.area,
      storeId: c.store,
    });
    return listed(
      q,
      body,
      rows,
      sums,
      (r) => [String(r.id), -r.id],
      (row, analysis) => ({
        _id: row.id,
        store_name: row.name,
        area: { _id: row.area_id, area_name: row.area_name },
        dev_count: row.dev_count,
        store_address: row.address,
        analysis,
      }),
    );
  }

  async devices(auth: AuthContext, body: Body<typeof deviceList>): Promise<CallResult<typeof deviceList>> {
    const c = body.condition;
    const q = await this.d.query.resolve(auth, c);
    const sums = await this.d.facts.sums(q.filter, 'sn');
    const rows = await this.d.places.devices(q.scope.merchantId, q.scope.storeIds, [...sums.keys()], {
      areaId: c.area,
      storeId: c.store,
      sn: c.sn,
      type: c.type ?? undefined,
    });
    return listed(
      q,
      body,
      rows,
      sums,
      (r) => [r.sn, r.sn],
      (row, analysis) => ({
        sn: row.sn,
        title: row.title,
        type: row.type,
        alive: row.alive,
        area: row.area_id !== null ? { _id: row.area_id, area_name: row.area_name ?? '' } : null,
        store: row.store_id !== null ? { _id: row.store_id, store_name: row.store_name ?? '' } : null,
        analysis,
      }),
    );
  }

  /** /sicDevice's overview: the caller's machines by type, online now, and the online rate. */
  async deviceTypes(auth: AuthContext, locale: Locale): Promise<CallResult<typeof deviceOverview>> {
    const scope = await this.d.query.scope(auth);
    const types = await this.d.places.presenceByType(scope.merchantId, scope.storeIds);
    const total = types.reduce((n, t) => n + t.total, 0);
    const online = types.reduce((n, t) => n + t.online, 0);
    return {
      data: types.map((t) => ({
        type: t.type,
        type_text: enumLabel(DEVICE_TYPE_LABELS, t.type, locale) ?? t.type,
        total: t.total,
        online: t.online,
        offline: t.total - t.online,
        onlineRate: rate(t.online, t.total),
      })),
      total,
      online,
      offline: total - online,
      onlineRate: rate(online, total),
    };
  }
}

/** The ids with figures, except 0 (orders of machines standing in no store or area). */
function idsOf(sums: Map<string, AnalysisSums>): number[] {
  return [...sums.keys()].map(Number).filter((id) => id > 0);
}

/**
 * The page asked for of rows with their analysis (zeros without figures), by income descending, then by the
 * row's tie-breaker; `keyOf` answers the row's key in the sums and its tie-breaker.
 */
function listed<R, T extends number | string, I>(
  q: Query,
  paging: Paging,
  rows: R[],
  sums: Map<string, AnalysisSums>,
  keyOf: (row: R) => [string, T],
  present: (row: R, analysis: SalesAnalysis) => I,
): { data: I[]; count: number; range: { start_time: number; end_time: number } } {
  const all = rows.map((row) => {
    const [key, tie] = keyOf(row);
    return { row, sums: sums.get(key) ?? emptySums(), tie };
  });
  all.sort((a, b) => b.sums.income - a.sums.income || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0));
  const { limit, offset } = pageWindow(paging);
  return {
    data: all.slice(offset, offset + limit).map((r) => present(r.row, salesAnalysisOf(r.sums, q.seesProfit))),
    count: all.length,
    range: { start_time: q.range.start, end_time: q.range.end },
  };
}
