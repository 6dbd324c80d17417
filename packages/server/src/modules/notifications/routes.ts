import type { FastifyRequest } from 'fastify';
import * as api from '@vendo/contract/api/notify';
import { SandboxMessaging } from '../../integrations/messaging/sandbox-messaging';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { DevRoutes } from '../../platform/dev-routes';
import type { CallRegistrar } from '../../platform/route';
import type { NotifyService } from './notify-service';

/** Notification recipients (/notification) and the sandbox's template outbox (a dev route). */
export function notifyRoutes(
  r: CallRegistrar,
  notify: NotifyService,
  messaging: MessagingApp,
  dev: DevRoutes,
  origin: (request: FastifyRequest) => string,
): void {
  r.session(api.getNotifyList, ({ auth, body }) => notify.list(auth, body));
  r.session(api.getNotifyBindUrl, ({ auth, body, request }) => notify.bindUrl(auth, body, origin(request)));
  r.session(api.editNotify, async ({ auth, body }) => {
    await notify.edit(auth, body);
    return {};
  });
  r.session(api.delNotify, async ({ auth, body }) => {
    await notify.remove(auth, body.notify_id);
    return {};
  });
  if (messaging instanceof SandboxMessaging) {
    dev.add('POST', api.templateOutbox.path, () =>
      r.public(api.templateOutbox, async ({ body }) => {
        const data = messaging.sentTemplates(body.openid).map((m) => ({
          msgid: m.msgid,
          openid: m.openid,
          template: m.templateId,
          url: m.url,
          data: m.data,
          sent_at: m.sentAt,
        }));
        return { data, count: data.length };
      }),
    );
  }
}
