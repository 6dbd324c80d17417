import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@vendo/contract/api/account';
import { RCODE } from '@vendo/contract/rcodes';
import { SimMachine } from '@vendo/device-sim/machine';
import { createDb, type Db } from '../db/create-db';
import { eventually } from '../modules/devices/device-fixtures';
import { sessionHeaders } from '../testing/accounts';
import { mosquittoBinary, startPrivateBroker, type PrivateBroker } from '../testing/private-broker';
import { SERVER_BUILD, startServerProcess, type ServerProcess } from '../testing/server-process';

/*
 * Several `vendo serve` processes on one PostgreSQL schema and one external broker (issue 19, decision 043): the
 * compiled server started as child processes, a Mosquitto of the test's own (so it can be killed and started
 * again), simulated machines speaking the real protocol. Each test proves one thing the deployment relies on; they
 * run in order over the same processes and machines.
 */
const DATABASE_URL = process.env['DATABASE_URL'];
const enabled = Boolean(DATABASE_URL && process.env['MQTT_TEST_URL'] && mosquittoBinary());
/** Short, so a killed holder's jobs move within seconds (production: 30 s, JOB_LEASE_MS). */
const JOB_LEASE_MS = 3_000;
const MACHINES = 4;
// Each test waits on processes and a broker: bounded by its own waits, not by the suite's 20 s (CI is loaded).

