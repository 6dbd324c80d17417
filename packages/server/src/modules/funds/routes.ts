import * as api from '@vendo/contract/api/funds';
import type { CallRegistrar } from '../../platform/route';
import type { FundsService } from './funds-service';

/** /fund and /settle: one line per call. */
export function fundRoutes(r: CallRegistrar, funds: FundsService): void {
  r.session(api.getFunds, ({ auth }) => funds.funds(auth));
  r.session(api.getSettle, ({ auth, body }) => funds.settlements(auth, body));
  r.session(api.getSettleDetail, ({ auth, body }) => funds.detail(auth, body));
}
