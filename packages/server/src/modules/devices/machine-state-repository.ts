import type { Kysely } from 'kysely';
import { zDeviceSn, type PresenceMessage, type StatusReport } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import { safeEqual, sha256 } from '../../platform/crypto';
import type { MachineDirectory, MachineStateStore, PresenceChange } from '../../gateway/machine-ports';

/** The gateway's view of the devices table: who may connect, who is online, what they report. */
export class MachineStateRepository implements MachineDirectory, MachineStateStore {
  constructor(private readonly db: Kysely<Database>) {}

  async authenticate(sn: string, secret: string, clientId: string): Promise<boolean> {
    if (!zDeviceSn.safeParse(sn).success) return false;
    const row = await this.db
      .selectFrom('devices')
      .select(['secret_hash', 'clientid'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    // Device secrets are 128 random bits, so a plain SHA-256 is enough (no password stretching needed).
    return !!row && safeEqual(row.secret_hash, sha256(secret)) && row.clientid === clientId;
  }

  /**
   * Online always takes the new connection id; offline applies only to the connection that is current, so the
   * late will message of a connection the machine already replaced changes nothing. Each update is
   * conditional, so several gateway processes applying the same message change the row once.
   */
  async presence(sn: string, message: PresenceMessage, now: number): Promise<PresenceChange> {
    if (message.online) {
      const result = await this.db
        .updateTable('devices')
        .set({ alive: 1, conn_id: message.conn, online_at: now, seen_at: now })
        .where('sn', '=', sn)
        .where((eb) =>
          eb.or([eb('alive', '=', 0), eb('conn_id', 'is', null), eb('conn_id', '<>', message.conn)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? 'online' : 'ignored';
    }
    const result = await this.db
      .updateTable('devices')
      .set({ alive: 0, offline_at: now, seen_at: now })
      .where('sn', '=', sn)
      .where('alive', '=', 1)
      .where((eb) => eb.or([eb('conn_id', '=', message.conn), eb('conn_id', 'is', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'offline' : 'ignored';
  }

  async reports(batch: ReadonlyMap<string, StatusReport>, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [sn, report] of batch) {
        await trx
          .updateTable('devices')
          .set({
            rssi: report.rssi,
            seen_at: now,
            ...(report.version !== undefined ? { version: report.version } : {}),
            ...(report.mversion !== undefined ? { mversion: report.mversion } : {}),
            ...(report.imei !== undefined ? { imei: report.imei } : {}),
            ...(report.android_version !== undefined ? { android_version: report.android_version } : {}),
          })
          .where('sn', '=', sn)
          .execute();
      }
    });
  }

  async markAllOffline(now: number): Promise<number> {
    const result = await this.db
      .updateTable('devices')
      .set({ alive: 0, offline_at: now })
      .where('alive', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
