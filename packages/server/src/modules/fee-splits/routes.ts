import * as api from '@vendo/contract/api/splits';
import type { CallRegistrar } from '../../platform/route';
import './fee-split-field-labels';
import type { FeeSplitsService } from './fee-splits-service';

/**
 * The calls of /feeSplitting: one line each. /k/queryTradeRoute (contract: api/splits.ts) answers from the funds
 * ledger and is registered by the funds module once the ledger books split shares.
 */
export function feeSplitRoutes(r: CallRegistrar, splits: FeeSplitsService): void {
  r.session(api.getMchByBankNo, ({ auth, body, locale }) => splits.lookup(auth, body.acct_no, locale));
  r.session(api.addSplitAccount, ({ auth, body }) => splits.add(auth, body));
  r.session(api.updateSplitAccount, ({ auth, body }) => splits.update(auth, body));
  r.session(api.getMchSplitAccount, ({ auth, body }) => splits.list(auth, body));
  r.session(api.setSplit, ({ auth, body }) => splits.setSplit(auth, body));
}
