import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type {
  getDevChannel,
  getResetC,
  putDownGoods,
  resetId,
  setChannelInfo,
  setChannelNum,
  setQuantity,
} from '@vendo/contract/api/devices';
import type { CommandArgs, CommandName } from '@vendo/contract/device-protocol';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { checkSlotId } from '@vendo/contract/validation';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { assertOperSign, scopeOf } from '../../platform/scope';
import type { Body } from './call-types';
import type { ChannelRepository } from './channel-repository';
import { accessibleDevice } from './device-access';
import { deviceType, presentChannel } from './device-presenter';
import type { DeviceRepository } from './device-repository';
import type { ChannelRow, DeviceRow } from './device-tables';
import { pushOutcome, type MachineCommander, type MachineOutcome } from './machine-commander';
import type { MachineSync } from './machine-sync';
import type { ShelfLog } from './shelf-log';
import { AuditLog, diffFields, originOf, type AuditChange } from '../audit/audit-log';

export interface ShelvesServiceDeps {
  db: Kysely<Database>;
  devices: DeviceRepository;
  channels: ChannelRepository;
  commander: MachineCommander;
  sync: MachineSync;
  shelfLog: ShelfLog;
  clock: () => number;
  imageUrl: (path: string) => string;
}

/**
 * Shelves (channels/slots) of a machine: their goods, prices, stock, numbering and count (spec §3, §5).
 * Every change is stored, raises the device's shelves revision and is pushed to the machine; the answer says
 * how the push went, and a machine that missed it gets the whole shelf configuration when it is back.
 */
export class ShelvesService {
  constructor(private readonly d: ShelvesServiceDeps) {}

  async list(auth: AuthContext, sn: string, locale: Locale): Promise<CallResult<typeof getDevChannel>> {
    const device = await this.device(auth, sn);
    const data = await this.present(device, locale);
    return {
      data,
      count: data.length,
      device: {
        sn: device.sn,
        title: device.title,
        type: deviceType(device.type),
        alive: device.alive === 1 ? 1 : 0,
      },
    };
  }

