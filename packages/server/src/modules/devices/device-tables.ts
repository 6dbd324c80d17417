import type { Generated, Selectable } from 'kysely';

/** Machines, their binding history, shelves, commands and machine events (issue: machines). */
export interface DeviceTables {
  devices: DevicesTable;
  device_bindings: DeviceBindingsTable;
  channels: ChannelsTable;
  device_commands: DeviceCommandsTable;
  device_events: DeviceEventsTable;
}

/** One machine, from provisioning on. The sn never changes; the owner changes with binding. */
export interface DevicesTable {
  id: Generated<number>;
  /** Numeric serial number (spec §5), the machine's MQTT username; unique. */
  sn: string;
  /** Printed in the bind link; the machine's MQTT client id. */
  clientid: string;
  /** sha256 of the device secret (the MQTT password); the secret itself is shown once at provisioning. */
  secret_hash: string;
  type: string;
  /** The owning merchant; null while unbound. */
  merchant_id: number | null;
  title: string;
  /** Where it stands: a store of the owner, and that store's area (kept in step by the catalog). */
  area_id: number | null;
  store_id: number | null;
  /** Payout (bank-card) merchant id and fee split, set by the bank-card feature; null when none. */
  payout_merchant_id: string | null;
  is_bank_split: number;
  bank_split_id: string | null;
  /** Presence: 1 online. conn_id is the connection the latest online status named. */
  alive: number;
  conn_id: string | null;
  online_at: number | null;
  offline_at: number | null;
  /** Last message of any kind. */
  seen_at: number | null;
  rssi: number;
  version: string;
  mversion: string;
  imei: string;
  android_version: string;
  /** JSON of DeviceSettings. */
  settings: string;
  /** Copy of settings.stock_notify_threshold, so stock queries can compare shelves with it in SQL. */
  stock_notify_threshold: number;
  /** Raised on every change of settings / shelves; the acked_ twins hold what the machine confirmed. */
  settings_rev: number;
  settings_acked_rev: number;
  shelves_rev: number;
  shelves_acked_rev: number;
  /** Last remote dispense, for the cool-down. */
  last_dispense_at: number | null;
  bound_at: number | null;
  /** Provisioning batch, to find the machines a `vendo devices provision` run made. */
  batch: string;
  created_at: number;
  updated_at: number;
}

/** Every binding a machine had: orders and events keep pointing at the merchant of their time. */
export interface DeviceBindingsTable {
  id: Generated<number>;
  sn: string;
  merchant_id: number;
  title: string;
  type: string;
  bound_by: number;
  bound_at: number;
  unbound_by: number | null;
  unbound_at: number | null;
}

/** A shelf (channel/slot, spec §3) of a machine. */
export interface ChannelsTable {
  id: Generated<number>;
  device_id: number;
  /** Physical slot 1..N; commands to the machine name this. */
  position: number;
  /** The number people see (custom shelf numbering); unique per machine, never 0. */
  channel_sn: number;
  name: string;
  /** cents */
  price: number;
  /** cents */
  game_price: number;
  quantity: number;
  capacity: number;
  /** whole percent */
  probability: number;
  difficulty: string;
  enabled: number;
  goods_id: number | null;
  /** 0 active (normal); 1 the machine reported a fault on this shelf's last delivery. */
  status: number;
  /** That fault: a code 1..10 or a fault text; '' when normal. */
  fault: string;
  updated_at: number;
}

/** Every command sent to a machine and how it ended: the audit trail of remote control. */
export interface DeviceCommandsTable {
  id: string;
  sn: string;
  merchant_id: number | null;
  user_id: number | null;
  name: string;
  /** JSON */
  args: string;
  /** sent | acked | refused | timeout | offline | link_down */
  status: string;
  code: string | null;
  /** JSON of the acknowledgement's result */
  result: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Machine events, each stored once: (sn, event_id) is unique. */
export interface DeviceEventsTable {
  id: Generated<number>;
  sn: string;
  /** The machine-side id. */
  event_id: string;
  /** The owner when the event arrived (history stays with the merchant after unbinding). */
  merchant_id: number | null;
  /** delivery | cash_sale | game */
  type: string;
  /** Game events: who played, for the 30-day game blacklist. */
  player: string | null;
  /** Game events: 'win' | 'lose'. */
  result: string | null;
  /** JSON of the event's data. */
  payload: string;
  /** Machine clock. */
  occurred_at: number;
  received_at: number;
}

export type DeviceRow = Selectable<DevicesTable>;
export type ChannelRow = Selectable<ChannelsTable>;
