import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DeviceGateway } from '../../gateway/device-gateway';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { AppModules } from '../apps/app-modules';
import type { MachineShelves } from '../devices/machine-shelves';
import { Background } from '../devices/background';
import { NotificationDelivery } from './notify-delivery';
import { NotifyRepository } from './notify-repository';
import { NotifyService } from './notify-service';

export interface NotificationsModule {
  recipients: NotifyService;
  delivery: NotificationDelivery;
  /** Resolves when alerts raised by machine hooks have been queued. */
  idle(): Promise<void>;
}

/**
 * Wires recipients and delivery, and listens to the device gateway: machines going offline and back, and
 * deliveries reporting a fault (abnormal orders). The hooks queue work in the background so the gateway never
 * waits for notifications.
 */
export function createNotifications(deps: {
  db: Kysely<Database>;
  messaging: MessagingApp;
  machines: MachineShelves;
  apps: AppModules;
  gateway: DeviceGateway;
  clock: () => number;
  publicUrl: string | undefined;
  log: GatewayLog;
}): NotificationsModule {
  const repo = new NotifyRepository(deps.db);
  const delivery = new NotificationDelivery({ ...deps, repo });
  const background = new Background((error) => deps.log.error({ err: error }, 'notification alert failed'));
  // A machine's presence changes are handled one after the other, in the order the gateway saw them: an "online"
  // still being handled must not cancel the "offline" that came after it.
  const presenceTails = new Map<string, Promise<void>>();
  deps.gateway.onPresence((sn, change) =>
    background.run(async () => {
      const previous = presenceTails.get(sn) ?? Promise.resolve();
      const current = previous.catch(() => undefined).then(() => delivery.devicePresence(sn, change));
      presenceTails.set(sn, current);
      try {
        await current;
      } finally {
        if (presenceTails.get(sn) === current) presenceTails.delete(sn);
      }
    }),
  );
  deps.gateway.onEventStored((sn, event) => background.run(() => delivery.machineEvent(sn, event)));
  return {
    recipients: new NotifyService({ db: deps.db, repo, apps: deps.apps, clock: deps.clock }),
    delivery,
    idle: () => background.idle(),
  };
}
