import type { Generated, Selectable } from 'kysely';

/** Who receives the merchant's alerts through the messaging app, and the outbox that sends them. */
export interface NotifyTables {
  notify_recipients: NotifyRecipientsTable;
  notify_recipient_stores: NotifyRecipientStoresTable;
  notify_messages: NotifyMessagesTable;
  notify_low_shelves: NotifyLowShelvesTable;
}

/**
 * A messaging-app user receiving the merchant's alerts. A row is made when the main account asks for a bind link
 * (openid null, bind_token_hash set) and becomes a recipient when that link is followed (openid set).
 */
export interface NotifyRecipientsTable {
  id: Generated<number>;
  merchant_id: number;
  openid: string | null;
  nickname: string;
  headimgurl: string;
  remarks: string;
  /** 1: receives notifications. */
  notice: number;
  /** 1: do-not-disturb between start_notify and end_notify ('HH:mm', the merchant's zone). */
  not_disture: number;
  start_notify: string;
  end_notify: string;
  /** Notification kinds comma-joined. */
  permission: string;
  /** 1: every store; 0: the stores in notify_recipient_stores. */
  all_device: number;
  /** sha256 of the bind link's ticket while unbound; null once bound. */
  bind_token_hash: string | null;
  bind_expires_at: number | null;
  bound_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface NotifyRecipientStoresTable {
  recipient_id: number;
  store_id: number;
}

/**
 * The outbox: one row per recipient and message, sent through the messaging app's template messages by the
 * notifications job. (recipient_id, dedup_key) is unique, so an alert raised twice is sent once.
 */
export interface NotifyMessagesTable {
  id: Generated<number>;
  merchant_id: number;
  recipient_id: number;
  /** A NotifyKind. */
  kind: string;
  /** What it is about, to find related messages (a machine's sn, an app's name). */
  subject: string;
  dedup_key: string;
  template: string;
  /** JSON of the template data ({first, keyword1.., remark} → {value}). */
  payload: string;
  url: string;
  /** pending | held (do-not-disturb) | sending | sent | failed | cancelled | dropped */
  status: string;
  attempts: number;
  /** Not before this instant (epoch ms). */
  send_after: number;
  /** When a dispatcher claimed it (status sending). */
  claimed_at: number | null;
  sent_at: number | null;
  error: string;
  created_at: number;
}

/** Shelves already reported low: reported again only after they were refilled above the threshold. */
export interface NotifyLowShelvesTable {
  channel_id: number;
  merchant_id: number;
  notified_at: number;
}

export type NotifyRecipientRow = Selectable<NotifyRecipientsTable>;
export type NotifyMessageRow = Selectable<NotifyMessagesTable>;
