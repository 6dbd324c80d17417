import type { MachineEvent } from '@vendo/contract/device-protocol';
import { appExpiresSoon, isAppUsable, APP_EXPIRY_WARNING_MS } from '@vendo/contract/constants';
import type { NotifyKind } from '@vendo/contract/enums';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import type { Job } from '../../jobs/job-runner';
import type { AppModules } from '../apps/app-modules';
import type { MachineShelves } from '../devices/machine-shelves';
import type { NotifyMessageRow, NotifyRecipientRow } from './notify-tables';
import { dndRelease } from './dnd';
import type { NewMessage, NotifyRepository } from './notify-repository';
import { templates, type DeviceRef, type TemplateData, type TemplateName } from './notify-texts';

/** A machine that went offline is reported after this long, unless it is back by then (a blip, not an outage). */
export const OFFLINE_GRACE_MS = 60_000;
/** Tries of a message the messaging app refused for a passing reason, and the waits between them. */
export const SEND_RETRIES_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** A dispatcher that claimed a message and fell silent this long is taken to have died. */
const STALE_CLAIM_MS = 2 * 60_000;
/** Sent and failed messages are kept this long (they also remember what was already reported). */
const KEEP_MS = 60 * 86_400_000;

export interface DeliveryDeps {
  repo: NotifyRepository;
  messaging: MessagingApp;
  machines: MachineShelves;
  apps: AppModules;
  clock: () => number;
  /** Where the web app is, for the links in messages; none when unset. */
  publicUrl: string | undefined;
  log: Pick<GatewayLog, 'error' | 'info'>;
}

/** Something worth telling the merchant's recipients. */
export interface Alert {
  merchantId: number;
  kind: NotifyKind;
  /** Recipients of every store hear a machine's alerts; recipients of listed stores only their stores' machines'. */
  store: { storeId: number | null } | 'merchant-wide';
  subject: string;
  /** The same alert raised twice is sent once per recipient. */
  dedupKey: string;
  template: TemplateName;
  data: TemplateData;
  /** The web app's page the message opens. */
  path: string;
  sendAfter?: number;
  /** Only these recipients (still filtered by kind and scope). */
  onlyRecipients?: number[];
}

/**
 * Delivery of notifications (spec §3 recipient, issue 7): alerts become one outbox row per matching recipient
 * (permission includes the kind; all stores or the machine's store); a job sends due rows through the messaging
 * app's template messages, holding each during the recipient's do-not-disturb window and sending it when the
 * window ends. Sources: abnormal orders (machine deliveries with a fault, or the orders module through
 * abnormalOrder), machines going offline and back (the gateway's presence hook), low shelves and app expiry
 * (periodic scans).
 */
export class NotificationDelivery {
  constructor(private readonly d: DeliveryDeps) {}

