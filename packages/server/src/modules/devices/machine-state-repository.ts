import type { Kysely } from 'kysely';
import { zDeviceSn, type PresenceMessage, type StatusReport } from '@vendo/contract/device-protocol';
import type { Database } from '../../db/database';
import { safeEqual, sha256 } from '../../platform/crypto';
import type { MachineDirectory, MachineStateStore, PresenceChange } from '../../gateway/machine-ports';
import { recordEvent } from '../events/event-outbox';

/** A bound machine's presence change as an event of its merchant (unbound machines have none). */
async function presenceEvent(
  trx: Kysely<Database>,
  sn: string,
  device: { merchant_id: number | null; title: string; store_id: number | null },
  type: 'machine.online' | 'machine.offline',
  at: number,
): Promise<void> {
  if (device.merchant_id === null) return;
  await recordEvent(trx, {
    merchantId: device.merchant_id,
    type,
    storeId: device.store_id,
    data: { sn, title: device.title, store_id: device.store_id, at },
    at,
  });
}

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
   * Online takes the new connection id, unless that connection is the current one (already online) or has
   * already gone offline (a connection id is never reused, so its online arriving after its offline — a
   * retained status replayed, messages crossing — is stale). Offline applies only to the connection that is
   * current, so the late will message of a connection the machine already replaced changes nothing. Each
   * update is conditional, so several gateway processes applying the same message change the row once.
   */
  async presence(sn: string, message: PresenceMessage, now: number): Promise<PresenceChange> {
    // The change and its event (machine.offline / machine.online, issue 20) commit together.
    return this.db.transaction().execute(async (trx) => {
      if (message.online) {
        const before = await trx
          .selectFrom('devices')
          .select('alive')
          .where('sn', '=', sn)
          .executeTakeFirst();
        const changed = await trx
          .updateTable('devices')
          .set({ alive: 1, conn_id: message.conn, online_at: now, seen_at: now })
          .where('sn', '=', sn)
          .where((eb) => eb.or([eb('conn_id', 'is', null), eb('conn_id', '<>', message.conn)]))
          .returning(['merchant_id', 'title', 'store_id'])
          .execute();
        if (changed.length !== 1) return 'ignored';
        // A new connection of a machine that was online already is no "back online".
        if (before?.alive === 0) await presenceEvent(trx, sn, changed[0]!, 'machine.online', now);
        return 'online';
      }
      const changed = await trx
        .updateTable('devices')
        .set({ alive: 0, offline_at: now, seen_at: now })
        .where('sn', '=', sn)
        .where('alive', '=', 1)
        .where((eb) => eb.or([eb('conn_id', '=', message.conn), eb('conn_id', 'is', null)]))
        .returning(['merchant_id', 'title', 'store_id'])
        .execute();
      if (changed.length !== 1) return 'ignored';
      await presenceEvent(trx, sn, changed[0]!, 'machine.offline', now);
      return 'offline';
    });
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

  async silent(heardBefore: number, limit: number): Promise<Array<{ sn: string; conn: string | null }>> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['sn', 'conn_id'])
      .where('alive', '=', 1)
      .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', heardBefore)]))
      .orderBy('seen_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ sn: r.sn, conn: r.conn_id }));
  }

  async heard(sn: string, now: number): Promise<void> {
    await this.db.updateTable('devices').set({ seen_at: now }).where('sn', '=', sn).execute();
  }

  async silentOffline(sn: string, conn: string | null, heardBefore: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('devices')
        .set({ alive: 0, offline_at: now })
        .where('sn', '=', sn)
        .where('alive', '=', 1)
        .where((eb) => (conn === null ? eb('conn_id', 'is', null) : eb('conn_id', '=', conn)))
        .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', heardBefore)]))
        .returning(['merchant_id', 'title', 'store_id'])
        .execute();
      if (changed.length !== 1) return false;
      await presenceEvent(trx, sn, changed[0]!, 'machine.offline', now);
      return true;
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
