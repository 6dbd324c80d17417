/**
 * What the gateway benchmarks share: a fresh database with one merchant owning many machines ready to sell, and
 * the cash sale every simulated machine sends.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import type { MachineCredentials } from '@vendo/device-sim/machine';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/runtime';
import { signUpMerchant } from '../support/bench-kit';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
export const PREFIX = 'vendo';

/** Where a benchmark keeps its database: a folder under bench/out and a PostgreSQL schema. */
export interface BenchPlace {
  dir: string;
  schema: string;
}

export function benchPlace(name: string, dbKind: string, schema: string): BenchPlace {
  return { dir: path.join(ROOT, 'bench/out', name, dbKind), schema };
}

/**
 * A fresh database with one merchant (signed up through the app's calls) owning `count` machines, each with its
 * first shelf holding goods and plenty of stock, so a cash sale makes an order and a stock write-off.
 * PostgreSQL uses DATABASE_URL and the place's schema, dropped and made again.
 */
export async function prepare(
  dbKind: string,
  count: number,
  place: BenchPlace,
): Promise<{ env: NodeJS.ProcessEnv; credentials: MachineCredentials[] }> {
  fs.rmSync(place.dir, { recursive: true, force: true });
  fs.mkdirSync(place.dir, { recursive: true });
  const url = process.env['DATABASE_URL'] ?? '';
  if (dbKind === 'postgres') {
    if (!url) throw new Error('--db postgres needs DATABASE_URL');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${place.schema}" CASCADE`);
    await client.end();
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: place.dir,
    DATABASE_URL: dbKind === 'postgres' ? url : '',
    DATABASE_SCHEMA: place.schema,
    VENDO_MODE: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    MQTT_TOPIC_PREFIX: PREFIX,
  };
  const config = loadConfig(env as Record<string, string>);
  const db = await openDatabase(config);
  const built = await buildApp({ config, db, logger: { level: 'warn' } });
  const { merchantId, call, headers } = await signUpMerchant(built, {
    phone: '13800000077',
    password: 'bench-gateway-1',
    name: 'Bench gateway',
  });
  console.log(`[${dbKind}] provisioning ${count} machines bound to one merchant ...`);
  const machines = await built.services.devices.provision(count, 'vm', 'bench');
  const now = Date.now();
  const k = db.kysely;
  const goods: number[] = [];
  for (let g = 0; g < 20; g++) {
    const added = await call<{ goods_id: number }>(
      '/api/v1/g/addPrivate',
      { goods_name: `Bench goods ${g + 1}`, price: 200, cost_price: 80 },
      headers,
    );
    goods.push(added.goods_id);
  }
  // Bound without the bind call's revisions, so connecting machines are not sent settings and shelves.
  await k
    .updateTable('devices')
    .set({ merchant_id: merchantId, title: sql<string>`sn`, bound_at: now, settings_rev: 0, shelves_rev: 0 })
    .execute();
  const devices = await k.selectFrom('devices').select(['id']).execute();
  for (const [i, device] of devices.entries())
    await k
      .updateTable('channels')
      .set({ goods_id: goods[i % goods.length]!, quantity: 1_000_000, capacity: 1_000_000, price: 200 })
      .where('device_id', '=', device.id)
      .where('position', '=', 1)
      .execute();
  await built.app.close();
  await db.destroy();
  return { env, credentials: machines };
}

/** The sale every benchmark machine sends: one unit from its first shelf, paid in coins. */
export function cashSale(at = Date.now()): MachineEvent {
  return {
    v: PROTOCOL_VERSION,
    id: `e${randomUUID().replace(/-/g, '')}`,
    at,
    type: 'cash_sale',
    data: { payment: 'coin', amount: 200, items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
  };
}
