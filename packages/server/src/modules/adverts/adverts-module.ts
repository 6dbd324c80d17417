import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { ImageLibrary } from '../catalog/image-library';
import type { CouponsService } from '../coupons/coupons-service';
import { Background } from '../devices/background';
import type { DevicesModule } from '../devices/devices-module';
import { AdvertContent } from './advert-content';
import { AdvertRepository } from './advert-repository';
import { AdvertSync } from './advert-sync';
import { AdvertsService } from './adverts-service';

export interface AdvertsModule {
  /** /advertisement's calls and the purchase page's ads. */
  adverts: AdvertsService;
  /** The machines' ads lists: pushed on changes and to a machine coming online with another revision. */
  sync: AdvertSync;
  /** Resolves when the pushes started in the background have finished. */
  idle(): Promise<void>;
}

/**
 * Advertisements (issue 18, docs/marketing.md "Advertisements"): built on the catalog (the image library), the
 * coupons (a coupon plan's coupon) and the machines (their commands and presence).
 */
export function createAdverts(deps: {
  db: Kysely<Database>;
  images: ImageLibrary;
  coupons: CouponsService;
  devices: Pick<DevicesModule, 'commander' | 'gateway' | 'devices'>;
  clock: () => number;
  log: GatewayLog;
}): AdvertsModule {
  const repo = new AdvertRepository(deps.db);
  const content = new AdvertContent({ repo, images: deps.images, coupons: deps.coupons });
  const background = new Background((error) => deps.log.error({ err: error }, 'pushing ads failed'));
  const sync = new AdvertSync({
    repo,
    content,
    commander: deps.devices.commander,
    background,
    clock: deps.clock,
  });
  deps.devices.gateway.onOnline((sn, presence) => background.run(() => sync.catchUp(sn, presence)));
  // A machine bound, unbound or moved to another store: its list may have changed.
  deps.devices.devices.onMachinePlaced((sn) => sync.changed([sn]));
  return {
    adverts: new AdvertsService({
      db: deps.db,
      repo,
      images: deps.images,
      coupons: deps.coupons,
      content,
      sync,
      clock: deps.clock,
    }),
    sync,
    idle: () => background.idle(),
  };
}
