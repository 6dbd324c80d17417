import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type * as api from '@vendo/contract/api/notify';
import type { NotifyRecipient } from '@vendo/contract/api/notify';
import { NOTIFY_BIND_PATH } from '@vendo/contract/api/passport';
import { appMaxCount } from '@vendo/contract/constants';
import { isNotifyKind, type NotifyKind } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import type { OAuthUser } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { randomToken, sha256 } from '../../platform/crypto';
import type { AppModules } from '../apps/app-modules';
import { lockMerchant } from '../../db/list-query';
import type { NotifyRecipientRow } from './notify-tables';
import { kindsOf } from './notify-delivery';
import type { NotifyRepository, RecipientSettings } from './notify-repository';

type Body<C extends { request: z.ZodType }> = z.output<C['request']>;

/** A bind link is good for a day and one use. */
export const NOTIFY_BIND_VALID_MS = 24 * 3600_000;

export interface NotifyDeps {
  db: Kysely<Database>;
  repo: NotifyRepository;
  apps: AppModules;
  clock: () => number;
}

/**
 * Notification recipients (/notification, spec §3, §7): bind links carrying the settings, the binding itself
 * (after the messaging app's OAuth names the person), edits and removal. Quota: Notification_max_count.
 */
export class NotifyService {
  constructor(private readonly d: NotifyDeps) {}

  async list(auth: AuthContext, req: Body<typeof api.getNotifyList>) {
    const { rows, count } = await this.d.repo.listBound(
      auth.merchant.id,
      { remarks: req.condition.remarks },
      req,
    );
    const stores = await this.d.repo.storesOf(rows.map((r) => r.id));
    const names = await this.d.repo.storeNames(auth.merchant.id, [...new Set([...stores.values()].flat())]);
    return {
      data: rows.map((r) => present(r, stores.get(r.id) ?? [], names)),
      count,
    };
  }

  /** A pending recipient with these settings, and the link that binds it (absolute: another phone opens it). */
  async bindUrl(
    auth: AuthContext,
    input: Body<typeof api.getNotifyBindUrl>,
    origin: string,
  ): Promise<{ bind_url: string; expire_at: number }> {
    const merchantId = auth.merchant.id;
    await this.checkStores(merchantId, input);
    const max = await this.quota(merchantId);
    const ticket = randomToken();
    const now = this.d.clock();
    const expireAt = now + NOTIFY_BIND_VALID_MS;
    await this.d.db.transaction().execute(async (trx) => {
      if ((await this.d.repo.countBound(trx, merchantId)) >= max) {
        throw new AppError(RCODE.NOTIFY_QUOTA_EXCEEDED, { max });
      }
      const id = await this.d.repo.insertPending(
        trx,
        {
          ...settings(input, 1),
          merchantId,
          tokenHash: sha256(ticket),
          expiresAt: expireAt,
          createdBy: auth.user.id,
        },
        now,
      );
      await this.d.repo.setStores(trx, id, input.all_device === 1 ? [] : input.store);
    });
    return { bind_url: `${origin}${NOTIFY_BIND_PATH}?ticket=${ticket}`, expire_at: expireAt };
  }

  /** Whether a bind link can still be followed (checked before sending the person to the OAuth page). */
  async bindTicketValid(ticket: string): Promise<boolean> {
    const row = await this.d.repo.findPending(this.d.db, sha256(ticket));
    return !!row && (row.bind_expires_at ?? 0) > this.d.clock();
  }

