import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeviceEventsTable } from '../modules/devices/device-tables';
import { dialects } from '../testing/test-app';
import { createDb, type Db } from './create-db';
import { migrateToLatest } from './migrate';
import { prepared } from './prepared-query';

type NewEvent = Omit<Selectable<DeviceEventsTable>, 'id'>;

// Shared by every dialect below: each database must compile its own SQL (PostgreSQL's $1 against SQLite's ?).
const insertEvent = prepared<NewEvent>()((db, p) =>
  db
    .insertInto('device_events')
    .values(p)
    .onConflict((oc) => oc.columns(['sn', 'event_id']).doNothing())
    .returning('id'),
);
const eventsOf = prepared<{ sn: string; since: number }>()((db, p) =>
  db
    .selectFrom('device_events')
    .select(['event_id', 'type', 'player'])
    .where('sn', '=', p.sn)
    .where('occurred_at', '>=', p.since)
    // A constant of the query stays in it.
    .where('type', '!=', 'game')
    .orderBy('id'),
);
const markReceived = prepared<{ sn: string; at: number }>()((db, p) =>
  db.updateTable('device_events').set({ received_at: p.at }).where('sn', '=', p.sn),
);

const event = (sn: string, id: string, type = 'cash_sale'): NewEvent => ({
  sn,
  event_id: id,
  merchant_id: null,
  type,
  player: null,
  result: null,
  payload: '{}',
  occurred_at: 1_000,
  received_at: 2_000,
});

describe.each(dialects())('prepared queries on %s', (dialect) => {
  let db: Db;
  const opened = (async () => {
    db = await createDb({
      databaseUrl: dialect === 'postgres' ? process.env['DATABASE_URL'] : undefined,
      schema: `t_prepared_${randomBytes(4).toString('hex')}`,
    });
    await migrateToLatest(db);
  })();

  afterAll(async () => {
    await opened;
    if (db.dialect === 'postgres')
      await db.kysely.schema
        .dropSchema(db.schema ?? '')
        .ifExists()
        .cascade()
        .execute();
    await db.destroy();
  });

  it('run with each call’s values, as the query Kysely builds would', async () => {
    await opened;
    const k = db.kysely;
    const first = await insertEvent.first(k, event('M1', 'e1'));
    expect(first?.id).toEqual(expect.any(Number));
    // The resend: the conflict clause holds, nothing is returned.
    expect(await insertEvent.first(k, event('M1', 'e1'))).toBeUndefined();
    await insertEvent.execute(k, event('M1', 'e2', 'game'));
    await insertEvent.execute(k, { ...event('M2', 'e3'), player: 'p' });
    expect(await eventsOf.rows(k, { sn: 'M1', since: 0 })).toEqual([
      { event_id: 'e1', type: 'cash_sale', player: null },
    ]);
    expect(await eventsOf.rows(k, { sn: 'M2', since: 0 })).toEqual([
      { event_id: 'e3', type: 'cash_sale', player: 'p' },
    ]);
    expect(await eventsOf.rows(k, { sn: 'M2', since: 1_001 })).toEqual([]);
    expect(await markReceived.changed(k, { sn: 'M1', at: 3_000 })).toBe(2);
    const direct = await k.selectFrom('device_events').select('received_at').where('sn', '=', 'M1').execute();
    expect(direct).toEqual([{ received_at: 3_000 }, { received_at: 3_000 }]);
  });

  it('run inside the caller’s transaction', async () => {
    await opened;
    const trx = await db.kysely.startTransaction().execute();
    await insertEvent.execute(trx, event('M3', 'e4'));
    expect(await eventsOf.rows(trx, { sn: 'M3', since: 0 })).toHaveLength(1);
    await trx.rollback().execute();
    expect(await eventsOf.rows(db.kysely, { sn: 'M3', since: 0 })).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'are named statements on PostgreSQL, parsed once per connection',
    async () => {
      await opened;
      const trx = await db.kysely.startTransaction().execute();
      try {
        await eventsOf.rows(trx, { sn: 'M1', since: 0 });
        await eventsOf.rows(trx, { sn: 'M2', since: 0 });
        const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx);
        // Only the prepared queries' SQL is named, and each once.
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.name.startsWith('vendo_'))).toBe(true);
        expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
      } finally {
        await trx.rollback().execute();
      }
    },
  );

  it('refuse values that do not fit the compiled shape', async () => {
    await opened;
    const k = db.kysely;
    await expect(eventsOf.rows(k, { sn: 'M1', since: undefined as unknown as number })).rejects.toThrow(
      'no value for "since"',
    );
    const extra = { sn: 'M1', since: 0, limit: 1 };
    await expect(eventsOf.rows(k, extra)).rejects.toThrow('other parameters');
  });
});
