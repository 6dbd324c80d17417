import * as api from '@vendo/contract/api/adverts';
import type { CallRegistrar } from '../../platform/route';
import './advert-field-labels';
import type { AdvertsService } from './adverts-service';

/** The calls of /advertisement (main account, Advertisement app: declared in the contract) and the purchase page's. */
export function advertRoutes(r: CallRegistrar, adverts: AdvertsService): void {
  r.session(api.getAdvert, ({ auth, body }) => adverts.list(auth, body));
  r.session(api.addAdvert, ({ auth, body }) => adverts.add(auth, body));
  r.session(api.editAdvert, ({ auth, body }) => adverts.edit(auth, body));
  r.session(api.setAdvertStatus, ({ auth, body }) => adverts.setStatus(auth, body));
  r.session(api.delAdvert, ({ auth, body }) => adverts.remove(auth, body.advert_id));
  r.public(api.getMachineAds, ({ body }) => adverts.machineAds(body.sn));
}
