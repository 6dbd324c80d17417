import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/gifts';
import { publicOrigin } from '../../platform/public-origin';
import { reportFileRoute } from '../../platform/report-links';
import type { CallRegistrar } from '../../platform/route';
import './gift-field-labels';
import { GIFT_FILE_PATH, type GiftsService } from './gifts-service';

/** The calls of /gift (main account only) and the purchase page's redemption: one line each. */
export function giftRoutes(
  r: CallRegistrar,
  app: FastifyInstance,
  gifts: GiftsService,
  publicUrl: string | undefined,
): void {
  r.session(api.getGift, ({ auth, body }) => gifts.list(auth, body));
  r.session(api.getGiftHubDev, ({ auth, body }) => gifts.machines(auth, body));
  r.session(api.addGift, ({ auth, body }) => gifts.add(auth, body));
  r.session(api.disableGift, ({ auth, body }) => gifts.disable(auth, body));
  r.session(api.download, ({ auth, body, locale, request }) =>
    gifts.download(auth, body, locale, publicOrigin(publicUrl, request)),
  );
  r.session(api.getGiftCodes, ({ auth, body, request }) =>
    gifts.printCodes(auth, body, publicOrigin(publicUrl, request)),
  );
  r.public(api.checkGift, ({ body, ip, locale }) => gifts.check(body, ip, locale));
  r.public(api.redeemGift, ({ body, ip, locale }) => gifts.redeem(body, ip, locale));
  reportFileRoute(app, GIFT_FILE_PATH, (ticket, headers) => gifts.open(ticket, headers));
}