  /** Queues the alert for every matching recipient; answers how many messages were added. */
  async raise(alert: Alert): Promise<number> {
    const recipients = await this.matching(alert);
    if (!recipients.length) return 0;
    const now = this.d.clock();
    const url = this.d.publicUrl ? `${this.d.publicUrl.replace(/\/+$/, '')}${alert.path}` : '';
    const messages: NewMessage[] = recipients.map((r) => ({
      merchant_id: alert.merchantId,
      recipient_id: r.id,
      kind: alert.kind,
      subject: alert.subject,
      dedup_key: alert.dedupKey,
      template: alert.template,
      payload: JSON.stringify(alert.data),
      url,
      send_after: alert.sendAfter ?? now,
    }));
    return this.d.repo.enqueue(messages, now);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Sources

  /** An order became abnormal (the orders module calls this; machine deliveries with a fault come here too). */
  async abnormalOrder(input: { sn: string; orderNo: string; fault: unknown; at: number }): Promise<void> {
    const found = await this.device(input.sn);
    if (!found) return;
    await this.raise({
      merchantId: found.merchantId,
      kind: 'abnormalOrder',
      store: { storeId: found.storeId },
      subject: input.sn,
      dedupKey: `abnormal:${input.orderNo}`,
      template: 'abnormalOrder',
      data: templates.abnormalOrder({ ...input, device: found.ref }, found.timeZone),
      path: '/buyBill?abnormal=true',
    });
  }

  /** A machine event was stored: a delivery with a fault is an abnormal order. */
  async machineEvent(sn: string, event: MachineEvent): Promise<void> {
    const items = event.type === 'game' ? (event.data.prize ? [event.data.prize] : []) : event.data.items;
    const faulty = items.find((item) => item.fault !== 0);
    if (!faulty) return;
    const orderNo = event.type === 'delivery' ? event.data.order : event.id;
    await this.abnormalOrder({ sn, orderNo, fault: faulty.fault, at: event.at });
  }

  /**
   * A machine went offline or came back (the gateway's presence hook). Offline is reported after a grace period;
   * coming back cancels an offline notice not sent yet, and is reported to those who were told it went offline.
   */
  async devicePresence(sn: string, change: 'online' | 'offline'): Promise<void> {
    const found = await this.device(sn);
    if (!found) return;
    const now = this.d.clock();
    const base = {
      merchantId: found.merchantId,
      kind: 'deviceStatus' as const,
      store: { storeId: found.storeId },
      subject: sn,
      path: `/deviceManage?alive=${change === 'online'}`,
    };
    if (change === 'offline') {
      await this.raise({
        ...base,
        dedupKey: `offline:${sn}:${now}`,
        template: 'deviceOffline',
        data: templates.deviceOffline({ device: found.ref, at: now }, found.timeZone),
        sendAfter: now + OFFLINE_GRACE_MS,
      });
      return;
    }
    await this.d.repo.cancelUnsent(found.merchantId, sn, 'deviceOffline');
    const last = await this.d.repo.lastDelivered(found.merchantId, sn, 'deviceStatus');
    const told = [...last].filter(([, template]) => template === 'deviceOffline').map(([id]) => id);
    if (!told.length) return;
    await this.raise({
      ...base,
      dedupKey: `online:${sn}:${now}`,
      template: 'deviceOnline',
      data: templates.deviceOnline({ device: found.ref, at: now }, found.timeZone),
      onlyRecipients: told,
    });
  }

  /**
   * Shelves at or below their machine's threshold, reported once per machine until refilled above it. Only
   * merchants with a low-stock recipient are looked at.
   */
  async scanLowStock(): Promise<void> {
    const now = this.d.clock();
    for (const merchantId of await this.d.repo.merchantsListening('lowStock')) {
      const { rows } = await this.d.machines.lowShelves(
        merchantId,
        { storeIds: null },
        { pageNum: 1, pageSize: 2000 },
      );
      const low = rows.filter((s) => s.goodsId !== null);
      const reported = await this.d.repo.reportedLowShelves(merchantId);
      const lowIds = new Set(low.map((s) => s.channelId));
      await this.d.repo.forgetLowShelves(
        merchantId,
        [...reported].filter((id) => !lowIds.has(id)),
      );
      const fresh = low.filter((s) => !reported.has(s.channelId));
      if (!fresh.length) continue;
      const timeZone = await this.timeZone(merchantId);
      const stores = await this.d.repo.storeNames(
        merchantId,
        fresh.flatMap((s) => (s.storeId === null ? [] : [s.storeId])),
      );
      const byDevice = new Map<string, typeof fresh>();
      for (const shelf of fresh) byDevice.set(shelf.sn, [...(byDevice.get(shelf.sn) ?? []), shelf]);
      for (const [sn, shelves] of byDevice) {
        const first = shelves[0]!;
        const ref = {
          sn,
          title: first.title,
          storeName: first.storeId ? (stores.get(first.storeId) ?? null) : null,
        };
        await this.raise({
          merchantId,
          kind: 'lowStock',
          store: { storeId: first.storeId },
          subject: sn,
          dedupKey: `lowStock:${sn}:${shelves.map((s) => s.channelId).join(',')}:${now}`,
          template: 'lowStock',
          data: templates.lowStock(
            {
              device: ref,
              shelves: shelves.map((s) => ({ channelSn: s.channelSn, name: s.name, quantity: s.quantity })),
              at: now,
            },
            timeZone,
          ),
          path: '/stock',
        });
      }
      await this.d.repo.rememberLowShelves(
        merchantId,
        fresh.map((s) => s.channelId),
        now,
      );
    }
  }

  /** App modules with under 30 days left, and ones that expired in the last 30 days: once each per expiry date. */
  async scanAppExpiry(): Promise<void> {
    const now = this.d.clock();
    for (const merchantId of await this.d.repo.merchantsListening('appExpiry')) {
      const timeZone = await this.timeZone(merchantId);
      for (const app of await this.d.apps.list(merchantId)) {
        const soon = appExpiresSoon(app, now);
        const expired = !isAppUsable(app, now) && app.expire_at > now - APP_EXPIRY_WARNING_MS;
        if (!soon && !expired) continue;
        await this.raise({
          merchantId,
          kind: 'appExpiry',
          store: 'merchant-wide',
          subject: app.app_module_name,
          dedupKey: `appExpiry:${app.app_module_name}:${app.expire_at}:${expired ? 'expired' : 'soon'}`,
          template: 'appExpiry',
          data: templates.appExpiry({ app: app.app_module_name, expireAt: app.expire_at, expired }, timeZone),
          path: '/',
        });
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Sending

  /**
   * Sends what is due. Each message is claimed first (a conditional update), so two processes never send one
   * twice; the recipient's current settings decide: paused or no longer interested drops it, do-not-disturb holds
   * it until the window ends.
   */
  async dispatch(): Promise<number> {
    let sent = 0;
    for (let round = 0; round < 20; round++) {
      const now = this.d.clock();
      const due = await this.d.repo.due(now, now - STALE_CLAIM_MS, 100);
      if (!due.length) break;
      for (const message of due) {
        if (!(await this.d.repo.claim(message, now))) continue;
        if (await this.deliver(message, now)) sent++;
      }
      if (due.length < 100) break;
    }
    return sent;
  }

  /** The jobs `vendo serve` runs (each under its lease, so one process of a deployment runs it). */
  jobs(): Job[] {
    // The scans first, so what they raise goes out in the same round.
    return [
      { name: 'notify-low-stock', everyMs: 60_000, run: () => this.scanLowStock() },
      { name: 'notify-app-expiry', everyMs: 3600_000, run: () => this.scanAppExpiry() },
      { name: 'notify-dispatch', everyMs: 5_000, run: async () => void (await this.dispatch()) },
      { name: 'notify-prune', everyMs: 86_400_000, run: () => this.d.repo.prune(this.d.clock(), KEEP_MS) },
    ];
  }

  private async deliver(message: NotifyMessageRow, now: number): Promise<boolean> {
    const recipient = await this.d.repo.findRecipient(message.recipient_id);
    if (!recipient?.openid || recipient.notice !== 1 || !kindsOf(recipient).includes(message.kind)) {
      await this.d.repo.finish(message.id, { status: 'dropped' });
      return false;
    }
    if (recipient.not_disture === 1) {
      const timeZone = await this.timeZone(message.merchant_id);
      const release = dndRelease(now, { start: recipient.start_notify, end: recipient.end_notify }, timeZone);
      if (release !== null) {
        await this.d.repo.finish(message.id, { status: 'held', sendAfter: release });
        return false;
      }
    }
    const data = JSON.parse(message.payload) as TemplateData;
    const result = await this.d.messaging
      .sendTemplate({ openid: recipient.openid, templateId: message.template, url: message.url, data })
      .catch((error: unknown) => ({ ok: false as const, error: String(error), retry: true }));
    if (result.ok) {
      await this.d.repo.finish(message.id, { status: 'sent', sentAt: now, attempts: message.attempts + 1 });
      return true;
    }
    const attempts = message.attempts + 1;
    const wait = SEND_RETRIES_MS[attempts - 1];
    if (result.retry && wait !== undefined) {
      await this.d.repo.finish(message.id, {
        status: 'pending',
        attempts,
        sendAfter: now + wait,
        error: result.error,
      });
    } else {
      await this.d.repo.finish(message.id, { status: 'failed', attempts, error: result.error });
      this.d.log.info({ message: message.id, error: result.error }, 'notification not delivered');
    }
    return false;
  }

  private async matching(alert: Alert): Promise<NotifyRecipientRow[]> {
    const all = (await this.d.repo.activeRecipients(alert.merchantId)).filter(
      (r) =>
        kindsOf(r).includes(alert.kind) && (!alert.onlyRecipients || alert.onlyRecipients.includes(r.id)),
    );
    if (alert.store === 'merchant-wide') return all;
    const { storeId } = alert.store;
    const limited = all.filter((r) => r.all_device !== 1);
    const stores = await this.d.repo.storesOf(limited.map((r) => r.id));
    return all.filter(
      (r) => r.all_device === 1 || (storeId !== null && (stores.get(r.id) ?? []).includes(storeId)),
    );
  }

  private async device(
    sn: string,
  ): Promise<{ merchantId: number; storeId: number | null; ref: DeviceRef; timeZone: string } | null> {
    const row = await this.d.repo.deviceOf(sn);
    if (!row) return null;
    return {
      merchantId: row.merchantId,
      storeId: row.storeId,
      ref: { sn: row.sn, title: row.title, storeName: row.storeName },
      timeZone: row.timeZone,
    };
  }

  private async timeZone(merchantId: number): Promise<string> {
    return (await this.d.repo.timeZoneOf(merchantId)) ?? 'Asia/Shanghai';
  }
}

/** The kinds a recipient receives. */
export function kindsOf(recipient: Pick<NotifyRecipientRow, 'permission'>): string[] {
  return recipient.permission.split(',').filter(Boolean);
}
