import type { Kysely } from 'kysely';
import { PERMISSION_CODES, PERMISSIONS, parsePermissions } from '@vendo/contract/enums';
import type { Database, User } from '../../db/database';
import type { AppModules } from '../apps/app-modules';
import { apiKeyOf, isMainAccount } from '../../platform/auth';

/**
 * The permission codes a user holds (spec §6): the main account holds all of them; staff hold their role's
 * (none without a role); an API key the codes it was made with. Read on every call, so a role edited by the main account applies at once.
 */
export async function permissionsOf(db: Kysely<Database>, user: User): Promise<number[]> {
  // An API key holds the codes it was made with (decision 047).
  const key = apiKeyOf(user);
  if (key) return [...key.permissions];
  if (isMainAccount(user)) return [...PERMISSION_CODES];
  if (user.role_id === null) return [];
  const role = await db
    .selectFrom('roles')
    .select('perm_detail')
    .where('id', '=', user.role_id)
    .where('merchant_id', '=', user.merchant_id)
    .executeTakeFirst();
  return role ? parsePermissions(role.perm_detail) : [];
}

/**
 * Views tied to an app and a permission (spec §6): profit and cost need the Profit app not expired plus the main
 * account or Order.ProfitVisible; stock needs the Stock app not expired plus the main account or Stock.Stock.
 */
export async function canView(
  deps: { db: Kysely<Database>; apps: AppModules; clock: () => number },
  user: User,
  view: 'profit' | 'stock',
): Promise<boolean> {
  const [app, code] =
    view === 'profit' ? ['Profit', PERMISSIONS.ProfitVisible] : ['Stock', PERMISSIONS.Stock];
  // The one module asked about (not the merchant's list, whose extend texts each parse as JSON).
  if (!(await deps.apps.usable(user.merchant_id, app, deps.clock()))) return false;
  return isMainAccount(user) || (await permissionsOf(deps.db, user)).includes(code);
}
