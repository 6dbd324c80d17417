import type { Generated, Selectable } from 'kysely';

/**
 * Roles, notification recipients and their outbox, messaging-app identities linked to accounts, and the job
 * leases (issue: staff, notifications, linked logins). Staff themselves are rows of `users` (is_main 0).
 */
export interface StaffTables {
  roles: RolesTable;
  notify_recipients: NotifyRecipientsTable;
  notify_recipient_stores: NotifyRecipientStoresTable;
  notify_messages: NotifyMessagesTable;
  notify_low_shelves: NotifyLowShelvesTable;
  passports: PassportsTable;
  passport_accounts: PassportAccountsTable;
  passport_tickets: PassportTicketsTable;
  job_leases: JobLeasesTable;
}

/** A named set of permission codes (spec §3 Role) that staff hold. */
export interface RolesTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  note: string;
  /** Permission codes comma-joined, ascending ('1020,1021'). */
  perm_detail: string;
  created_by: number;
  created_at: number;
  updated_at: number;
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

/** A messaging-app identity (an openid of the messaging app's OAuth). */
export interface PassportsTable {
  id: Generated<number>;
  /** The messaging app's name ('wechat'; 'sandbox' for the sandbox). */
  provider: string;
  openid: string;
  unionid: string;
  nickname: string;
  headimgurl: string;
  created_at: number;
  updated_at: number;
}

/** An account linked to an identity (spec §3 linked login account). */
export interface PassportAccountsTable {
  id: Generated<number>;
  passport_id: number;
  user_id: number;
  remarks: string;
  linked_at: number;
  /** The hand-over logs in to the account used last. */
  last_login_at: number;
}

/** The credential /BindPassport works with while the identity has no linked account (hashed like sessions). */
export interface PassportTicketsTable {
  id: Generated<number>;
  passport_id: number;
  token_hash: string;
  secret_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Which process runs a job until when (jobs/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

export type RoleRow = Selectable<RolesTable>;
export type NotifyRecipientRow = Selectable<NotifyRecipientsTable>;
export type NotifyMessageRow = Selectable<NotifyMessagesTable>;
export type PassportRow = Selectable<PassportsTable>;
