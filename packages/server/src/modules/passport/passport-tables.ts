import type { Generated, Selectable } from 'kysely';

/** Messaging-app identities, the accounts linked to them, and the tickets they bind with. */
export interface PassportTables {
  passports: PassportsTable;
  passport_accounts: PassportAccountsTable;
  passport_tickets: PassportTicketsTable;
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

export type PassportRow = Selectable<PassportsTable>;
