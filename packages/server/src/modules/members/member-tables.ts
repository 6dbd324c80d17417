import type { Generated, Selectable } from 'kysely';

/** Members, their points and certs, the merchants' points rules (migration 0021). */
export interface MemberTables {
  members: MembersTable;
  member_point_logs: MemberPointLogsTable;
  member_order_points: MemberOrderPointsTable;
  member_certs: MemberCertsTable;
  member_point_rules: MemberPointRulesTable;
}

/** A customer identity `<client>:<openid>` at one merchant. */
export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  /** wechat | alipay */
  client: string;
  openid: string;
  /** 12 digits, unique per merchant. */
  cardno: string;
  nickname: string;
  headimgurl: string;
  is_subscribe: number;
  /** Never below 0 (guarded updates). */
  point: number;
  /** Stored value (cents): always 0, no top-up exists. */
  balance: number;
  /** Cents paid minus refunded. */
  spend: number;
  /** Paid orders. */
  order_count: number;
  remarks: string;
  /** JSON array of {name, value}. */
  extends: string;
  created_at: number;
  last_visit_at: number;
  updated_at: number;
}

/** Every change of a member's points. */
export interface MemberPointLogsTable {
  id: Generated<number>;
  member_id: number;
  merchant_id: number;
  delta: number;
  point_after: number;
  /** earn | refund | coupon | gift */
  reason: string;
  order_id: number | null;
  /** The coupon receipt id or gift code spent on; '' for orders. */
  ref: string;
  created_at: number;
}

/** What a member's paid order earned and what its refunds took back (due). */
export interface MemberOrderPointsTable {
  order_id: number;
  member_id: number;
  /** What the order paid (cents), the base of the proportion. */
  paid: number;
  earned: number;
  reversed: number;
  /** Refunded so far (cents). */
  refunded: number;
  updated_at: number;
}

export interface MemberCertsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  secret_hash: string;
  created_at: number;
  expires_at: number;
}

export interface MemberPointRulesTable {
  merchant_id: number;
  points_per_yuan: number;
  updated_at: number;
}

export type MemberRow = Selectable<MembersTable>;
