import type { Kysely } from 'kysely';
import type { DeviceType } from '@vendo/contract/enums';
import { Fleet, type FleetOptions } from '@vendo/device-sim/fleet';
import type { MachineCredentials } from '@vendo/device-sim/machine';
import type { Database } from '../db/database';
import { ChannelRepository } from '../modules/devices/channel-repository';
import { DeviceRepository } from '../modules/devices/device-repository';
import type { DevicesModule } from '../modules/devices/devices-module';
import { rotateDeviceSecret } from '../modules/devices/provisioning';
import { logShelfChange } from '../modules/stock/shelf-stock-log';

const DEMO_SETTING = 'demo_machines';

/** The machines the demo merchant owns; their shop apps run inside the server process as simulations. */
const DEMO_MACHINES: Array<{ type: DeviceType; title: string }> = [
  { type: 'vm', title: '大堂售货机 Lobby vending' },
  { type: 'gpm', title: '扭蛋角 Capsule corner' },
  { type: 'fdj', title: '福袋机 Lucky bags' },
];

/**
 * Provisions the demo machines and binds them to the demo merchant the first time; later starts find them again.
 * Secrets are kept only as hashes, so each start gives the machines new ones to connect with.
 */
export async function ensureDemoMachines(
  db: Kysely<Database>,
  devices: DevicesModule,
  merchantPhone: string,
  now: number,
): Promise<MachineCredentials[]> {
  const owner = await db
    .selectFrom('users')
    .select(['id', 'merchant_id'])
    .where('username', '=', merchantPhone)
    .where('is_main', '=', 1)
    .executeTakeFirst();
  if (!owner) return [];
  const stored = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', DEMO_SETTING)
    .executeTakeFirst();
  let sns: string[] = stored ? (JSON.parse(stored.value) as string[]) : [];
  if (sns.length === 0) {
    sns = [];
    const repo = new DeviceRepository(db);
    const channels = new ChannelRepository(db);
    for (const demo of DEMO_MACHINES) {
      const [made] = await devices.provision(1, demo.type, 'demo');
      if (!made) continue;
      await db.transaction().execute(async (trx) => {
        await repo.bind(trx, {
          sn: made.sn,
          merchantId: owner.merchant_id,
          userId: owner.id,
          title: demo.title,
          type: demo.type,
          now,
        });
        await stockShelves(trx, channels, made.sn, owner.merchant_id, now);
      });
      sns.push(made.sn);
    }
    await db
      .insertInto('settings')
      .values({ key: DEMO_SETTING, value: JSON.stringify(sns) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(sns) }))
      .execute();
  }
  const credentials: MachineCredentials[] = [];
  for (const sn of sns) {
    const device = await db
      .selectFrom('devices')
      .select(['sn', 'clientid', 'type'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    const secret = device ? await rotateDeviceSecret(db, sn, now) : null;
    if (device && secret) credentials.push({ sn, clientid: device.clientid, secret, type: device.type });
  }
  return credentials;
}

/** Puts the merchant's goods (when the catalog has some) on the first shelves, half full. */
async function stockShelves(
  trx: Kysely<Database>,
  channels: ChannelRepository,
  sn: string,
  merchantId: number,
  now: number,
): Promise<void> {
  const device = await trx
    .selectFrom('devices')
    .select(['id', 'sn', 'area_id', 'store_id'])
    .where('sn', '=', sn)
    .executeTakeFirstOrThrow();
  const goods = await trx
    .selectFrom('goods')
    .select(['id', 'name', 'price'])
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(6)
    .execute();
  const shelves = await channels.list(device.id, merchantId, trx);
  for (const [i, g] of goods.entries()) {
    const shelf = shelves[i];
    if (!shelf) break;
    await channels.update(
      trx,
      shelf.id,
      {
        name: g.name.slice(0, 50),
        price: g.price,
        game_price: g.price,
        goods_id: g.id,
        quantity: 5,
        capacity: 10,
      },
      now,
    );
    await logShelfChange(trx, {
      merchantId,
      device,
      shelf,
      before: { goodsId: null, quantity: 0 },
      after: { goodsId: g.id, quantity: 5 },
      userId: null,
      remarks: 'demo stock',
      now,
    });
  }
}

/** Runs the demo machines against the gateway: they report, take commands and sometimes drop off and return. */
export async function runDemoMachines(
  credentials: MachineCredentials[],
  url: string,
  prefix: string,
  options: Partial<FleetOptions> = {},
): Promise<Fleet> {
  const fleet = new Fleet(credentials, {
    url,
    prefix,
    reportEveryMs: 30_000,
    commandDelayMs: [300, 900],
    ...options,
  });
  const failed = await fleet.start();
  if (failed.length > 0)
    throw new Error(`demo machines could not connect: ${failed.map((f) => f.error).join('; ')}`);
  return fleet;
}
