import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdvertTables } from '../modules/adverts/advert-tables';
import type { ApiKeyTables } from '../modules/api-keys/api-key-tables';
import type { AuditTables } from '../modules/audit/audit-tables';
import type { EventTables } from '../modules/events/events-tables';
import type { WebhookTables } from '../modules/webhooks/webhook-tables';
import type { AnalyticsTables } from '../modules/analytics/analytics-tables';
import type { BankCardTables } from '../modules/bank-cards/bank-card-tables';
import type { BankDirectoryTables } from '../modules/bank-directory/bank-directory-tables';
import type { CatalogTables } from '../modules/catalog/catalog-tables';
import type { CouponTables } from '../modules/coupons/coupon-tables';
import type { DeviceTables } from '../modules/devices/device-tables';
import type { FeeSplitTables } from '../modules/fee-splits/fee-split-tables';
import type { FundTables } from '../modules/funds/funds-tables';
import type { GiftTables } from '../modules/gifts/gift-tables';
import type { MemberTables } from '../modules/members/member-tables';
import type { OrderTables } from '../modules/orders/order-tables';
import type { JobTables } from '../jobs/job-tables';
import type { NotifyTables } from '../modules/notifications/notify-tables';
import type { PassportTables } from '../modules/passport/passport-tables';
import type { ReferrerTables } from '../modules/referrers/referrer-tables';
import type { StaffTables } from '../modules/staff/staff-tables';
import type { StockTables } from '../modules/stock/stock-tables';
import type { SessionsTable } from '../platform/sessions';

/**
 * The tables as Kysely sees them. Times are UTC epoch ms (bigint in PostgreSQL, parsed to number);
 * flags are 0/1 integers so SQLite and PostgreSQL store them the same way.
 */
/** Every table; each feature declares its own tables in its module and joins them here. */
export interface Database
  extends
    AccountTables,
    AdvertTables,
    AnalyticsTables,
    ApiKeyTables,
    AuditTables,
    BankCardTables,
    BankDirectoryTables,
    CatalogTables,
    CouponTables,
    DeviceTables,
    EventTables,
    FeeSplitTables,
    FundTables,
    GiftTables,
    JobTables,
    MemberTables,
    NotifyTables,
    OrderTables,
    PassportTables,
    ReferrerTables,
    StaffTables,
    StockTables,
    WebhookTables {}

export interface AccountTables {
  settings: SettingsTable;
  agents: AgentsTable;
  merchants: MerchantsTable;
  users: UsersTable;
  user_stores: UserStoresTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  rate_events: RateEventsTable;
  app_modules: AppModulesTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AgentsTable {
  id: string;
  name: string;
  logo: string;
  created_at: number;
}

export interface MerchantsTable {
  id: Generated<number>;
  agent_id: string;
  name: string;
  business: string;
  phone: string;
  sub_user_suffix: string | null;
  time_zone: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  merchant_id: number;
  /** Main account: the phone. Staff: the account part before @suffix. */
  username: string;
  is_main: number;
  nickname: string;
  phone: string;
  password_hash: string;
  /** Hash of the md5 hex the client sends; null while never set. */
  oper_pwd_hash: string | null;
  is_oper_pwd: number;
  role_id: number | null;
  /** 1: all stores; 0: only the stores in user_stores. */
  all_device: number;
  /** 1: the staff member manages only goods they added (spec §6). */
  goods_own_only: number;
  /** 1: the staff member manages only bank cards they added (spec §6). */
  bank_own_only: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** Set when the main account removed the staff member; removed accounts cannot log in. */
  deleted_at: number | null;
}

export interface UserStoresTable {
  user_id: number;
  store_id: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  sign_hash: string;
  ip: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  at: number;
}

export interface AppModulesTable {
  id: Generated<number>;
  merchant_id: number;
  app_module_name: string;
  expire_at: number;
  /** JSON array of {name, value}. */
  extend: string;
  created_at: number;
  updated_at: number;
}

export type Merchant = Selectable<MerchantsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SmsCode = Selectable<SmsCodesTable>;
export type AppModuleRow = Selectable<AppModulesTable>;
