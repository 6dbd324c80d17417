import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/marketing';
import { MARKETING_CALL_PATHS, MARKETING_FIELD_LABELS } from '@vendo/contract/api/marketing';
import { addFieldLabels } from '../../platform/field-labels';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import type { MarketingModule } from './marketing-module';
import { RECORD_FILE_PATH } from './record-report';

addFieldLabels(MARKETING_FIELD_LABELS, MARKETING_CALL_PATHS);

/** /activityCenter and /record (main account only, declared in the contract), and the record file's link. */
export function marketingRoutes(
  r: CallRegistrar,
  app: FastifyInstance,
  m: MarketingModule,
  publicUrl: string | undefined,
): void {
  r.session(api.getActivityCenter, ({ auth }) => m.marketing.center(auth));
  r.session(api.getRecord, ({ auth, body }) => m.marketing.records(auth, body));
  r.session(api.recordReport, ({ auth, body, locale, request }) =>
    m.report.request(auth, body, locale, publicOrigin(publicUrl, request)),
  );
  reportFileRoute(app, RECORD_FILE_PATH, (ticket, headers) => m.report.open(ticket, headers));
}
