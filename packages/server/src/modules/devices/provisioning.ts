import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_DEVICE_SETTINGS } from '@vendo/contract/device-protocol';
import type { DeviceType } from '@vendo/contract/enums';
import type { Database } from '../../db/database';
import { sha256 } from '../../platform/crypto';
import { bindSign } from './bind-sign';
import type { ChannelRepository } from './channel-repository';
import { writeSettings } from './device-settings';

/** Serial numbers are 12 digits, counted up from here. */
const FIRST_SN = 860_000_000_001;

/**
 * Shelves a new machine of each type comes with; the merchant changes the count with setChannelNum.
 * Vending machines are a 5 × 5 grid (channel_x × channel_y); lattice machines have 24 doors; a capsule
 * machine has 4 drums; pulse and single-shelf machines one outlet.
 */
export const DEFAULT_SHELF_COUNT: Record<DeviceType, number> = {
  vm: 25,
  vms: 1,
  gpm: 4,
  gzj: 24,
  blj: 6,
  mc: 1,
  lpk: 20,
  lpkc: 20,
  fdj: 10,
};

export interface ProvisionedDevice {
  sn: string;
  clientid: string;
  /** The MQTT password, flashed into the machine; only its hash is kept. */
  secret: string;
  /** The bind link's sign. */
  sign: string;
  type: DeviceType;
}

export function newDeviceSecret(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Factory provisioning: new machines with the next serial numbers, a random clientid and device secret, and
 * their default shelves, in one transaction.
 */
export async function provisionDevices(
  db: Kysely<Database>,
  channels: ChannelRepository,
  input: { count: number; type: DeviceType; platformSecret: string; batch: string; now: number },
): Promise<ProvisionedDevice[]> {
  return db.transaction().execute(async (trx) => {
    const { top } = await trx
      .selectFrom('devices')
      .select(sql<number | null>`max(cast(sn as bigint))`.as('top'))
      .executeTakeFirstOrThrow();
    let next = Math.max(FIRST_SN, Number(top ?? 0) + 1);
    const made: ProvisionedDevice[] = [];
    for (let i = 0; i < input.count; i++) {
      const sn = String(next++);
      const clientid = `vd${randomBytes(8).toString('hex')}`;
      const secret = newDeviceSecret();
      const { id } = await trx
        .insertInto('devices')
        .values({
          sn,
          clientid,
          secret_hash: sha256(secret),
          type: input.type,
          merchant_id: null,
          title: '',
          area_id: null,
          store_id: null,
          payout_merchant_id: null,
          is_bank_split: 0,
          bank_split_id: null,
          alive: 0,
          conn_id: null,
          online_at: null,
          offline_at: null,
          seen_at: null,
          rssi: 0,
          version: '',
          mversion: '',
          imei: '',
          android_version: '',
          settings: writeSettings(DEFAULT_DEVICE_SETTINGS),
          stock_notify_threshold: DEFAULT_DEVICE_SETTINGS.stock_notify_threshold,
          settings_rev: 1,
          settings_acked_rev: 0,
          shelves_rev: 1,
          shelves_acked_rev: 0,
          last_dispense_at: null,
          bound_at: null,
          batch: input.batch,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await channels.setCount(trx, id, DEFAULT_SHELF_COUNT[input.type], input.now);
      made.push({
        sn,
        clientid,
        secret,
        sign: bindSign(input.platformSecret, clientid, sn),
        type: input.type,
      });
    }
    return made;
  });
}

/** A new secret for a machine whose secret was lost (re-flash it); the old one stops working at once. */
export async function rotateDeviceSecret(
  db: Kysely<Database>,
  sn: string,
  now: number,
): Promise<string | null> {
  const secret = newDeviceSecret();
  const result = await db
    .updateTable('devices')
    .set({ secret_hash: sha256(secret), updated_at: now })
    .where('sn', '=', sn)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? secret : null;
}
