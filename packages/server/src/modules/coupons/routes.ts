import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '@vendo/contract/api/coupons';
import { buyPagePath } from '@vendo/contract/api/purchase';
import { COUPON_CALLS, COUPON_FIELD_LABELS } from '@vendo/contract/api/coupons';
import { SandboxMessaging } from '../../integrations/messaging/sandbox-messaging';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import { hmac, safeEqual } from '../../platform/crypto';
import { addFieldLabels } from '../../platform/field-labels';
import { publicOrigin } from '../../platform/public-origin';
import type { CallRegistrar } from '../../platform/route';
import type { CouponsModule } from './coupons-module';

addFieldLabels(
  COUPON_FIELD_LABELS,
  COUPON_CALLS.map((c) => c.path),
);

/** The coupon calls: /activity's (main account only) and the purchase page's (public, with the customer token). */
export function couponRoutes(r: CallRegistrar, m: CouponsModule): void {
  r.session(api.getCoupon, ({ auth, body }) => m.coupons.list(auth, body));
  r.session(api.addCoupon, ({ auth, body }) => m.coupons.add(auth, body));
  r.session(api.editCoupon, ({ auth, body }) => m.coupons.edit(auth, body));
  r.session(api.delCoupon, ({ auth, body }) => m.coupons.remove(auth, body.coupon_id));
  r.session(api.getCardCouponList, ({ auth, body }) => m.coupons.receipts(auth, body));
  r.public(api.getMachineCoupons, ({ body }) => m.offer.offered(body.sn, body.customer));
  r.public(api.receiveCoupon, ({ body }) => m.offer.receive(body.sn, body.coupon_id, body.customer));
  r.public(api.getMyCoupons, ({ body }) => m.offer.mine(body.sn, body.customer));
}

/** An identity request is good for this long (the OAuth round trip). */
const STATE_MS = 10 * 60_000;

/**
 * The customer identity of the purchase page (docs/marketing.md "Customer identity"): /p/v1/buy/identity sends the
 * browser to the messaging app's OAuth (snsapi_base: the openid only, no consent page), its callback signs
 * `<channel>:<openid>` and goes back to /buy/<sn>?customer=<token>. Alipay has no OAuth here: only where the
 * messaging app is the sandbox, the same sandbox authorize step stands in for it and the identity is a sandbox one.
 * The state is signed and expires; it carries the machine and the channel, so nothing is kept on the server.
 */
export function customerIdentityRoutes(
  app: FastifyInstance,
  d: {
    messaging: MessagingApp;
    customers: CouponsModule['customers'];
    secret: string;
    publicUrl: string | undefined;
    clock: () => number;
  },
): void {
  const stateKey = hmac(d.secret, 'customer-identity-state');
  const sign = (payload: string) => `${payload}.${hmac(stateKey, payload).slice(0, 32)}`;
  const open = (state: string): { sn: string; channel: 'wechat' | 'alipay' } | null => {
    const dot = state.lastIndexOf('.');
    if (dot <= 0) return null;
    const payload = state.slice(0, dot);
    if (!safeEqual(hmac(stateKey, payload).slice(0, 32), state.slice(dot + 1))) return null;
    const [sn, channel, at] = payload.split('~');
    if (!sn || (channel !== 'wechat' && channel !== 'alipay') || !(d.clock() - Number(at) < STATE_MS))
      return null;
    return { sn, channel };
  };
  const back = (request: FastifyRequest, sn: string, query: string) =>
    `${d.publicUrl ? publicOrigin(d.publicUrl, request) : ''}${buyPagePath(sn)}?${query}`;

  app.get<{ Querystring: Record<string, string | undefined> }>(
    api.CUSTOMER_IDENTITY_PATH,
    async (request, reply) => {
      const parsed = api.customerIdentityQuery.safeParse(request.query);
      if (!parsed.success) return reply.status(400).type('text/plain; charset=utf-8').send('bad request');
      const { sn, channel } = parsed.data;
      // Alipay identities exist only as sandbox ones (labelled so on the page).
      if (channel === 'alipay' && !(d.messaging instanceof SandboxMessaging))
        return reply.redirect(back(request, sn, 'identity=failed'));
      const state = sign(`${sn}~${channel}~${d.clock()}`);
      const redirectUri = `${publicOrigin(d.publicUrl, request)}${api.CUSTOMER_IDENTITY_CALLBACK_PATH}`;
      return reply.redirect(d.messaging.oauthAuthorizeUrl({ redirectUri, state, scope: 'snsapi_base' }));
    },
  );

  app.get<{ Querystring: { code?: string; state?: string } }>(
    api.CUSTOMER_IDENTITY_CALLBACK_PATH,
    async (request, reply) => {
      const intent = open(String(request.query.state ?? ''));
      if (!intent)
        return reply.status(400).type('text/plain; charset=utf-8').send('identity request expired');
      const token = request.query.code ? await d.messaging.oauthExchangeCode(request.query.code) : null;
      if (!token) return reply.redirect(back(request, intent.sn, 'identity=failed'));
      const customer = d.customers.sign(intent.channel, token.openid);
      return reply.redirect(back(request, intent.sn, new URLSearchParams({ customer }).toString()));
    },
  );
}
