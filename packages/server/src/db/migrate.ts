import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db';
import * as m0001 from './migrations/0001-accounts';
import * as m0002 from './migrations/0002-catalog';
import * as m0003 from './migrations/0003-devices';
import * as m0004 from './migrations/0004-orders';
import * as m0005 from './migrations/0005-staff';
import * as m0006 from './migrations/0006-analytics';
import * as m0007 from './migrations/0007-vend-busy-retries';
import * as m0008 from './migrations/0008-order-number-nodes';
import * as m0009 from './migrations/0009-bill-totals';
import * as m0010 from './migrations/0010-coarse-rollups';
import * as m0011 from './migrations/0011-bank-cards';
import * as m0012 from './migrations/0012-bank-directory';
import * as m0013 from './migrations/0013-funds';
import * as m0014 from './migrations/0014-fee-splits';
import * as m0015 from './migrations/0015-split-ledger';
import * as m0016 from './migrations/0016-sum-runs';
import * as m0017 from './migrations/0017-sum-runs-covering';
import * as m0019 from './migrations/0019-gifts';
import * as m0020 from './migrations/0020-referrers';
import * as m0018 from './migrations/0018-coupons';
import * as m0022 from './migrations/0022-adverts';
import * as m0021 from './migrations/0021-members';
import * as m0023 from './migrations/0023-audit-log';
import * as m0024 from './migrations/0024-api-keys';
import * as m0025 from './migrations/0025-webhooks';
import * as m0026 from './migrations/0026-machine-bill-totals';
import * as m0027 from './migrations/0027-orders-waiting-index';

/** Every migration in order. Names are permanent: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-catalog': m0002,
  '0003-devices': m0003,
  '0004-orders': m0004,
  '0005-staff': m0005,
  '0006-analytics': m0006,
  '0007-vend-busy-retries': m0007,
  '0008-order-number-nodes': m0008,
  '0009-bill-totals': m0009,
  '0010-coarse-rollups': m0010,
  '0011-bank-cards': m0011,
  '0012-bank-directory': m0012,
  '0013-funds': m0013,
  '0014-fee-splits': m0014,
  '0015-split-ledger': m0015,
  '0016-sum-runs': m0016,
  '0017-sum-runs-covering': m0017,
  '0019-gifts': m0019,
  '0020-referrers': m0020,
  '0018-coupons': m0018,
  '0021-members': m0021,
  '0022-adverts': m0022,
  '0023-audit-log': m0023,
  '0024-api-keys': m0024,
  '0025-webhooks': m0025,
  '0026-machine-bill-totals': m0026,
  '0027-orders-waiting-index': m0027,
};

/**
 * Applies pending migrations; the same files run on SQLite and PostgreSQL. All pending migrations run in one
 * transaction under a lock (PostgreSQL: Kysely's advisory lock; SQLite: the write lock of BEGIN IMMEDIATE, see
 * create-db.ts), so processes starting together run each migration once and a failure leaves the database as it
 * was (decision 041). `set` is for tests (a failing migration); the server always runs `migrations`.
 */
export async function migrateToLatest(
  db: Db,
  set: Record<string, Migration> = migrations,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => set };
  // Kysely looks for its own tables across all schemas unless told which one is ours.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
