import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type { bindDevice, devOnlineCount, editDev, getDev } from '@vendo/contract/api/devices';
import { DEFAULT_DEVICE_SETTINGS } from '@vendo/contract/device-protocol';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { assertOperSign, scopeOf, storeInScope, type Scope } from '../../platform/scope';
import { checkFilterPlaces } from '../catalog/filter-places';
import type { Background } from './background';
import type { Body } from './call-types';
import { verifyBindSign } from './bind-sign';
import type { ChannelRepository } from './channel-repository';
import { accessibleDevice } from './device-access';
import { presentDevice } from './device-presenter';
import {
  NO_PAYOUT_DETAILS,
  NO_SPLIT_DETAILS,
  type PayoutDetails,
  type SplitDetails,
} from './machine-payouts';
import type { DeviceRepository } from './device-repository';
import { applySettingsEdit, readSettings, writeSettings } from './device-settings';
import { pushOutcome, type MachineCommander } from './machine-commander';
import type { MachineSync } from './machine-sync';
import type { ShelfLog } from './shelf-log';
import { AuditLog, originOf } from '../audit/audit-log';

export interface DevicesServiceDeps {
  db: Kysely<Database>;
  devices: DeviceRepository;
  channels: ChannelRepository;
  commander: MachineCommander;
  sync: MachineSync;
  background: Background;
  shelfLog: ShelfLog;
  platformSecret: string;
  clock: () => number;
}

/** Binding, unbinding, the device list and device settings (spec §2, §4, §7 Devices). */
export class DevicesService {
  private payouts: PayoutDetails = NO_PAYOUT_DETAILS;
  private splits: SplitDetails = NO_SPLIT_DETAILS;
  private readonly placeListeners: Array<(sn: string) => void> = [];

  constructor(private readonly d: DevicesServiceDeps) {}

  /**
   * Modules built on the machines (advertisements) hear of a machine bound, unbound or moved to another store,
   * after the change is stored; what they do with it is theirs (decision 039).
   */
  onMachinePlaced(listener: (sn: string) => void): void {
    this.placeListeners.push(listener);
  }

  private placed(sn: string): void {
    for (const listener of this.placeListeners) listener(sn);
  }

  /** The bank-card module, built after the machines, tells them the payout cards' details (decision 028). */
  usePayoutDetails(payouts: PayoutDetails): void {
    this.payouts = payouts;
  }

  /** The fee-splits module, built after the cards, tells them the split configurations' details. */
  useSplitDetails(splits: SplitDetails): void {
    this.splits = splits;
  }

  async bind(auth: AuthContext, body: Body<typeof bindDevice>): Promise<CallResult<typeof bindDevice>> {
    const device = await this.d.devices.findByClientid(body.clientid);
    if (!device) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (!verifyBindSign(this.d.platformSecret, device.clientid, device.sn, body.sign)) {
      throw new AppError(RCODE.BIND_SIGN_INVALID);
    }
    if (device.merchant_id !== null) throw new AppError(RCODE.DEVICE_ALREADY_BOUND);
    const now = this.d.clock();
    const bound = await this.d.db.transaction().execute(async (trx) => {
      const done = await this.d.devices.bind(trx, {
        sn: device.sn,
        merchantId: auth.merchant.id,
        userId: auth.user.id,
        title: body.title,
        type: body.type,
        now,
      });
      if (done) {
        await new AuditLog(this.d.clock).record(trx, {
          merchantId: auth.merchant.id,
          origin: originOf(auth),
          kind: 'binding',
          action: 'bind',
          target: { type: 'machine', id: device.sn, name: body.title },
          machineSn: device.sn,
          changes: [{ field: 'merchant', before: null, after: auth.merchant.id }],
        });
      }
      return done;
    });
    // Someone else bound it between the check and the update.
    if (!bound) throw new AppError(RCODE.DEVICE_ALREADY_BOUND);
    this.placed(device.sn);
    this.d.background.run(async () => {
      const fresh = await this.d.devices.findBySn(device.sn);
      if (!fresh || fresh.alive !== 1) return;
      await this.d.commander.run(fresh, 'bind_state', { bound: true, title: body.title }, auth.user.id);
      await this.d.sync.catchUp(device.sn);
    });
    return { sn: device.sn, title: body.title, type: body.type };
  }

  /** The machine goes back to factory state; its history (bindings, events, orders) stays with the merchant. */
  async unbind(auth: AuthContext, body: { sn: string; sign?: string | undefined }): Promise<{ sn: string }> {
    assertOperSign(auth, body.sign, this.d.clock());
    const scope = await scopeOf(this.d.db, auth);
    const device = await accessibleDevice(this.d.devices, scope, body.sn);
    const now = this.d.clock();
    const released = await this.d.db.transaction().execute(async (trx) => {
      const shelves = await this.d.channels.list(device.id, device.merchant_id, trx);
      for (const shelf of shelves) {
        await this.d.shelfLog(trx, {
          merchantId: scope.merchantId,
          device,
          shelf,
          before: { goodsId: shelf.goods_id, quantity: shelf.quantity },
          after: { goodsId: null, quantity: 0 },
          userId: auth.user.id,
          remarks: 'unbind',
          now,
        });
      }
      await this.d.channels.resetAll(trx, device.id, now);
      const done = await this.d.devices.unbind(trx, {
        sn: device.sn,
        merchantId: scope.merchantId,
        userId: auth.user.id,
        defaultSettings: writeSettings(DEFAULT_DEVICE_SETTINGS),
        now,
      });
      if (done) {
        await new AuditLog(this.d.clock).record(trx, {
          merchantId: scope.merchantId,
          origin: originOf(auth),
          kind: 'binding',
          action: 'unbind',
          target: { type: 'machine', id: device.sn, name: device.title },
          machineSn: device.sn,
          changes: [{ field: 'merchant', before: scope.merchantId, after: null }],
        });
      }
      return done;
    });
    if (!released) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    this.placed(device.sn);
    // The machine is told and gets factory settings; if it is offline it gets them when it binds again.
    this.d.background.run(async () => {
      const fresh = await this.d.devices.findBySn(device.sn);
      if (!fresh || fresh.alive !== 1) return;
      await this.d.commander.run(fresh, 'bind_state', { bound: false, title: '' }, auth.user.id);
      await this.d.sync.pushSettings(fresh, auth.user.id);
      await this.d.sync.pushShelves(fresh, auth.user.id);
    });
    return { sn: device.sn };
  }

