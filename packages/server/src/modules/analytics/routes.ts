import * as api from '@vendo/contract/api/analytics';
import type { CallRegistrar } from '../../platform/route';
import './analytics-field-labels';
import type { AnalyticsModule } from './analytics-module';

export function analyticsRoutes(r: CallRegistrar, m: AnalyticsModule): void {
  r.session(api.overview, ({ auth }) => m.series.overview(auth));
  r.session(api.detail, ({ auth, body }) => m.series.detail(auth, body.condition));
  r.session(api.storeDays, ({ auth, body }) => m.rankings.stores(auth, body.condition));
  r.session(api.devDays, ({ auth, body }) => m.rankings.devices(auth, body.condition));
  r.session(api.goodSum, ({ auth, body }) => m.goods.ranking(auth, body));
  r.session(api.goodSumForG, ({ auth, body }) => m.goods.ranking(auth, body));
  r.session(api.areaList, ({ auth, body }) => m.lists.areas(auth, body));
  r.session(api.storeList, ({ auth, body }) => m.lists.stores(auth, body));
  r.session(api.deviceList, ({ auth, body }) => m.lists.devices(auth, body));
  r.session(api.deviceOverview, ({ auth, locale }) => m.lists.deviceTypes(auth, locale));
  r.session(api.dayOrder, ({ auth, body }) => m.series.machines(auth, body.condition, 'day'));
  r.session(api.hoursOrder, ({ auth, body }) => m.series.machines(auth, body.condition, 'hour'));
  r.session(api.days, ({ auth, body }) => m.series.place(auth, body.condition, 'day'));
  r.session(api.hours, ({ auth, body }) => m.series.place(auth, body.condition, 'hour'));
  r.session(api.goodsHours, ({ auth, body }) => m.goods.series(auth, body.condition, 'hour'));
  r.session(api.goodsDay, ({ auth, body }) => m.goods.series(auth, body.condition, 'day'));
  r.session(api.goodStore, ({ auth, body }) => m.goods.stores(auth, body.condition));
}
