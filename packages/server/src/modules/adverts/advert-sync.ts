import { createHash } from 'node:crypto';
import type { MachineAd, PresenceMessage } from '@vendo/contract/device-protocol';
import type { Background } from '../devices/background';
import type { MachineCommander, MachineOutcome } from '../devices/machine-commander';
import type { AdMachine, AdvertRepository } from './advert-repository';
import type { AdvertContent } from './advert-content';

/**
 * Keeps machines' ads in step (docs/device-protocol.md "Ads"): the list of a machine is every enabled plan of its
 * merchant whose scope reaches it. Its revision is raised whenever that list's content changes (a plan changed,
 * enabled, disabled or deleted, the machine moved to another store, a coupon deleted): the revision stands for a
 * digest of the list, so whatever changed it, the next look at the machine notices. A machine announces the
 * revision it holds (`ads_rev` in its online presence) and is sent the whole list when that differs; a change of a
 * plan pushes the new list to the machines of its scope (before and after) at once.
 */
export class AdvertSync {
  constructor(
    private readonly d: {
      repo: AdvertRepository;
      content: AdvertContent;
      commander: MachineCommander;
      background: Background;
      clock: () => number;
    },
  ) {}

  /** The machine's current list and the revision standing for it. */
  async current(machine: AdMachine): Promise<{ rev: number; ads: MachineAd[] }> {
    const ads = await this.d.content.machineAds(machine);
    const digest = createHash('sha256').update(JSON.stringify(ads)).digest('hex');
    const rev = await this.d.repo.revisionFor(machine.id, digest, this.d.clock());
    return { rev, ads };
  }

  /**
   * Sends the machine its list unless it already acknowledged that revision. A machine that is offline is not sent
   * anything (nor is a command row written for it): its revision is raised, and it gets the list when it is back.
   */
  async push(sn: string, force = false): Promise<MachineOutcome<'ads'> | { status: 'in_step' } | null> {
    const machine = await this.d.repo.machineBySn(sn);
    if (!machine) return null;
    const { rev, ads } = await this.current(machine);
    const held = await this.d.repo.revision(machine.id);
    if (!force && held && held.acked_rev === rev) return { status: 'in_step' };
    if (!force && machine.alive !== 1) return { status: 'offline' };
    const outcome = await this.d.commander.run(machine, 'ads', { rev, ads }, null);
    if (outcome.status === 'acked') await this.d.repo.markAcked(machine.id, outcome.result.rev);
    return outcome;
  }

  /**
   * A machine came online: send the list when the revision it announces is not the current one (a machine that
   * announces none is sent it); when it is, record it as acknowledged.
   */
  async catchUp(sn: string, presence: Pick<PresenceMessage, 'ads_rev'>): Promise<void> {
    const machine = await this.d.repo.machineBySn(sn);
    if (!machine) return;
    const { rev } = await this.current(machine);
    if (presence.ads_rev === rev) {
      await this.d.repo.markAcked(machine.id, rev);
      return;
    }
    await this.push(sn, true);
  }

  /** After a change: the machines it touches get their lists in the background (the save does not wait). */
  changed(sns: Iterable<string>): void {
    const unique = [...new Set(sns)];
    if (unique.length === 0) return;
    this.d.background.run(async () => {
      for (const sn of unique) await this.push(sn);
    });
  }
}
