import * as api from '@vendo/contract/api/webhooks';
import type { CallRegistrar } from '../../platform/route';
import './webhook-field-labels';
import type { WebhookService } from './webhook-service';

/** The event stream (BuyBill, each kind by its permission) and the main account's webhook endpoints. */
export function webhookRoutes(r: CallRegistrar, webhooks: WebhookService): void {
  r.session(api.getEvents, ({ auth, body }) => webhooks.events(auth, body));
  r.session(api.getWebhooks, ({ auth }) => webhooks.list(auth));
  r.session(api.addWebhook, ({ auth, body }) => webhooks.add(auth, body));
  r.session(api.editWebhook, ({ auth, body }) => webhooks.edit(auth, body));
  r.session(api.delWebhook, ({ auth, body }) => webhooks.remove(auth, body.id));
  r.session(api.rotateWebhookSecret, ({ auth, body }) => webhooks.rotate(auth, body.id));
  r.session(api.getWebhookDeliveries, ({ auth, body }) => webhooks.deliveries(auth, body));
  r.session(api.replayWebhookDelivery, ({ auth, body }) => webhooks.replay(auth, body.delivery_id));
  r.session(api.testWebhook, ({ auth, body }) => webhooks.test(auth, body.id));
}
