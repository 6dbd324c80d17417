import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/funds';
import { queryTradeRoute } from '@vendo/contract/api/splits';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import type { FundsModule } from './funds-module';
import type { FundsService } from './funds-service';
import { SETTLEMENT_FILE_PATH, type SettlementReport } from './settlement-report';

/** /fund, /settle, /profitSharing and the split screen's trade route: one line per call. */
export function fundRoutes(r: CallRegistrar, funds: FundsService): void {
  r.session(api.getFunds, ({ auth }) => funds.funds(auth));
  r.session(api.getSettle, ({ auth, body }) => funds.settlements(auth, body));
  r.session(api.getSettleDetail, ({ auth, body }) => funds.detail(auth, body));
  r.session(api.getProfitSharing, ({ auth, body }) => funds.profitSharing(auth, body));
  r.session(queryTradeRoute, ({ auth, body }) => funds.tradeRoute(auth, body));
}

/** /settle's download (1033 with 1036): the call answering a link, and the file behind the link. */
export function settlementReportRoutes(
  r: CallRegistrar,
  app: FastifyInstance,
  report: SettlementReport,
  publicUrl: string | undefined,
): void {
  r.session(api.settleReport, ({ auth, body, locale, request }) =>
    report.request(auth, body, locale, publicOrigin(publicUrl, request)),
  );
  reportFileRoute(app, SETTLEMENT_FILE_PATH, (ticket, headers) => report.open(ticket, headers));
}

/** Demo and test mode: /p/v1/dev/settleNow (declared in every mode, 404 in production; docs/funds.md). */
export function fundDevRoutes(r: CallRegistrar, dev: DevRoutes, funds: FundsModule): void {
  dev.add('POST', api.settleNow.path, () =>
    r.public(api.settleNow, async ({ body }) => {
      const merchant = await funds.repo.merchantByKey(body.merchant);
      if (!merchant) throw new AppError(RCODE.PHONE_NOT_REGISTERED);
      const outcome = await funds.settlement.settleNow(merchant.id, merchant.time_zone);
      return { merchant_id: merchant.id, settle_date: outcome.settleDate, settlements: outcome.settlements };
    }),
  );
}
