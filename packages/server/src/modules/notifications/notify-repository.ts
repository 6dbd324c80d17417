import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { contains, pageWindow } from '../../db/list-query';
import type { NotifyMessageRow, NotifyRecipientRow } from './notify-tables';

type Db = Kysely<Database>;

export interface RecipientSettings {
  remarks: string;
  notice: number;
  not_disture: number;
  start_notify: string;
  end_notify: string;
  permission: string;
  all_device: number;
}

export interface NewMessage {
  merchant_id: number;
  recipient_id: number;
  kind: string;
  subject: string;
  dedup_key: string;
  template: string;
  payload: string;
  url: string;
  send_after: number;
}

/** Final states: a message in one of them never moves again. */
export const FINAL_STATUSES = ['sent', 'failed', 'cancelled', 'dropped'] as const;

/** All SQL of notification recipients, their stores, the outbox and the low-shelf memory. */
export class NotifyRepository {
  constructor(private readonly db: Db) {}

  // ---------------------------------------------------------------------------------------------------------
  // Recipients

  async listBound(
    merchantId: number,
    filter: { remarks?: string | undefined },
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: NotifyRecipientRow[]; count: number }> {
    let query = this.db
      .selectFrom('notify_recipients')
      .where('merchant_id', '=', merchantId)
      .where('openid', 'is not', null);
    if (filter.remarks) {
      const text = filter.remarks;
      query = query.where((eb) => eb.or([contains('remarks', text), contains('nickname', text)]));
    }
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(count) };
  }

  findBound(merchantId: number, id: number): Promise<NotifyRecipientRow | undefined> {
    return this.db
      .selectFrom('notify_recipients')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('openid', 'is not', null)
      .executeTakeFirst();
  }

  /** Bound recipients of the merchant that have notifications on. */
  activeRecipients(merchantId: number): Promise<NotifyRecipientRow[]> {
    return this.db
      .selectFrom('notify_recipients')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('openid', 'is not', null)
      .where('notice', '=', 1)
      .execute();
  }

  /** Merchants with at least one active recipient of a kind (the scans look at these only). */
  async merchantsListening(kind: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notify_recipients')
      .select('merchant_id')
      .distinct()
      .where('openid', 'is not', null)
      .where('notice', '=', 1)
      .where(contains('permission', kind))
      .execute();
    return rows.map((r) => r.merchant_id);
  }

  async countBound(trx: Db, merchantId: number): Promise<number> {
    const row = await trx
      .selectFrom('notify_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('openid', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async storesOf(recipientIds: number[], db: Db = this.db): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!recipientIds.length) return out;
    const rows = await db
      .selectFrom('notify_recipient_stores')
      .select(['recipient_id', 'store_id'])
      .where('recipient_id', 'in', recipientIds)
      .execute();
    for (const r of rows) out.set(r.recipient_id, [...(out.get(r.recipient_id) ?? []), r.store_id]);
    return out;
  }

  async storeNames(merchantId: number, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async setStores(trx: Db, recipientId: number, storeIds: number[]): Promise<void> {
    await trx.deleteFrom('notify_recipient_stores').where('recipient_id', '=', recipientId).execute();
    if (storeIds.length) {
      await trx
        .insertInto('notify_recipient_stores')
        .values(storeIds.map((store_id) => ({ recipient_id: recipientId, store_id })))
        .execute();
    }
  }

  /** A recipient-to-be: the settings wait for the bind link to be followed. */
  async insertPending(
    trx: Db,
    input: RecipientSettings & {
      merchantId: number;
      tokenHash: string;
      expiresAt: number;
      createdBy: number;
    },
    now: number,
  ): Promise<number> {
    const row = await trx
      .insertInto('notify_recipients')
      .values({
        merchant_id: input.merchantId,
        openid: null,
        nickname: '',
        headimgurl: '',
        remarks: input.remarks,
        notice: input.notice,
        not_disture: input.not_disture,
        start_notify: input.start_notify,
        end_notify: input.end_notify,
        permission: input.permission,
        all_device: input.all_device,
        bind_token_hash: input.tokenHash,
        bind_expires_at: input.expiresAt,
        bound_at: null,
        created_by: input.createdBy,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findPending(trx: Db, tokenHash: string): Promise<NotifyRecipientRow | undefined> {
    return trx
      .selectFrom('notify_recipients')
      .selectAll()
      .where('bind_token_hash', '=', tokenHash)
      .where('openid', 'is', null)
      .executeTakeFirst();
  }

  findByOpenid(trx: Db, merchantId: number, openid: string): Promise<NotifyRecipientRow | undefined> {
    return trx
      .selectFrom('notify_recipients')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('openid', '=', openid)
      .executeTakeFirst();
  }

  /** The pending row becomes the recipient: who it is, from the messaging app. */
  async bind(
    trx: Db,
    id: number,
    who: { openid: string; nickname: string; headimgurl: string },
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('notify_recipients')
      .set({
        ...who,
        bind_token_hash: null,
        bind_expires_at: null,
        bound_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async updateSettings(
    trx: Db,
    id: number,
    settings: RecipientSettings & { nickname?: string; headimgurl?: string },
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('notify_recipients')
      .set({ ...settings, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Removes a recipient (bound or pending) with its stores and the messages not yet sent to it. */
  async remove(trx: Db, id: number): Promise<void> {
    await trx.deleteFrom('notify_messages').where('recipient_id', '=', id).execute();
    await trx.deleteFrom('notify_recipient_stores').where('recipient_id', '=', id).execute();
    await trx.deleteFrom('notify_recipients').where('id', '=', id).execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Outbox

  /** Inserts the messages; one already raised for a recipient (same dedup key) is left alone. */
  async enqueue(messages: NewMessage[], now: number): Promise<number> {
    let added = 0;
    for (const m of messages) {
      const result = await this.db
        .insertInto('notify_messages')
        .values({
          ...m,
          status: 'pending',
          attempts: 0,
          claimed_at: null,
          sent_at: null,
          error: '',
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['recipient_id', 'dedup_key']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** Messages whose time has come, and ones a dispatcher claimed but never finished (it died). */
  due(now: number, staleBefore: number, limit: number): Promise<NotifyMessageRow[]> {
    return this.db
      .selectFrom('notify_messages')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['pending', 'held']), eb('send_after', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Takes a message for sending, unless someone else took it first. */
  async claim(message: NotifyMessageRow, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('notify_messages')
      .set({ status: 'sending', claimed_at: now })
      .where('id', '=', message.id)
      .where('status', '=', message.status)
      .where((eb) =>
        message.claimed_at === null
          ? eb('claimed_at', 'is', null)
          : eb('claimed_at', '=', message.claimed_at),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async finish(
    id: number,
    change: { status: string; sendAfter?: number; attempts?: number; sentAt?: number; error?: string },
  ): Promise<void> {
    await this.db
      .updateTable('notify_messages')
      .set({
        status: change.status,
        claimed_at: null,
        ...(change.sendAfter !== undefined ? { send_after: change.sendAfter } : {}),
        ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
        ...(change.sentAt !== undefined ? { sent_at: change.sentAt } : {}),
        ...(change.error !== undefined ? { error: change.error.slice(0, 200) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  findRecipient(id: number): Promise<NotifyRecipientRow | undefined> {
    return this.db.selectFrom('notify_recipients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Cancels a machine's offline notices that have not gone out yet; answers how many. */
  async cancelUnsent(merchantId: number, subject: string, template: string): Promise<number> {
    const result = await this.db
      .updateTable('notify_messages')
      .set({ status: 'cancelled' })
      .where('merchant_id', '=', merchantId)
      .where('subject', '=', subject)
      .where('template', '=', template)
      .where('status', 'in', ['pending', 'held'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Per recipient, the template of the latest message about a subject that went out (or is going out). */
  async lastDelivered(merchantId: number, subject: string, kind: string): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('notify_messages')
      .select(['recipient_id', 'template'])
      .where('merchant_id', '=', merchantId)
      .where('subject', '=', subject)
      .where('kind', '=', kind)
      .where('status', 'in', ['sent', 'sending'])
      .orderBy('id', 'desc')
      .execute();
    const out = new Map<number, string>();
    for (const r of rows) if (!out.has(r.recipient_id)) out.set(r.recipient_id, r.template);
    return out;
  }

  async messagesOf(recipientId: number): Promise<NotifyMessageRow[]> {
    return this.db
      .selectFrom('notify_messages')
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .orderBy('id')
      .execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Low shelves already reported

  async reportedLowShelves(merchantId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('notify_low_shelves')
      .select('channel_id')
      .where('merchant_id', '=', merchantId)
      .execute();
    return new Set(rows.map((r) => r.channel_id));
  }

  async rememberLowShelves(merchantId: number, channelIds: number[], now: number): Promise<void> {
    for (const channelId of channelIds) {
      await this.db
        .insertInto('notify_low_shelves')
        .values({ channel_id: channelId, merchant_id: merchantId, notified_at: now })
        .onConflict((oc) => oc.column('channel_id').doNothing())
        .execute();
    }
  }

  async forgetLowShelves(merchantId: number, channelIds: number[]): Promise<void> {
    if (!channelIds.length) return;
    await this.db
      .deleteFrom('notify_low_shelves')
      .where('merchant_id', '=', merchantId)
      .where('channel_id', 'in', channelIds)
      .execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // What alerts are about

  /** A bound machine, its store's name and its merchant's time zone; null when unknown or unbound. */
  async deviceOf(sn: string): Promise<{
    sn: string;
    title: string;
    merchantId: number;
    storeId: number | null;
    storeName: string | null;
    timeZone: string;
  } | null> {
    const row = await this.db
      .selectFrom('devices')
      .innerJoin('merchants', 'merchants.id', 'devices.merchant_id')
      .leftJoin('stores', 'stores.id', 'devices.store_id')
      .select([
        'devices.sn',
        'devices.title',
        'devices.merchant_id',
        'devices.store_id',
        'stores.name as store_name',
        'merchants.time_zone',
      ])
      .where('devices.sn', '=', sn)
      .executeTakeFirst();
    if (!row || row.merchant_id === null) return null;
    return {
      sn: row.sn,
      title: row.title,
      merchantId: row.merchant_id,
      storeId: row.store_id,
      storeName: row.store_name,
      timeZone: row.time_zone,
    };
  }

  async timeZoneOf(merchantId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('merchants')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row?.time_zone;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Housekeeping

  /** Old final messages and bind links nobody followed. */
  async prune(now: number, keepMs: number): Promise<void> {
    await this.db
      .deleteFrom('notify_messages')
      .where('status', 'in', [...FINAL_STATUSES])
      .where('created_at', '<', now - keepMs)
      .execute();
    const stale = await this.db
      .selectFrom('notify_recipients')
      .select('id')
      .where('openid', 'is', null)
      .where('bind_expires_at', '<', now - 86_400_000)
      .execute();
    for (const { id } of stale) await this.db.transaction().execute((trx) => this.remove(trx, id));
  }
}