describe.skipIf(!enabled)('several vendo serve processes on one database and one broker', () => {
  const schema = `cl_${randomBytes(5).toString('hex')}`;
  const prefix = `vc${randomBytes(4).toString('hex')}`;
  let broker: PrivateBroker;
  let db: Db;
  let env: Record<string, string>;
  /** Every process started; `live` the ones not killed. */
  const started: ServerProcess[] = [];
  let live: ServerProcess[] = [];
  let user: UserInfo;
  const sims: SimMachine[] = [];
  const phone = '13900004301';
  const password = 'secret123';

  beforeAll(async () => {
    broker = await startPrivateBroker();
    env = {
      DATABASE_URL: DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      MQTT_URL: broker.url,
      MQTT_TOPIC_PREFIX: prefix,
      VENDO_SECRET: 'several-processes-test-secret-0123456789',
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      DEVICE_COMMAND_TIMEOUT_MS: '3000',
      TRUST_PROXY: 'loopback',
      // The gateway's "machine events committed" lines say which process stored what.
      LOG_LEVEL: 'debug',
    };
    // Two processes starting together on an empty schema: the migrations run once, under their lock.
    live = await Promise.all([start(), start()]);
    db = await createDb({ databaseUrl: DATABASE_URL, schema });
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(sims.map((s) => s.stop({ graceful: false })));
    await Promise.allSettled(started.map((p) => p.kill('SIGKILL')));
    await Promise.allSettled(started.map((p) => p.stop()));
    await broker?.close();
    await db?.destroy();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }, 30_000);

  async function start(): Promise<ServerProcess> {
    const p = await startServerProcess({ env, readyTimeoutMs: 45_000 });
    started.push(p);
    return p;
  }
  const [a, b] = [() => live[0]!, () => live[1]!];
  const pidOf = (holder: string) => Number(holder.split('-')[1]);
  const devicesAlive = async (p: ServerProcess) => {
    const answer = await p.call<{ data: Array<{ sn: string; alive: number }> }>(
      '/api/v1/d/getDev',
      { pageSize: 100 },
      sessionHeaders(user),
    );
    expect(answer.rcode).toBe(0);
    return Object.fromEntries(answer.result.data.map((d) => [d.sn, d.alive]));
  };
  const storedGames = async () => {
    const rows = await db.kysely
      .selectFrom('device_events')
      .select(['event_id'])
      .where('type', '=', 'game')
      .execute();
    return rows.map((r) => r.event_id);
  };
  /** What each process's gateway says it stored (or found stored already), from its debug lines. */
  const committedBy = (p: ServerProcess, outcome: 'stored' | 'duplicate') =>
    p
      .log()
      .split('\n')
      .filter((line) => line.includes('"machine events committed"'))
      .reduce((sum, line) => sum + (JSON.parse(line) as Record<typeof outcome, number>)[outcome], 0);
  const storedBy = (p: ServerProcess) => committedBy(p, 'stored');

  it('takes a session and a sign-up across processes, and counts failed logins on either against both', async () => {
    // The SMS code goes out from A (the sandbox keeps its outbox in A's memory) and is checked on B.
    const check = await a().call<{ sign: string }>('/p/v1/checkAccount', { phone, agentid: '888888' });
    expect(check.rcode).toBe(0);
    const outbox = await a().call<{ code: string }>('/p/v1/dev/smsOutbox', { phone });
    const signUp = await b().call<UserInfo>('/p/v1/signUp', {
      mchName: 'Cluster Shop',
      phone,
      password,
      business: 'vm',
      sign: check.result.sign,
      code: outbox.result.code,
      agent: '888888',
    });
    expect(signUp.rcode).toBe(0);
    // Logged in on A, used on B.
    const login = await a().call<UserInfo>('/p/v1/login', { username: phone, password });
    expect(login.rcode).toBe(0);
    user = login.result;
    expect(await b().call('/api/v1/d/devOnlineCount', {}, sessionHeaders(user))).toMatchObject({
      rcode: 0,
      result: { total: 0 },
    });

    // Ten wrong passwords from one address, alternating between the processes: the eleventh try is refused on
    // either, even with the right password.
    const from = { 'x-forwarded-for': '203.0.113.43' };
    for (let i = 0; i < 10; i++) {
      const wrong = await live[i % 2]!.call('/p/v1/login', { username: phone, password: 'wrong-one' }, from);
      expect(wrong.rcode).toBe(RCODE.WRONG_CREDENTIALS);
    }
    for (const p of [a(), b()]) {
      const refused = await p.call('/p/v1/login', { username: phone, password }, from);
      expect(refused.rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    }
  }, 60_000);

  it('splits machine events between the processes by shared subscription, each stored once', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [SERVER_BUILD, 'devices', 'provision', '--count', String(MACHINES), '--type', 'vm', '--no-qr'],
      { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
    );
    const links = stdout.match(/http\S+\/bind\?\S+/g) ?? [];
    expect(links).toHaveLength(MACHINES);
    const secrets = new Map(
      [...stdout.matchAll(/^(\d+)\s+(\S+)\s+(\S+)\s+http/gm)].map((m) => [m[1]!, m[3]!]),
    );
    for (const [i, link] of links.entries()) {
      const q = new URL(link).searchParams;
      const device = { sn: q.get('sn')!, clientid: q.get('clientid')!, sign: q.get('sign')! };
      // Bound through either process.
      const bound = await live[i % 2]!.call(
        '/api/v1/d/bind',
        { ...device, title: `M${i}`, type: 'vm' },
        sessionHeaders(user),
      );
      expect(bound.rcode).toBe(0);
      sims.push(
        new SimMachine({
          url: broker.url,
          prefix,
          sn: device.sn,
          clientid: device.clientid,
          secret: secrets.get(device.sn)!,
          type: 'vm',
          commandDelayMs: 20,
          eventRetryMs: 1_000,
        }),
      );
    }
    await Promise.all(sims.map((s) => s.start()));
    await eventually(
      async () => expect(Object.values(await devicesAlive(b()))).toEqual([1, 1, 1, 1]),
      10_000,
    );

    const events = sims.flatMap((sim) =>
      Array.from({ length: 25 }, (_, i) => ({
        sim,
        event: sim.playGame({ player: `p${i}`, result: 'lose' }),
      })),
    );
    const sent = events.map((e) => e.event.id);
    // One in ten sent twice more, as a machine resending after a lost acknowledgement: the copies may reach the
    // other process, which finds them stored.
    await Promise.all(
      events
        .filter((_, i) => i % 10 === 0)
        .map(({ sim, event }) =>
          sim.publishRaw(`${prefix}/d/${sim.sn}/event`, JSON.stringify(event), { qos: 1 }),
        ),
    );
    await eventually(() => expect(sims.map((s) => s.pendingEvents)).toEqual([0, 0, 0, 0]), 15_000);
    await eventually(() =>
      expect(committedBy(a(), 'duplicate') + committedBy(b(), 'duplicate')).toBeGreaterThanOrEqual(10),
    );
    const stored = await storedGames();
    expect(stored.sort()).toEqual([...sent].sort());
    // Both processes stored some, together each once.
    const [byA, byB] = [storedBy(a()), storedBy(b())];
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(sent.length);
  }, 60_000);

  it('routes a command sent through either process to the machine, and its answer back to the caller', async () => {
    const sim = sims[0]!;
    const before = sim.commands.length;
    for (const p of [a(), b()]) {
      const answer = await p.call('/api/v1/d/onlineShopAlive', { sn: sim.sn }, sessionHeaders(user));
      expect(answer).toMatchObject({ rcode: 0, result: { alive: true, version: '2.4.1' } });
    }
    const pings = sim.commands.slice(before).filter((c) => c.name === 'ping');
    // Each process named its own reply topic, so each answer went back to the process that waited.
    expect(pings).toHaveLength(2);
    expect(new Set(pings.map((c) => c.reply)).size).toBe(2);
  }, 60_000);

  it('shows a machine going offline and back on every process', async () => {
    const sim = sims[3]!;
    await sim.stop({ graceful: false });
    for (const p of [a(), b()]) await eventually(async () => expect((await devicesAlive(p))[sim.sn]).toBe(0));
    await sim.start();
    for (const p of [a(), b()]) await eventually(async () => expect((await devicesAlive(p))[sim.sn]).toBe(1));
  }, 60_000);

  it('runs each job in one process, and the others take its jobs within the lease after a kill -9', async () => {
    const leases = () =>
      db.kysely.selectFrom('job_leases').select(['name', 'holder', 'expires_at']).execute();
    const pids = () => new Set(live.map((p) => p.pid));
    // Every job has its row, held by one of the live processes (the name is the key: one holder per job).
    const held = await eventually(async () => {
      const rows = await leases();
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) expect(pids().has(pidOf(row.holder))).toBe(true);
      return rows;
    });
    // A few heartbeats later: the same holders, their leases renewed.
    await new Promise((resolve) => setTimeout(resolve, JOB_LEASE_MS / 2));
    const later = new Map((await leases()).map((r) => [r.name, r]));
    for (const row of held) {
      expect(later.get(row.name)?.holder).toBe(row.holder);
      expect(Number(later.get(row.name)?.expires_at)).toBeGreaterThan(Number(row.expires_at));
    }

    // kill -9 the holder of the first job; a third process starts meanwhile. Timed from the kill to the moment no
    // lease names the dead process (the third's start is not part of it: it may take a lease before it is ready).
    const victim = live.find((p) => p.pid === pidOf(held[0]!.holder))!;
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    live = live.filter((p) => p !== victim);
    const third = start();
    const takenOver = await eventually(async () => {
      const rows = await leases();
      expect(rows.filter((row) => pidOf(row.holder) === victim.pid)).toEqual([]);
      return Date.now() - killedAt;
    }, 4 * JOB_LEASE_MS);
    expect(takenOver).toBeLessThan(4 * JOB_LEASE_MS);
    live.push(await third);
    // Every job is held by a live process, the third one included in the count.
    await eventually(async () => {
      for (const row of await leases()) expect(pids().has(pidOf(row.holder))).toBe(true);
    });

    // The survivors carry the machines' events alone now.
    const event = sims[1]!.playGame({ player: 'after-kill', result: 'lose' });
    await eventually(async () => expect(await storedGames()).toContain(event.id), 10_000);
  }, 60_000);

  it('rides out a broker restart: machines reconnect, presence is right within seconds, no command runs twice', async () => {
    const [p, q] = [a(), b()];
    const [slow, gone] = [sims[0]!, sims[2]!];
    // A command in flight when the broker dies: the machine takes 2.5 s over it (the call waits 3 s).
    slow.commandDelayMs = 2_500;
    const before = slow.commands.length;
    const inFlight = p.call('/api/v1/d/onlineShopAlive', { sn: slow.sn }, sessionHeaders(user));
    await eventually(() => expect(slow.commands.slice(before).map((c) => c.name)).toEqual(['ping']));
    const lateId = slow.commands[before]!.id;
    await broker.kill();

    // While it is down: a command is refused at once (nothing is queued to run later), one machine goes away for
    // good (its will dies with the broker), the others keep selling into their queues.
    await eventually(async () => {
      const refused = await q.call('/api/v1/d/onlineShopAlive', { sn: sims[1]!.sn }, sessionHeaders(user));
      expect(refused.rcode).toBe(RCODE.DEVICE_LINK_DOWN);
    });
    await gone.stop({ graceful: false });
    const queued = [sims[0]!, sims[1]!, sims[3]!].flatMap((sim) =>
      Array.from({ length: 5 }, (_, i) => sim.playGame({ player: `outage-${i}`, result: 'lose' }).id),
    );
    expect((await inFlight).rcode).toBe(RCODE.COMMAND_TIMEOUT);
    slow.commandDelayMs = 20;

    const restartedAt = Date.now();
    await broker.start();
    // The machines that are up reconnect; the one that went away is found out by the ping after the gateways'
    // grace (device-gateway.ts linkBack), on every process's list.
    const expected = Object.fromEntries(sims.map((sim) => [sim.sn, sim === gone ? 0 : 1]));
    for (const r of [p, q])
      await eventually(async () => expect(await devicesAlive(r)).toEqual(expected), 20_000);
    const settledMs = Date.now() - restartedAt;
    expect(settledMs).toBeLessThan(20_000);
    // What was sold meanwhile is stored once.
    await eventually(async () => expect(await storedGames()).toEqual(expect.arrayContaining(queued)), 10_000);
    const stored = await storedGames();
    expect(new Set(stored).size).toBe(stored.length);

    // The in-flight command's late answer (sent by the machine once the broker was back) changes nothing: the
    // person was told it timed out, and so says its record.
    const late = await db.kysely
      .selectFrom('device_commands')
      .select(['status'])
      .where('id', '=', lateId)
      .execute();
    expect(late).toEqual([{ status: 'timeout' }]);

    // Commands work again through both, and no machine ever ran one command twice.
    for (const r of [p, q]) {
      const answer = await r.call('/api/v1/d/onlineShopAlive', { sn: sims[1]!.sn }, sessionHeaders(user));
      expect(answer.rcode).toBe(0);
    }
    for (const sim of sims) {
      const ids = sim.commands.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  }, 60_000);
});

describe.skipIf(enabled)('several vendo serve processes', () => {
  it.skip('need DATABASE_URL, MQTT_TEST_URL and a mosquitto binary (CI has them)', () => undefined);
});
