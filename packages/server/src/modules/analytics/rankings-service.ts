import type { devDays, storeDays } from '@vendo/contract/api/analytics';
import type { CallResult } from '@vendo/contract/api/call';
import type { AuthContext } from '../../platform/auth';
import type { Body } from '../devices/call-types';
import { rankFiguresOf } from '../orders/analysis-sums';
import type { AnalyticsQuery } from './analytics-query';
import type { PlaceRepository } from './place-repository';
import type { SalesFacts } from './sales-facts';

export interface RankingsDeps {
  query: AnalyticsQuery;
  facts: SalesFacts;
  places: PlaceRepository;
}

/** The dashboard's store and device tabs: the Top N of the range (spec §9: Top 6), with their names. */
export class RankingsService {
  constructor(private readonly d: RankingsDeps) {}

  async stores(
    auth: AuthContext,
    c: Body<typeof storeDays>['condition'],
  ): Promise<CallResult<typeof storeDays>> {
    const q = await this.d.query.resolve(auth, c);
    // Sales of machines standing in no store have no store to rank (rankings.ts).
    const top = await this.d.facts.ranking(q.filter, 'store', c.sort_attr, c.top);
    const stores = await this.d.places.storeNames(
      q.scope.merchantId,
      top.map(([id]) => Number(id)),
    );
    return {
      data: top.map(([id, s]) => {
        const store = stores.get(Number(id));
        return {
          store: { _id: Number(id), store_name: store?.name ?? '' },
          area: store ? { _id: store.area_id, area_name: store.area_name } : null,
          figures: rankFiguresOf(s, q.seesProfit),
        };
      }),
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }

  async devices(
    auth: AuthContext,
    c: Body<typeof devDays>['condition'],
  ): Promise<CallResult<typeof devDays>> {
    const q = await this.d.query.resolve(auth, c);
    const top = await this.d.facts.ranking(q.filter, 'sn', c.sort_attr, c.top);
    const names = await this.d.places.deviceNames(
      q.scope.merchantId,
      top.map(([sn]) => sn),
    );
    return {
      data: top.map(([sn, s]) => {
        const device = names.get(sn);
        return {
          sn,
          title: device?.title ?? '',
          type: device?.type ?? '',
          store:
            device?.store_id != null ? { _id: device.store_id, store_name: device.store_name ?? '' } : null,
          figures: rankFiguresOf(s, q.seesProfit),
        };
      }),
      range: { start_time: q.range.start, end_time: q.range.end },
    };
  }
}
