import type { Generated, Selectable } from 'kysely';

/** The merchants' API keys (migration 0024, decision 047). */
export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_stores: ApiKeyStoresTable;
}

export interface ApiKeysTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 hex of the whole key; the key itself is never stored. */
  key_hash: string;
  /** Permission codes as a role stores them: '1021,1031'. */
  permissions: string;
  /** 1: every store; 0: only those in api_key_stores. */
  all_device: number;
  created_by: number;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface ApiKeyStoresTable {
  api_key_id: number;
  store_id: number;
}
