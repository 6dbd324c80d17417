import { GAME_BLACKLIST_DAYS } from '@vendo/contract/constants';
import { DIFFICULTIES, type Difficulty } from '@vendo/contract/enums';
import type { PresenceMessage, ShelfConfig } from '@vendo/contract/device-protocol';
import type { ChannelRepository } from './channel-repository';
import type { DeviceRepository } from './device-repository';
import type { ChannelRow, DeviceRow } from './device-tables';
import { readSettings } from './device-settings';
import type { MachineCommander, MachineOutcome } from './machine-commander';

/** The revisions a machine announced with its online presence (either may be missing). */
export type HeldRevisions = Pick<PresenceMessage, 'settings_rev' | 'shelves_rev'>;

/**
 * Keeps machines in step with what the server holds. Every change of settings or shelves raises a revision;
 * what the machine acknowledged is recorded, and a machine that comes back online gets whatever it does not
 * hold — judged by the revisions it announces, since a machine may have lost what it acknowledged (a restart
 * that keeps shelves only in memory).
 */
export class MachineSync {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly channels: ChannelRepository,
    private readonly commander: MachineCommander,
  ) {}

  async pushSettings(device: DeviceRow, userId: number | null): Promise<MachineOutcome<'settings'>> {
    const outcome = await this.commander.run(
      device,
      'settings',
      {
        rev: device.settings_rev,
        settings: readSettings(device.settings),
        blacklist_days: GAME_BLACKLIST_DAYS,
      },
      userId,
    );
    if (outcome.status === 'acked') await this.devices.markSettingsAcked(device.sn, outcome.result.rev);
    return outcome;
  }

  async pushShelves(device: DeviceRow, userId: number | null): Promise<MachineOutcome<'shelf_config'>> {
    const shelves = await this.channels.list(device.id, device.merchant_id);
    const outcome = await this.commander.run(
      device,
      'shelf_config',
      { rev: device.shelves_rev, shelves: shelves.map(shelfConfig) },
      userId,
    );
    if (outcome.status === 'acked') await this.devices.markShelvesAcked(device.sn, outcome.result.rev);
    return outcome;
  }

  /**
   * Brings a bound machine to the current settings and shelves, starting with whom it belongs to (it may have
   * been bound meanwhile, or have forgotten). `held`: what the machine announced on connecting; a revision it
   * leaves out is unknown, so that part is sent. Without `held` (just bound), what it last acknowledged counts.
   * Unbound machines keep their factory state.
   */
  async catchUp(sn: string, held?: HeldRevisions): Promise<void> {
    const device = await this.devices.findBySn(sn);
    if (!device || device.merchant_id === null || device.alive !== 1) return;
    const heldSettings = held ? held.settings_rev : device.settings_acked_rev;
    const heldShelves = held ? held.shelves_rev : device.shelves_acked_rev;
    // The machine says it holds the current revision: whatever was lost on the way, it is in step.
    if (heldSettings === device.settings_rev && device.settings_acked_rev < device.settings_rev)
      await this.devices.markSettingsAcked(sn, device.settings_rev);
    if (heldShelves === device.shelves_rev && device.shelves_acked_rev < device.shelves_rev)
      await this.devices.markShelvesAcked(sn, device.shelves_rev);
    const settings = heldSettings !== device.settings_rev;
    const shelves = heldShelves !== device.shelves_rev;
    if (!settings && !shelves) return;
    const told = await this.commander.run(device, 'bind_state', { bound: true, title: device.title }, null);
    if (told.status !== 'acked') return;
    if (settings) await this.pushSettings(device, null);
    if (shelves) await this.pushShelves(device, null);
  }
}

export function shelfConfig(shelf: ChannelRow): ShelfConfig {
  return {
    slot: shelf.position,
    channel_sn: shelf.channel_sn,
    name: shelf.name,
    price: shelf.price,
    game_price: shelf.game_price,
    quantity: shelf.quantity,
    capacity: shelf.capacity,
    probability: shelf.probability,
    difficulty: asDifficulty(shelf.difficulty),
    enabled: shelf.enabled === 1 ? 1 : 0,
    goods_id: shelf.goods_id,
  };
}

export function asDifficulty(value: string): Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(value) ? (value as Difficulty) : 'normal';
}
