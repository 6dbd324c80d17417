import * as api from '@vendo/contract/api/referrers';
import { publicOrigin } from '../../platform/public-origin';
import type { CallRegistrar } from '../../platform/route';
import './referrer-field-labels';
import type { ReferrerService } from './referrer-service';

/** The calls of /referrer: one line each (main account only, declared in the contract). */
export function referrerRoutes(
  r: CallRegistrar,
  referrers: ReferrerService,
  publicUrl: string | undefined,
): void {
  r.session(api.getReferrer, ({ auth, body }) => referrers.list(auth, body));
  r.session(api.addReferrer, ({ auth, body }) => referrers.add(auth, body));
  r.session(api.editReferrer, ({ auth, body }) => referrers.edit(auth, body));
  r.session(api.delReferrer, ({ auth, body }) => referrers.remove(auth, body));
  r.session(api.getReferrerCommission, ({ auth, body }) => referrers.commission(auth, body));
  r.session(api.getReferrerLink, ({ auth, body, request }) =>
    referrers.link(auth, body, publicOrigin(publicUrl, request)),
  );
}
