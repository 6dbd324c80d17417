import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type { onlineShopAlive, power, remoteOuting, switchLED, testOut } from '@vendo/contract/api/devices';
import { dispensesOneAtATime } from '@vendo/contract/constants';
import { faultText } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { checkDispenseQuantity } from '@vendo/contract/validation';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { assertOperSign, scopeOf } from '../../platform/scope';
import type { Body } from './call-types';
import type { ChannelRepository } from './channel-repository';
import { accessibleDevice } from './device-access';
import type { DeviceRepository } from './device-repository';
import { readSettings, writeSettings } from './device-settings';
import type { DeviceRow } from './device-tables';
import { commandError, type MachineCommander } from './machine-commander';
import type { MachineSync } from './machine-sync';
import { AuditLog, originOf, type AuditChange } from '../audit/audit-log';
import type { AuditKind } from '@vendo/contract/api/audit';

export interface RemoteControlDeps {
  db: Kysely<Database>;
  devices: DeviceRepository;
  channels: ChannelRepository;
  commander: MachineCommander;
  sync: MachineSync;
  clock: () => number;
}

/**
 * Remote control (spec §6, §7): dispense, test, power, lamp, settings refresh, shop-app check. Each needs the
 * operator sign where the spec sends one, and answers the machine's result, or the reason it did not happen as
 * the rcode: offline, timeout, cool-down, out of stock, refused, fault.
 */
export class RemoteControlService {
  constructor(private readonly d: RemoteControlDeps) {}

  async dispense(
    auth: AuthContext,
    body: Body<typeof remoteOuting>,
    locale: Locale,
  ): Promise<CallResult<typeof remoteOuting>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    // Capsule and lattice machines hand out one item at a time (spec §5).
    body.goods.forEach((item, i) => {
      const key = checkDispenseQuantity(item.quantity, device.type);
      if (key) throw AppError.invalid(`goods.${i}.quantity`, key);
    });
    if (dispensesOneAtATime(device.type) && body.goods.length > 1) {
      throw AppError.invalid('goods', 'dispenseQuantityOne');
    }
    const numbers = body.goods.map((g) => g.channel_sn);
    const shelves = await this.d.channels.findByNumbers(this.d.db, device.id, numbers);
    const byNumber = new Map(shelves.map((s) => [s.channel_sn, s]));
    const wanted = new Map<number, number>();
    for (const item of body.goods)
      wanted.set(item.channel_sn, (wanted.get(item.channel_sn) ?? 0) + item.quantity);
    for (const [number, quantity] of wanted) {
      const shelf = byNumber.get(number);
      if (!shelf) throw new AppError(RCODE.SHELF_NOT_FOUND);
      if (shelf.quantity < quantity) throw new AppError(RCODE.SHELF_OUT_OF_STOCK);
    }
    if (device.alive !== 1) throw new AppError(RCODE.DEVICE_OFFLINE);
    await this.claimCoolDown(device);

