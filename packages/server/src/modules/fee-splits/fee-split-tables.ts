import type { Generated, Selectable } from 'kysely';

/** Fee-splitting configurations (the spec's bank_split), their split accounts and their versions. */
export interface FeeSplitTables {
  split_configs: SplitConfigsTable;
  split_config_accounts: SplitConfigAccountsTable;
  split_config_versions: SplitConfigVersionsTable;
}

/** A configuration as it is now; machines pick it through devices.bank_split_id (its id as text). */
export interface SplitConfigsTable {
  id: Generated<number>;
  merchant_id: number;
  /** Who made it (staff "only own" see only theirs). */
  created_by: number;
  name: string;
  /** The main account: an approved card of the merchant (its id as text). */
  main_merchant_id: string;
  /** Hundredths of a percent. */
  main_percent: number;
  /** SplitPayChannel. */
  pay_channel: string;
  /** 1 when made, +1 per update. */
  version: number;
  created_at: number;
  updated_at: number;
}
export type SplitConfigRow = Selectable<SplitConfigsTable>;

/** A split account of the current version: another merchant's approved card and its share. */
export interface SplitConfigAccountsTable {
  config_id: number;
  position: number;
  account_id: string;
  /** Hundredths of a percent. */
  percent: number;
}
export type SplitConfigAccountRow = Selectable<SplitConfigAccountsTable>;

/** Every saved version, as JSON (SplitSnapshot), with who saved it and when. */
export interface SplitConfigVersionsTable {
  config_id: number;
  version: number;
  snapshot: string;
  changed_by: number;
  changed_at: number;
}
