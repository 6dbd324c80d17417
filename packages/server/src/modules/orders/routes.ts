import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/orders';
import * as buy from '@vendo/contract/api/purchase';
import { RCODE } from '@vendo/contract/rcodes';
import type { PayChannel } from '../../integrations/payments/payment-provider';
import type { SandboxPayments } from '../../integrations/payments/sandbox-payments';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import type { CallRegistrar } from '../../platform/route';
import './order-field-labels';
import type { OrdersModule } from './orders-module';

export function orderRoutes(r: CallRegistrar, m: OrdersModule, dev: DevRoutes): void {
  r.session(api.getBuyBill, ({ auth, body, locale }) => m.bills.buyBills(auth, body, locale));
  r.session(api.getPayBill, ({ auth, body, locale }) => m.bills.payBills(auth, body, locale));
  r.session(api.abnormalCount, ({ auth }) => m.bills.abnormalCount(auth));
  r.session(api.refund, ({ auth, body, locale }) => m.refunds.request(auth, body, 'manual', locale));
  r.session(api.offlineRefund, ({ auth, body, locale }) => m.refunds.request(auth, body, 'offline', locale));
  r.session(api.replaceGoods, ({ auth, body, locale }) => m.vend.replace(auth, body, locale));
  r.session(api.getOneCard, ({ auth, body, locale }) => m.bills.card(auth, body, locale));

  r.public(buy.getMachine, ({ body }) => m.purchase.machine(body.sn));
  r.public(buy.createOrder, ({ body, userAgent, ip }) => m.purchase.create(body, { userAgent, ip }));
  r.public(buy.getOrder, ({ body, locale }) => m.purchase.order(body, locale));
  // The sandbox cashier's calls: whoever holds the page pays, so they are dev routes (decision 019).
  const sandbox = m.sandbox;
  if (sandbox) {
    dev.add('POST', buy.getSandboxCheckout.path, () =>
      r.public(buy.getSandboxCheckout, ({ body }) => sandboxCheckout(sandbox, body.tx)),
    );
    dev.add('POST', buy.sandboxPay.path, () =>
      r.public(buy.sandboxPay, async ({ body }) => {
        if (body.action === 'pay') await sandbox.pay(body.tx);
        else await sandbox.cancel(body.tx);
        return sandboxCheckout(sandbox, body.tx);
      }),
    );
  }
}

async function sandboxCheckout(sandbox: SandboxPayments, tx: string) {
  const row = await sandbox.checkout(tx);
  if (!row) throw new AppError(RCODE.ORDER_NOT_FOUND);
  return {
    tx: row.tx_id,
    channel: row.channel === 'alipay' ? ('alipay' as const) : ('wechat' as const),
    amount: row.amount,
    description: row.description,
    state:
      row.state === 'paid'
        ? ('paid' as const)
        : row.state === 'closed'
          ? ('closed' as const)
          : ('pending' as const),
    return_url: row.return_url,
  };
}

/**
 * The payment channels' notification endpoint: a raw body (the signature covers its exact bytes) answered the
 * way WeChat Pay expects, 200 {"code":"SUCCESS"} or 4xx {"code":"FAIL"} (the channel then tries again).
 */
export function paymentNotifyRoutes(app: FastifyInstance, m: OrdersModule): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, typeof body === 'string' ? body : body.toString('utf8'));
    });
    scope.post<{ Params: { channel: string }; Body: string }>(
      '/p/v1/pay/notify/:channel',
      async (request, reply) => {
        const channel = request.params.channel;
        if (channel !== 'wechat' && channel !== 'alipay') {
          return reply.status(404).send({ code: 'FAIL', message: 'unknown channel' });
        }
        const ok = await m.payments.onNotification(
          channel as PayChannel,
          request.headers,
          String(request.body ?? ''),
        );
        return ok
          ? reply.status(200).send({ code: 'SUCCESS', message: 'OK' })
          : reply.status(400).send({ code: 'FAIL', message: 'refused' });
      },
    );
  });
}
