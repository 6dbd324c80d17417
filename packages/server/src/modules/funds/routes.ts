import * as api from '@vendo/contract/api/funds';
import { queryTradeRoute } from '@vendo/contract/api/splits';
import type { CallRegistrar } from '../../platform/route';
import type { FundsService } from './funds-service';

/** /fund, /settle, /profitSharing and the split screen's trade route: one line per call. */
export function fundRoutes(r: CallRegistrar, funds: FundsService): void {
  r.session(api.getFunds, ({ auth }) => funds.funds(auth));
  r.session(api.getSettle, ({ auth, body }) => funds.settlements(auth, body));
  r.session(api.getSettleDetail, ({ auth, body }) => funds.detail(auth, body));
  r.session(api.getProfitSharing, ({ auth, body }) => funds.profitSharing(auth, body));
  r.session(queryTradeRoute, ({ auth, body }) => funds.tradeRoute(auth, body));
}