    const order = `R${randomUUID().replace(/-/g, '')}`;
    const items = [...wanted].map(([number, quantity]) => ({
      slot: byNumber.get(number)!.position,
      quantity,
    }));
    const outcome = await this.d.commander.run(
      device,
      'vend',
      { order, payment: 'remote', items },
      auth.user.id,
    );
    await this.record(auth, device, 'remote_control', 'dispense', outcome.status, [
      ...[...wanted].map(([number, quantity]) => ({
        field: `shelf ${number}`,
        before: null,
        after: quantity,
      })),
    ]);
    if (outcome.status !== 'acked') throw commandError(outcome, locale);
    const numberOf = new Map(shelves.map((s) => [s.position, s.channel_sn]));
    const result = outcome.result.items.map((item) => ({
      channel_sn: numberOf.get(item.slot) ?? item.slot,
      quantity: item.quantity,
      delivered: item.delivered,
      fault: item.fault,
      fault_text: faultText(item.fault, locale),
    }));
    const failed = result.find((r) => r.fault !== 0 || r.delivered < r.quantity);
    if (failed) {
      throw new AppError(RCODE.DELIVERY_FAILED, { fault: failed.fault_text || faultText(4, locale) });
    }
    return { order, items: result };
  }

  /** Runs a shelf's motor; a fault found is the result (finding faults is what a test is for). */
  async test(
    auth: AuthContext,
    body: Body<typeof testOut>,
    locale: Locale,
  ): Promise<CallResult<typeof testOut>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    const [shelf] = await this.d.channels.findByNumbers(this.d.db, device.id, [body.road]);
    if (!shelf) throw new AppError(RCODE.SHELF_NOT_FOUND);
    const outcome = await this.d.commander.run(
      device,
      'test_out',
      { slot: shelf.position, times: body.attach.times },
      auth.user.id,
    );
    await this.record(auth, device, 'test_dispense', 'test', outcome.status, [
      { field: 'shelf', before: null, after: shelf.channel_sn },
      { field: 'times', before: null, after: body.attach.times },
    ]);
    if (outcome.status !== 'acked') throw commandError(outcome, locale);
    return {
      channel_sn: shelf.channel_sn,
      fault: outcome.result.fault,
      fault_text: faultText(outcome.result.fault, locale),
    };
  }

  /** Power the machine or its network module on, off or reboot; dev all + setting refreshes every setting. */
  async power(
    auth: AuthContext,
    body: Body<typeof power>,
    locale: Locale,
  ): Promise<CallResult<typeof power>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    if (body.dev === 'all') {
      const settings = await this.d.sync.pushSettings(device, auth.user.id);
      if (settings.status === 'acked') {
        const shelves = await this.d.sync.pushShelves(await this.fresh(device), auth.user.id);
        await this.record(auth, device, 'remote_control', 'refresh_all', shelves.status, []);
        if (shelves.status !== 'acked') throw commandError(shelves, locale);
      } else {
        await this.record(auth, device, 'remote_control', 'refresh_all', settings.status, []);
        throw commandError(settings, locale);
      }
    } else {
      const action = body.motion === 'setting' ? 'reboot' : body.motion;
      const target = body.dev === 'dev' ? 'machine' : 'dtu';
      const outcome = await this.d.commander.run(device, 'power', { target, action }, auth.user.id);
      await this.record(auth, device, 'remote_control', `power_${action}`, outcome.status, [
        { field: 'target', before: null, after: target },
      ]);
      if (outcome.status !== 'acked') throw commandError(outcome, locale);
    }
    return { sn: device.sn, dev: body.dev, motion: body.motion };
  }

  /**
   * Lamp on or off now, with colour, brightness and style. Once the machine has done it they become the
   * device's lamp settings too, so the next settings push does not undo them.
   */
  async lamp(
    auth: AuthContext,
    body: Body<typeof switchLED>,
    locale: Locale,
  ): Promise<CallResult<typeof switchLED>> {
    assertOperSign(auth, body.sign, this.d.clock());
    const device = await this.device(auth, body.sn);
    const settings = readSettings(device.settings);
    const next = {
      ...settings,
      lamp_ctrl: body.setting === 'on' ? (1 as const) : (0 as const),
      lamp_color: body.attach.color ?? settings.lamp_color,
      lamp_brightness: body.attach.brightness ?? settings.lamp_brightness,
      lamp_style: body.attach.style ?? settings.lamp_style,
    };
    const outcome = await this.d.commander.run(
      device,
      'lamp',
      {
        on: next.lamp_ctrl === 1,
        color: next.lamp_color,
        brightness: next.lamp_brightness,
        style: next.lamp_style,
      },
      auth.user.id,
    );
    await this.record(auth, device, 'remote_control', 'lamp', outcome.status, [
      { field: 'lamp_ctrl', before: settings.lamp_ctrl, after: next.lamp_ctrl },
    ]);
    if (outcome.status !== 'acked') throw commandError(outcome, locale);
    const wasInStep = device.settings_acked_rev === device.settings_rev;
    const rev = await this.d.devices.saveSettings({
      sn: device.sn,
      settings: writeSettings(next),
      stockNotifyThreshold: next.stock_notify_threshold,
      now: this.d.clock(),
    });
    // The lamp fields were the only change, and the machine has applied them.
    if (wasInStep) await this.d.devices.markSettingsAcked(device.sn, rev);
    return { lamp_ctrl: next.lamp_ctrl, lamp_color: next.lamp_color };
  }

  async shopAlive(
    auth: AuthContext,
    body: Body<typeof onlineShopAlive>,
    locale: Locale,
  ): Promise<CallResult<typeof onlineShopAlive>> {
    const device = await this.device(auth, body.sn);
    const outcome = await this.d.commander.run(device, 'ping', {}, auth.user.id);
    if (outcome.status !== 'acked') throw commandError(outcome, locale);
    return { alive: true, latency_ms: outcome.latencyMs, version: outcome.result.version ?? device.version };
  }

  /**
   * The audit entry of a command to a machine. A command is no database transaction: the entry is written once
   * the machine answered or did not (timeout, refused: the machine may still have acted), naming that outcome; a
   * command never sent (machine offline, link down) did nothing and is not recorded.
   */
  private async record(
    auth: AuthContext,
    device: DeviceRow,
    kind: AuditKind,
    action: string,
    status: string,
    changes: AuditChange[],
  ): Promise<void> {
    if (status === 'offline' || status === 'link_down') return;
    await new AuditLog(this.d.clock).record(this.d.db, {
      merchantId: auth.merchant.id,
      origin: originOf(auth),
      kind,
      action,
      target: { type: 'machine', id: device.sn, name: device.title },
      machineSn: device.sn,
      changes: [...changes, { field: 'outcome', before: null, after: status }],
    });
  }

  /** The cool-down between remote dispenses (spec §9: seconds per device); claimed atomically. */
  private async claimCoolDown(device: DeviceRow): Promise<void> {
    const coolDownMs = readSettings(device.settings).cool_down * 1000;
    const now = this.d.clock();
    if (await this.d.devices.claimDispense(device.sn, now, coolDownMs)) return;
    const fresh = await this.fresh(device);
    const seconds = Math.max(1, Math.ceil(((fresh.last_dispense_at ?? now) + coolDownMs - now) / 1000));
    throw new AppError(RCODE.COOL_DOWN, { seconds });
  }

  private async device(auth: AuthContext, sn: string): Promise<DeviceRow> {
    return accessibleDevice(this.d.devices, await scopeOf(this.d.db, auth), sn);
  }

  private async fresh(device: DeviceRow): Promise<DeviceRow> {
    return (await this.d.devices.findBySn(device.sn)) ?? device;
  }
}