  async setInfo(
    auth: AuthContext,
    body: Body<typeof setChannelInfo>,
    locale: Locale,
  ): Promise<CallResult<typeof setChannelInfo>> {
    const device = await this.device(auth, body.sn);
    const shelf = await this.d.channels.find(device.id, body.id);
    if (!shelf) throw new AppError(RCODE.SHELF_NOT_FOUND);
    if (
      body.goods_id !== null &&
      !(await this.d.channels.findGoods(device.merchant_id ?? -1, body.goods_id))
    ) {
      throw new AppError(RCODE.SHELF_GOODS_NOT_FOUND);
    }
    const now = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.channels.update(
        trx,
        shelf.id,
        {
          name: body.name,
          price: body.price,
          game_price: body.game_price,
          quantity: body.quantity,
          capacity: body.capacity,
          probability: body.probability,
          difficulty: body.difficulty,
          enabled: body.enabled,
          goods_id: body.goods_id,
        },
        now,
      );
      await this.log(
        trx,
        auth,
        device,
        shelf,
        { goodsId: body.goods_id, quantity: body.quantity },
        'shelf edit',
      );
      const changes = diffFields(shelf, body, [
        'name',
        'price',
        'game_price',
        'quantity',
        'capacity',
        'probability',
        'difficulty',
        'enabled',
        'goods_id',
      ]);
      const priced = changes.some((c) => c.field === 'price' || c.field === 'game_price');
      await this.audit(trx, auth, device, priced ? 'price' : 'edit', `shelf ${shelf.channel_sn}`, changes);
      await this.d.devices.bumpShelvesRev(trx, device.sn, now);
    });
    const fresh = await this.fresh(device);
    const outcome = await this.d.sync.pushShelves(fresh, auth.user.id);
    const channel = (await this.present(fresh, locale)).find((c) => c.id === shelf.id);
    if (!channel) throw new AppError(RCODE.SHELF_NOT_FOUND);
    return { channel, push: pushOutcome(outcome, locale) };
  }

  async numbering(auth: AuthContext, sn: string): Promise<CallResult<typeof getResetC>> {
    const device = await this.device(auth, sn);
    const shelves = await this.d.channels.list(device.id, device.merchant_id);
    const data = shelves.map((s) => ({
      id: s.id,
      position: s.position,
      channel_sn: s.channel_sn,
      name: s.name,
    }));
    return { data, count: data.length };
  }

  /** New shelf numbers (custom shelf numbering): never 0, never a number another shelf keeps. */
  async renumber(
    auth: AuthContext,
    body: Body<typeof resetId>,
    locale: Locale,
  ): Promise<CallResult<typeof resetId>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    const shelves = await this.d.channels.list(device.id, device.merchant_id);
    const byId = new Map(shelves.map((s) => [s.id, s]));
    if (body.channel.some((c) => !byId.has(c.id))) throw new AppError(RCODE.SHELF_NOT_FOUND);
    const changed = new Map(body.channel.map((c) => [c.id, c.channel_sn]));
    const final = shelves.map((s) => ({ id: s.id, channel_sn: changed.get(s.id) ?? s.channel_sn }));
    body.channel.forEach((c, i) => {
      const others = final.filter((f) => f.id !== c.id).map((f) => f.channel_sn);
      const key = checkSlotId(c.channel_sn, others);
      if (key) throw AppError.invalid(`channel.${i}.channel_sn`, key);
    });
    const now = this.d.clock();
    const rev = await this.d.db.transaction().execute(async (trx) => {
      await this.d.channels.renumber(trx, device.id, body.channel, now);
      await this.audit(
        trx,
        auth,
        device,
        'renumber',
        '',
        body.channel.map((c) => ({
          field: `shelf ${byId.get(c.id)!.channel_sn}`,
          before: byId.get(c.id)!.channel_sn,
          after: c.channel_sn,
        })),
      );
      return this.d.devices.bumpShelvesRev(trx, device.sn, now);
    });
    const args = {
      shelves: body.channel.map((c) => ({ slot: byId.get(c.id)!.position, channel_sn: c.channel_sn })),
    };
    const outcome = await this.sendShelfCommand(auth, device, 'reset_shelf_ids', args, rev);
    return { data: await this.present(await this.fresh(device), locale), push: pushOutcome(outcome, locale) };
  }

  /** How many shelves the machine has: new ones are empty; removed ones take their stock off the books. */
  async setCount(
    auth: AuthContext,
    body: Body<typeof setChannelNum>,
    locale: Locale,
  ): Promise<CallResult<typeof setChannelNum>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    const now = this.d.clock();
    const rev = await this.d.db.transaction().execute(async (trx) => {
      const all = await this.d.channels.list(device.id, device.merchant_id, trx);
      const leaving = all.filter((s) => s.position > body.channel_num);
      for (const shelf of leaving)
        await this.log(trx, auth, device, shelf, { goodsId: null, quantity: 0 }, 'shelf removed');
      await this.d.channels.setCount(trx, device.id, body.channel_num, now);
      await this.audit(trx, auth, device, 'set_count', '', [
        { field: 'channel_num', before: all.length, after: body.channel_num },
      ]);
      return this.d.devices.bumpShelvesRev(trx, device.sn, now);
    });
    const outcome = await this.sendShelfCommand(
      auth,
      device,
      'set_shelf_count',
      { count: body.channel_num },
      rev,
    );
    return { data: await this.present(await this.fresh(device), locale), push: pushOutcome(outcome, locale) };
  }

  /** Takes the goods off shelves by number, all or none (spec §8 "batch unshelve failed"). */
  async putDown(
    auth: AuthContext,
    body: Body<typeof putDownGoods>,
    locale: Locale,
  ): Promise<CallResult<typeof putDownGoods>> {
    const device = await this.device(auth, body.sn);
    const numbers = [...new Set(Array.isArray(body.channel_sn) ? body.channel_sn : [body.channel_sn])];
    const now = this.d.clock();
    const result = await this.d.db.transaction().execute(async (trx) => {
      const shelves = await this.d.channels.findByNumbers(trx, device.id, numbers);
      if (shelves.length !== numbers.length) {
        throw new AppError(
          Array.isArray(body.channel_sn) ? RCODE.BATCH_UNSHELVE_FAILED : RCODE.SHELF_NOT_FOUND,
        );
      }
      for (const shelf of shelves) {
        await this.d.channels.update(trx, shelf.id, { goods_id: null, quantity: 0 }, now);
        await this.log(trx, auth, device, shelf, { goodsId: null, quantity: 0 }, 'unshelve');
      }
      await this.audit(
        trx,
        auth,
        device,
        'unshelve',
        numbers.join(','),
        shelves.map((sh) => ({ field: `shelf ${sh.channel_sn}`, before: sh.goods_id, after: null })),
      );
      return {
        slots: shelves.map((s) => s.position),
        rev: await this.d.devices.bumpShelvesRev(trx, device.sn, now),
      };
    });
    const outcome = await this.sendShelfCommand(
      auth,
      device,
      'put_down_goods',
      { slots: result.slots },
      result.rev,
    );
    return { count: result.slots.length, push: pushOutcome(outcome, locale) };
  }

  /** type 1: every shelf holding goods filled to its capacity; type 0: every shelf emptied. */
  async setQuantity(
    auth: AuthContext,
    body: Body<typeof setQuantity>,
    locale: Locale,
  ): Promise<CallResult<typeof setQuantity>> {
    const device = await this.device(auth, body.sn);
    const now = this.d.clock();
    const result = await this.d.db.transaction().execute(async (trx) => {
      const shelves = await this.d.channels.list(device.id, device.merchant_id, trx);
      const changes: Array<{ slot: number; quantity: number }> = [];
      const audited: AuditChange[] = [];
      for (const shelf of shelves) {
        const quantity = body.type === 1 ? (shelf.goods_id !== null ? shelf.capacity : shelf.quantity) : 0;
        if (quantity === shelf.quantity) continue;
        await this.d.channels.update(trx, shelf.id, { quantity }, now);
        await this.log(
          trx,
          auth,
          device,
          shelf,
          { goodsId: shelf.goods_id, quantity },
          body.type ? 'refill' : 'empty',
        );
        changes.push({ slot: shelf.position, quantity });
        audited.push({ field: `shelf ${shelf.channel_sn}`, before: shelf.quantity, after: quantity });
      }
      await this.audit(trx, auth, device, body.type ? 'refill' : 'empty', '', audited);
      return { changes, rev: await this.d.devices.bumpShelvesRev(trx, device.sn, now) };
    });
    const outcome = await this.sendShelfCommand(
      auth,
      device,
      'set_quantity',
      { shelves: result.changes },
      result.rev,
    );
    return { data: await this.present(await this.fresh(device), locale), push: pushOutcome(outcome, locale) };
  }

  /** The audit entry of a shelf change, in its transaction: kind 'price' for a price change, else 'shelf'. */
  private async audit(
    trx: Kysely<Database>,
    auth: AuthContext,
    device: DeviceRow,
    action: string,
    shelves: string,
    changes: AuditChange[],
  ): Promise<void> {
    await new AuditLog(this.d.clock).record(trx, {
      merchantId: auth.merchant.id,
      origin: originOf(auth),
      kind: action === 'price' ? 'price' : 'shelf',
      action,
      target: {
        type: 'machine',
        id: device.sn,
        name: shelves ? `${device.title} ${shelves}`.trim() : device.title,
      },
      machineSn: device.sn,
      changes,
    });
  }

  private async device(auth: AuthContext, sn: string): Promise<DeviceRow> {
    return accessibleDevice(this.d.devices, await scopeOf(this.d.db, auth), sn);
  }

  private async fresh(device: DeviceRow): Promise<DeviceRow> {
    return (await this.d.devices.findBySn(device.sn)) ?? device;
  }

  private async present(device: DeviceRow, locale: Locale) {
    const rows = await this.d.channels.list(device.id, device.merchant_id);
    return rows.map((r) => presentChannel(r, locale, this.d.imageUrl));
  }

  /**
   * A shelf command that brings the machine to this revision: when it is acknowledged the machine holds the
   * revision. (An older change it missed still makes the revision unequal, so it gets the whole set later.)
   */
  private async sendShelfCommand<N extends CommandName>(
    auth: AuthContext,
    device: DeviceRow,
    name: N,
    args: CommandArgs<N>,
    rev: number,
  ): Promise<MachineOutcome<N>> {
    const before = await this.fresh(device);
    const wasInStep = before.shelves_acked_rev === rev - 1;
    const outcome = await this.d.commander.run(before, name, args, auth.user.id);
    if (outcome.status === 'acked' && wasInStep) await this.d.devices.markShelvesAcked(device.sn, rev);
    return outcome;
  }

  private log(
    trx: Kysely<Database>,
    auth: AuthContext,
    device: DeviceRow,
    shelf: ChannelRow,
    after: { goodsId: number | null; quantity: number },
    remarks: string,
  ): Promise<void> {
    if (device.merchant_id === null) return Promise.resolve();
    return this.d.shelfLog(trx, {
      merchantId: device.merchant_id,
      device,
      shelf,
      before: { goodsId: shelf.goods_id, quantity: shelf.quantity },
      after,
      userId: auth.user.id,
      remarks,
      now: this.d.clock(),
    });
  }
}
