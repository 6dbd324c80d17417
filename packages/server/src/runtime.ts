import path from 'node:path';
import type { Config } from './config';
import { createDb, type Db } from './db/create-db';
import { migrateToLatest } from './db/migrate';

/** Opens the configured database and brings its schema up to date: the first step of every command. */
export async function openDatabase(config: Config): Promise<Db> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'vendo.sqlite'),
  });
  await migrateToLatest(db);
  return db;
}
