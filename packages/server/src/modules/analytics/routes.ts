import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/analytics';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import './analytics-field-labels';
import type { AnalyticsModule } from './analytics-module';
import { REPORT_FILE_PATH } from './report-service';

export function analyticsRoutes(r: CallRegistrar, m: AnalyticsModule, publicUrl: string | undefined): void {
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
  r.session(api.report, ({ auth, body, locale, request }) =>
    m.report.request(auth, body, locale, publicOrigin(publicUrl, request)),
  );
}

/** The file behind a download link (platform/report-links). */
export function analyticsReportFileRoute(app: FastifyInstance, m: AnalyticsModule): void {
  reportFileRoute(app, REPORT_FILE_PATH, (ticket, headers) => m.report.open(ticket, headers));
}
