import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/bank-cards';
import type { CallRegistrar } from '../../platform/route';
import { publicOrigin } from '../../platform/public-origin';
import { multipartForm } from '../catalog/multipart-form';
import './bank-card-field-labels';
import { IMAGE_PATH, type BankCardsService } from './bank-cards-service';

/** The JSON calls of /bankCard and of the shared editor: one line each. */
export function bankCardRoutes(
  r: CallRegistrar,
  cards: BankCardsService,
  publicUrl: string | undefined,
): void {
  r.session(api.getMerchant, ({ auth, body, locale }) => cards.list(auth, body, locale));
  r.session(api.getBank, ({ auth, body, locale }) => cards.detail(auth, body, locale));
  r.session(api.getImage, ({ auth, body }) => cards.photos(auth, body.merchant_id));
  r.session(api.delMerchant, async ({ auth, body }) => {
    await cards.remove(auth, body.merchant_id);
    return {};
  });
  r.session(api.addBank, ({ auth, body }) => cards.save(auth, body));
  r.session(api.addBankImg, ({ auth, body }) => cards.saveImages(auth, body));
  r.session(api.isBindBank, ({ auth }) => cards.homeStatus(auth));
  r.session(api.uploadWxImage, ({ auth, body }) => cards.uploadWx(auth, body.server_id, body.type));
  r.session(api.ocrImage, ({ auth, body }) => cards.ocr(auth, body));
  r.session(api.bindDevices, ({ auth, body }) => cards.bind(auth, body));
  r.session(api.unbindDevices, ({ auth, body }) => cards.unbind(auth, body));
  r.session(api.getMerchantOptions, ({ auth }) => cards.options(auth));
  r.session(api.getShareUrl, ({ auth, request }) =>
    cards.createShare(auth, publicOrigin(publicUrl, request)),
  );
  r.session(api.getShareList, ({ auth, body }) => cards.shares(auth, body));
  r.session(api.revokeShareUrl, async ({ auth, body }) => {
    await cards.revokeShare(auth, body.share_id);
    return {};
  });
  r.public(api.getBankInfoRecord, ({ body, locale }) => cards.shareRecord(body, locale));
  r.public(api.addBankInfoForShare, ({ body }) => cards.shareSave(body, body));
  r.public(api.addBankImgForShare, ({ body }) => cards.shareImages(body, body));
  r.public(api.uploadWxImageForShare, ({ body }) => cards.shareUploadWx(body, body.server_id, body.type));
  r.public(api.ocrImageForShare, ({ body }) => cards.shareOcr(body, body.image_id, body.type));
}

/**
 * The multipart uploads (their own scope, like the catalog's) and the photos behind signed URLs: private,
 * never cached by a shared cache, never under /uploads.
 */
export function bankCardFileRoutes(
  app: FastifyInstance,
  d: {
    cards: BankCardsService;
    maxBytes: number;
    registrar: (scope: FastifyInstance) => CallRegistrar;
    calls: CallRegistrar['registered'];
  },
): void {
  void app.register(async (scope) => {
    await multipartForm(scope, d.maxBytes);
    // The spec sends the photo's type as ?type= on the plain upload; a form part of that name wins.
    scope.addHook('preHandler', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      const body = request.body as Record<string, unknown> | undefined;
      if (
        body &&
        typeof body === 'object' &&
        body['type'] === undefined &&
        typeof query?.['type'] === 'string'
      ) {
        body['type'] = query['type'];
      }
    });
    const r = d.registrar(scope);
    r.session(api.uploadImage, ({ auth, body }) => d.cards.uploadFile(auth, body.file, body.type));
    r.public(api.uploadImageForShare, ({ body }) => d.cards.shareUploadFile(body, body.file, body.type));
    d.calls.push(...r.registered);
  });

  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
    `${IMAGE_PATH}/:id`,
    async (request, reply) => {
      const image = await d.cards.signedImage(
        request.params.id,
        Number(request.query.exp),
        String(request.query.sig ?? ''),
      );
      if (!image) return reply.callNotFound();
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(image.contentType)
        .send(image.data);
    },
  );
}
