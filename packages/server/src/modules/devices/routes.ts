import * as api from '@vendo/contract/api/devices';
import { RCODE } from '@vendo/contract/rcodes';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import type { CallRegistrar } from '../../platform/route';
import './device-field-labels';
import type { DevicesModule } from './devices-module';

export function deviceRoutes(
  r: CallRegistrar,
  m: DevicesModule,
  messaging: MessagingApp,
  dev: DevRoutes,
): void {
  r.session(api.bindDevice, ({ auth, body }) => m.devices.bind(auth, body));
  r.session(api.unbindDevice, ({ auth, body }) => m.devices.unbind(auth, body));
  r.session(api.getDev, ({ auth, body }) => m.devices.list(auth, body));
  r.session(api.devOnlineCount, ({ auth }) => m.devices.onlineCount(auth));
  r.session(api.editDev, ({ auth, body, locale }) => m.devices.edit(auth, body, locale));

  r.session(api.getDevChannel, ({ auth, body, locale }) => m.shelves.list(auth, body.sn, locale));
  r.session(api.setChannelInfo, ({ auth, body, locale }) => m.shelves.setInfo(auth, body, locale));
  r.session(api.getResetC, ({ auth, body }) => m.shelves.numbering(auth, body.sn));
  r.session(api.resetId, ({ auth, body, locale }) => m.shelves.renumber(auth, body, locale));
  r.session(api.setChannelNum, ({ auth, body, locale }) => m.shelves.setCount(auth, body, locale));
  r.session(api.putDownGoods, ({ auth, body, locale }) => m.shelves.putDown(auth, body, locale));
  r.session(api.setQuantity, ({ auth, body, locale }) => m.shelves.setQuantity(auth, body, locale));

  r.session(api.remoteOuting, ({ auth, body, locale }) => m.remote.dispense(auth, body, locale));
  r.session(api.testOut, ({ auth, body, locale }) => m.remote.test(auth, body, locale));
  r.session(api.power, ({ auth, body, locale }) => m.remote.power(auth, body, locale));
  r.session(api.switchLED, ({ auth, body, locale }) => m.remote.lamp(auth, body, locale));
  r.session(api.onlineShopAlive, ({ auth, body, locale }) => m.remote.shopAlive(auth, body, locale));

  // The QR scanner of /deviceBindEnter runs on the messaging app's JS-SDK. The sandbox's stands on its media store,
  // a dev route: where that is off (production on the sandbox) there is no SDK and the screens use plain uploads.
  r.session(api.getMJssdkConfig, async ({ body }) => {
    if (messaging.sandbox && !dev.enabled) throw new AppError(RCODE.NOT_FOUND);
    return { ...(await messaging.jssdkConfig(body.url)), sandbox: messaging.sandbox };
  });
}