  async list(auth: AuthContext, body: Body<typeof getDev>): Promise<CallResult<typeof getDev>> {
    const scope = await scopeOf(this.d.db, auth);
    const c = body.condition;
    // An area or store the caller cannot see is refused, not answered with an empty list (the sn is a search).
    await checkFilterPlaces(this.d.db, scope, { area: c.area, store: c.store });
    const filter = {
      merchantId: scope.merchantId,
      storeIds: scope.storeIds,
      sn: c.sn || undefined,
      areaId: c.area,
      storeId: c.store,
      title: c.title || undefined,
      alive: c.alive,
      payoutMerchantId: payoutFilter(c.merchant_id),
    };
    const pageSize = body.pageSize;
    const offset = Math.max(0, body.pageNum - 1) * pageSize;
    const [rows, count] = await Promise.all([
      this.d.devices.list(filter, { offset, limit: pageSize }),
      this.d.devices.count(filter),
    ]);
    const payouts = await this.payouts.details(scope.merchantId, [
      ...new Set(rows.map((r) => r.payout_merchant_id).filter((id) => id !== null)),
    ]);
    const splits = await this.splits.details(scope.merchantId, [
      ...new Set(rows.map((r) => r.bank_split_id).filter((id) => id !== null)),
    ]);
    return {
      data: rows.map((r) =>
        presentDevice(
          r,
          payouts.get(r.payout_merchant_id ?? '') ?? null,
          splits.get(r.bank_split_id ?? '') ?? null,
        ),
      ),
      count,
    };
  }

  /** How many of the merchant's machines (in these stores; null: all) are online, of how many. */
  presence(merchantId: number, storeIds: number[] | null): Promise<{ online: number; total: number }> {
    return this.d.devices.countByPresence(merchantId, storeIds);
  }

  async onlineCount(auth: AuthContext): Promise<CallResult<typeof devOnlineCount>> {
    const scope = await scopeOf(this.d.db, auth);
    const { online, total } = await this.d.devices.countByPresence(scope.merchantId, scope.storeIds);
    return { online, offline: total - online, total };
  }

  /** Saves settings, name and placement, then pushes the settings and reports the machine's answer. */
  async edit(
    auth: AuthContext,
    body: Body<typeof editDev>,
    locale: Locale,
  ): Promise<CallResult<typeof editDev>> {
    const scope = await scopeOf(this.d.db, auth);
    const device = await accessibleDevice(this.d.devices, scope, body.sn);
    const { sn, title, store_id, ...edit } = body;
    const place = store_id === undefined ? undefined : await this.placement(scope, store_id);
    const settings = applySettingsEdit(readSettings(device.settings), edit);
    await this.d.devices.saveSettings({
      sn,
      settings: writeSettings(settings),
      stockNotifyThreshold: settings.stock_notify_threshold,
      title,
      place,
      now: this.d.clock(),
    });
    const saved = await this.d.devices.findBySn(sn);
    if (!saved) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (saved.store_id !== device.store_id) this.placed(sn);
    const outcome = await this.d.sync.pushSettings(saved, auth.user.id);
    const placed = await this.d.devices.findPlaced(sn);
    if (!placed) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    const payout = placed.payout_merchant_id
      ? ((await this.payouts.details(scope.merchantId, [placed.payout_merchant_id])).get(
          placed.payout_merchant_id,
        ) ?? null)
      : null;
    const split = placed.bank_split_id
      ? ((await this.splits.details(scope.merchantId, [placed.bank_split_id])).get(placed.bank_split_id) ??
        null)
      : null;
    return { device: presentDevice(placed, payout, split), push: pushOutcome(outcome, locale) };
  }

  /** A store of the merchant, inside the caller's store scope; null takes the device out of any store. */
  private async placement(scope: Scope, storeId: number | null) {
    if (storeId === null) {
      if (!storeInScope(scope, null)) throw new AppError(RCODE.STORE_NOT_FOUND_FOR_DEVICE);
      return { storeId: null, areaId: null };
    }
    const store = await this.d.devices.findStore(scope.merchantId, storeId);
    if (!store || !storeInScope(scope, store.id)) throw new AppError(RCODE.STORE_NOT_FOUND_FOR_DEVICE);
    return { storeId: store.id, areaId: store.area_id };
  }
}

/** The filter's merchant_id: 0 (or '0') lists devices without a payout merchant (spec §2 /deviceManage). */
function payoutFilter(value: string | number | undefined): string | null | undefined {
  if (value === undefined || value === '') return undefined;
  return String(value) === '0' ? null : String(value);
}
