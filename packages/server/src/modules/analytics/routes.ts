import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/analytics';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { publicOrigin } from '../../platform/public-origin';
import type { CallRegistrar } from '../../platform/route';
import './analytics-field-labels';
import type { AnalyticsModule } from './analytics-module';
import { ClientGone } from './report-file';
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

/**
 * The file behind a download link: a GET the in-app browser opens without headers. Refusals answer the envelope
 * like any call; once the file starts, its rows stream as they are read.
 */
export function reportFileRoute(app: FastifyInstance, m: AnalyticsModule): void {
  app.get<{ Querystring: { ticket?: string } }>(REPORT_FILE_PATH, async (request, reply) => {
    const ticket = request.query.ticket;
    if (typeof ticket !== 'string' || !ticket) throw new AppError(RCODE.REPORT_LINK_INVALID);
    const file = await m.report.open(ticket, request.headers);
    const out = new PassThrough();
    file.write(out).catch((error: unknown) => {
      if (error instanceof ClientGone) {
        request.log.info('report download closed by the client');
        return;
      }
      request.log.error({ err: error }, 'report file failed');
      // Cut the response short, so the browser reports a failed download instead of saving half a file.
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .type(file.contentType)
      .send(out);
  });
}