  /**
   * The person who followed the link, as the messaging app names them, becomes the recipient. The same person
   * bound before to this merchant keeps one row, with the newer link's settings.
   */
  async completeBind(ticket: string, who: OAuthUser): Promise<void> {
    const now = this.d.clock();
    const found = await this.d.repo.findPending(this.d.db, sha256(ticket));
    if (!found) throw new AppError(RCODE.NOTIFY_BIND_EXPIRED);
    const max = await this.quota(found.merchant_id);
    await this.d.db.transaction().execute(async (trx) => {
      const pending = await this.d.repo.findPending(trx, sha256(ticket));
      if (!pending || (pending.bind_expires_at ?? 0) <= now) throw new AppError(RCODE.NOTIFY_BIND_EXPIRED);
      await lockMerchant(trx, pending.merchant_id);
      const identity = { nickname: who.nickname, headimgurl: who.headimgurl };
      const existing = await this.d.repo.findByOpenid(trx, pending.merchant_id, who.openid);
      if (existing) {
        const stores = await this.d.repo.storesOf([pending.id], trx);
        await this.d.repo.updateSettings(trx, existing.id, { ...settingsOf(pending), ...identity }, now);
        await this.d.repo.setStores(trx, existing.id, stores.get(pending.id) ?? []);
        await this.d.repo.remove(trx, pending.id);
        return;
      }
      if ((await this.d.repo.countBound(trx, pending.merchant_id)) >= max) {
        throw new AppError(RCODE.NOTIFY_QUOTA_EXCEEDED, { max });
      }
      await this.d.repo.bind(trx, pending.id, { openid: who.openid, ...identity }, now);
    });
  }

  async edit(auth: AuthContext, input: Body<typeof api.editNotify>): Promise<void> {
    await this.recipient(auth.merchant.id, input.notify_id);
    await this.checkStores(auth.merchant.id, input);
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.updateSettings(trx, input.notify_id, settings(input, input.notice), this.d.clock());
      await this.d.repo.setStores(trx, input.notify_id, input.all_device === 1 ? [] : input.store);
    });
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.recipient(auth.merchant.id, id);
    await this.d.db.transaction().execute((trx) => this.d.repo.remove(trx, id));
  }

  private async recipient(merchantId: number, id: number): Promise<NotifyRecipientRow> {
    const row = await this.d.repo.findBound(merchantId, id);
    if (!row) throw new AppError(RCODE.NOTIFY_NOT_FOUND);
    return row;
  }

  private async checkStores(
    merchantId: number,
    input: { all_device: 0 | 1; store: number[] },
  ): Promise<void> {
    if (input.all_device === 1) return;
    const found = await this.d.repo.storeNames(merchantId, input.store);
    if (found.size !== input.store.length) throw new AppError(RCODE.STORE_NOT_FOUND);
  }

  /** The Notification app's Notification_max_count (spec §6), 9999 when unset. */
  private async quota(merchantId: number): Promise<number> {
    const apps = await this.d.apps.list(merchantId);
    return appMaxCount(
      apps.find((a) => a.app_module_name === 'Notification'),
      'Notification',
    );
  }
}

function settings(input: Body<typeof api.getNotifyBindUrl>, notice: 0 | 1): RecipientSettings {
  const dnd = input.not_disture === 1;
  return {
    remarks: input.remarks,
    notice,
    not_disture: input.not_disture,
    start_notify: dnd ? input.start_notify : '',
    end_notify: dnd ? input.end_notify : '',
    permission: input.permission.join(','),
    all_device: input.all_device,
  };
}

function settingsOf(row: NotifyRecipientRow): RecipientSettings {
  return {
    remarks: row.remarks,
    notice: row.notice,
    not_disture: row.not_disture,
    start_notify: row.start_notify,
    end_notify: row.end_notify,
    permission: row.permission,
    all_device: row.all_device,
  };
}

function flag(value: number): 0 | 1 {
  return value === 1 ? 1 : 0;
}

function present(row: NotifyRecipientRow, storeIds: number[], names: Map<number, string>): NotifyRecipient {
  return {
    notify_id: row.id,
    wechat_detail: { nickname: row.nickname, headimgurl: row.headimgurl },
    remarks: row.remarks,
    notice: flag(row.notice),
    not_disture: flag(row.not_disture),
    start_notify: row.start_notify,
    end_notify: row.end_notify,
    permission: kindsOf(row).filter((k): k is NotifyKind => isNotifyKind(k)),
    all_device: flag(row.all_device),
    store:
      row.all_device === 1
        ? []
        : storeIds.flatMap((id) => {
            const name = names.get(id);
            return name === undefined ? [] : [{ _id: id, store_name: name }];
          }),
    bound_at: row.bound_at ?? row.created_at,
    create_time: row.created_at,
  };
}
