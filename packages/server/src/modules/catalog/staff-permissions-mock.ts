import type * as Permissions from '../accounts/permissions';

/**
 * Tests only. Roles arrive with the staff issue; until then a staff member holds no permission code, so the catalog
 * and stock suites grant codes here to reach the rules behind the permission check. A suite mocks the module with
 *   vi.mock('../accounts/permissions', async (original) =>
 *     (await import('./staff-permissions-mock')).mockPermissions(original));
 * and sets staffPermissions.codes; the main account keeps every code.
 */
export const staffPermissions = { codes: [] as number[] };

export async function mockPermissions(
  importOriginal: () => Promise<typeof Permissions>,
): Promise<typeof Permissions> {
  const original = await importOriginal();
  return {
    ...original,
    permissionsOf: async (db, user) =>
      user.is_main === 1 ? original.permissionsOf(db, user) : [...staffPermissions.codes],
  };
}
