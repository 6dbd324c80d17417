import type { Kysely } from 'kysely';
import { PERMISSION_CODES } from '@vendo/contract/enums';
import type { Database, User } from '../../db/database';

/**
 * The permission codes a user holds. The main account holds all of them (spec §6); staff hold their role's,
 * and roles arrive with the staff feature, so until then a staff member holds none.
 */
export async function permissionsOf(_db: Kysely<Database>, user: User): Promise<number[]> {
  if (user.is_main === 1) return [...PERMISSION_CODES];
  return [];
}
