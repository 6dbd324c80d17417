import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { randomToken } from './crypto';

/**
 * The key under which the server signs things (bind links, SMS codes). VENDO_SECRET wins; otherwise one is
 * generated on first start and kept in the database so every process of a deployment shares it.
 */
export async function loadPlatformSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const existing = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'platform_secret')
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('settings')
    .values({ key: 'platform_secret', value: randomToken() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'platform_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
