import type { Generated, Selectable } from 'kysely';

/** Roles that staff hold. Staff themselves are rows of `users` (is_main 0). */
export interface StaffTables {
  roles: RolesTable;
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

export type RoleRow = Selectable<RolesTable>;
