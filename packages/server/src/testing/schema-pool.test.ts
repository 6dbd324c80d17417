import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, dialects } from './test-app';

async function count(t: Awaited<ReturnType<typeof createTestApp>>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(
    t.db.kysely,
  );
  return Number(rows[0]!.n);
}

async function addAgent(t: Awaited<ReturnType<typeof createTestApp>>, id: string): Promise<number> {
  await t.db.kysely.insertInto('agents').values({ id, name: id, logo: '', created_at: 1 }).execute();
  const merchant = await t.db.kysely
    .insertInto('merchants')
    .values({ agent_id: id, name: id, business: 'vm', phone: '1', time_zone: 'Asia/Shanghai', created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(merchant.id);
}

describe.skipIf(!dialects().includes('postgres'))('pooled PostgreSQL test schemas', () => {
  it('hands the next test the same schema emptied: no rows, ids from 1, the migrations’ seed rows back', async () => {
    const first = await createTestApp('postgres');
    const schema = first.db.schema;
    const seeded = await count(first, 'order_number_nodes');
    expect(seeded).toBeGreaterThan(0);
    const agentsAtStart = await count(first, 'agents'); // the app's own, written when it starts
    expect(await addAgent(first, 'a1')).toBe(1);
    expect(await addAgent(first, 'a2')).toBe(2);
    await first.db.kysely.deleteFrom('order_number_nodes').execute();
    await first.close();

    const second = await createTestApp('postgres');
    try {
      expect(second.db.schema).toBe(schema);
      expect(await count(second, 'merchants')).toBe(0);
      expect(await count(second, 'agents')).toBe(agentsAtStart);
      expect(await count(second, 'order_number_nodes')).toBe(seeded);
      expect(await addAgent(second, 'b1')).toBe(1);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['a dropped table', sql`drop table sms_codes`],
    [
      'a new trigger',
      sql`create trigger x before insert on agents for each row execute function suppress_redundant_updates_trigger()`,
    ],
    ['a table’s storage option', sql`alter table agents set (autovacuum_enabled = false)`],
    ['a new column', sql`alter table agents add column extra integer`],
  ])('drops a schema whose definition the test changed (%s), and never hands it on', async (_, ddl) => {
    const changed = await createTestApp('postgres');
    const schema = changed.db.schema;
    await ddl.execute(changed.db.kysely);
    await changed.close();
    const next = await createTestApp('postgres');
    try {
      expect(next.db.schema).not.toBe(schema);
      const { rows } = await sql<{ n: string | number }>`select count(*) as n from pg_namespace
        where nspname = ${schema}`.execute(next.db.kysely);
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await next.close();
    }
  });
});
