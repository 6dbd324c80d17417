import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { SimMachine } from '@vendo/device-sim/machine';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { latestCode } from '../testing/accounts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process';
import type { TestApp } from '../testing/test-app';
import { prepareMerchant } from './kill-scenario';
import { startProxy } from './tcp-proxy';

/*
 * Issue 19, faults: PostgreSQL gone for a while under a running `vendo serve` (the compiled server, its database
 * reached through a TCP proxy the scenario cuts: every connection destroyed, new ones refused; the shared
 * PostgreSQL itself is never stopped). Sign-ups are in flight when the cut comes and more are sent during it; a
 * machine sells for cash throughout (its events cannot be stored meanwhile, so they are not acknowledged and it
 * sends them again).
 * What it records: how calls answer during the outage (HTTP status, rcode, message in the caller's language),
 * readiness and liveness during it, whether the process lived, how long after the restore until it was ready
 * again and a call succeeded, and the rows afterwards (each sign-up whole or absent, nothing the failed calls
 * asked for written). Used by faults/database-outage.test.ts (3 s) and bench/faults/run.ts --outage (10 s).
 */

export interface OutageAnswer {
  status: number;
  rcode: number;
  msg: string;
}

export interface OutageReport {
  outageMs: number;
  /** Sign-ups in flight at the cut and sent during it: how each answered. */
  signUps: Array<{ phone: string; answer: OutageAnswer | { error: string } }>;
  /** During the outage: a read in zh-CN, a write in en-US, readiness, liveness. */
  during: {
    read: OutageAnswer;
    readMs: number;
    write: OutageAnswer;
    ready: { status: number; database: string };
    health: number;
  };
  /** The process was still running when the database came back. */
  survived: boolean;
  /** ms from the restore until /p/v1/ready answered 200, and until a write succeeded. */
  readyAfterMs: number;
  writeAfterMs: number;
  /** Areas the merchant has at the end (its store's North, Before and After; never During). */
  areas: string[];
  /** Rows of the sign-ups: merchants without their main user or users without their merchant (must be none). */
  halfWritten: string[];
  /** Sign-ups answered 0 whose account is missing, and accounts of sign-ups that did not answer 0. */
  lostSignUps: string[];
  extraSignUps: string[];
  /** Cash sales the machine made before, during and after the outage, and the orders stored for them. */
  machine: { sales: number; during: number; stored: number; doubled: number; ackedAfterMs: number };
  /** The process's exit on SIGTERM at the end. */
  exit: { code: number | null; signal: string | null };
  /** Lines of the server's log about requests at error level (a 500, an unexpected fault) since the cut. */
  errorLines: string[];
  /** Lines of background work (jobs) at error level since the cut: they retry on their next tick. */
  jobErrorLines: number;
}

const SECRET = 'outage-test-secret-outage-test-secret-01';

export async function runDatabaseOutage(options: { outageMs: number }): Promise<OutageReport> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('the database outage needs DATABASE_URL (PostgreSQL)');
  const target = new URL(url);
  const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const schema = `o_${randomBytes(5).toString('hex')}`;
  let server: ServerProcess | null = null;
  let sim: SimMachine | null = null;
  const db = await createDb({ databaseUrl: url, schema });
  try {
    await migrateToLatest(db);
    const mqttPort = String(await freePort());
    const env = {
      DATABASE_URL: viaProxy.toString(),
      DATABASE_SCHEMA: schema,
      VENDO_SECRET: SECRET,
      BROWSER_GATE: 'off',
      LOG_LEVEL: 'warn',
      MQTT_PORT: mqttPort,
      MQTT_TOPIC_PREFIX: 'voutage',
    };
    // The merchant and its machine, made straight on the database (not through the proxy).
    const rig = await prepareMerchant(db, { ...env, DATABASE_URL: url });
    server = await startServerProcess({ env });
    const proc = server;
    let exited = false;
    void proc.exited.then(() => (exited = true));
    const t = { call: proc.call } as unknown as TestApp;
    const headers = rig.headers;
    const machine = new SimMachine({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      prefix: 'voutage',
      sn: rig.sn,
      clientid: rig.clientid,
      secret: rig.secret,
      type: 'vm',
      eventRetryMs: 500,
    });
    sim = machine;
    await machine.start();
    for (let i = 0; i < 100 && machine.state.shelves.get(1)?.quantity !== 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sales = new Set<string>();
    const sell = () => {
      const event = machine.sellForCash(1, 300);
      if (event) sales.add(event.id);
    };
    for (let i = 0; i < 3; i++) sell();
    const addArea = (name: string, lang = 'en-US') =>
      proc.call('/api/v1/u/addArea', { name }, { ...headers, lang });
    const before = await addArea('Before');
    if (before.rcode !== 0) throw new Error(`addArea before the outage: ${before.msg}`);

    // Sign-ups ready to send (their codes taken before the cut): three go out just before it, three during it.
    const phones = Array.from({ length: 6 }, (_, i) => `1390000088${i}`);
    const prepared = new Map<string, string>();
    for (const phone of phones) {
      const check = await proc.call<{ sign: string }>('/p/v1/checkAccount', { phone, agentid: '888888' });
      if (check.rcode !== 0) throw new Error(`checkAccount: ${check.msg}`);
      prepared.set(phone, `${check.result.sign} ${await latestCode(t, phone)}`);
    }
    const signUp = async (phone: string) => {
      const [sign, code] = prepared.get(phone)!.split(' ');
      try {
        const answer = await proc.call('/p/v1/signUp', {
          mchName: 'Outage Shop',
          phone,
          password: 'secret123',
          business: 'vm',
          sign,
          code,
          agent: '888888',
        });
        return { phone, answer: { status: answer.status, rcode: answer.rcode, msg: answer.msg } };
      } catch (error) {
        return { phone, answer: { error: (error as Error).message } };
      }
    };

    const logBefore = proc.log().length;
    const inFlight = phones.slice(0, 3).map(signUp);
    sell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await proxy.cut();
    const cutAt = Date.now();
    // The machine goes on selling while the database is away: a sale every 200 ms.
    let during = 0;
    const selling = setInterval(() => {
      sell();
      during++;
    }, 200);
    const duringSignUps = phones.slice(3).map(signUp);

    const readStarted = Date.now();
    const read = await proc.call('/api/v1/u/getArea', { page: 1, limit: 20 }, { ...headers, lang: 'zh-CN' });
    const readMs = Date.now() - readStarted;
    const write = await addArea('During');
    const readyAnswer = await fetch(`${proc.url}/p/v1/ready`);
    const readyBody = (await readyAnswer.json()) as { checks: { database: string } };
    const health = (await fetch(`${proc.url}/p/v1/health`)).status;
    const signUps = await Promise.all([...inFlight, ...duringSignUps]);
    const rest = options.outageMs - (Date.now() - cutAt);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));

    clearInterval(selling);
    const survived = !exited;
    await proxy.restore();
    const restoredAt = Date.now();
    sell();
    let readyAfterMs = -1;
    let writeAfterMs = -1;
    while (Date.now() - restoredAt < 30_000 && (readyAfterMs < 0 || writeAfterMs < 0)) {
      if (readyAfterMs < 0 && (await fetch(`${proc.url}/p/v1/ready`).catch(() => null))?.status === 200) {
        readyAfterMs = Date.now() - restoredAt;
      }
      if (writeAfterMs < 0 && (await addArea('After').catch(() => null))?.rcode === 0) {
        writeAfterMs = Date.now() - restoredAt;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let ackedAfterMs = -1;
    while (Date.now() - restoredAt < 30_000) {
      if (machine.pendingEvents === 0) {
        ackedAfterMs = Date.now() - restoredAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const logged = proc.log().slice(logBefore).split('\n');
    const errors = logged.filter((line) => /"level":(50|60)/.test(line));
    const errorLines = errors.filter((line) => line.includes('"reqId"') || line.includes('unexpected fault'));

    const areas = await proc.call<{ data: Array<{ area_name: string }> }>(
      '/api/v1/u/getArea',
      { page: 1, limit: 20 },
      headers,
    );
    const rows = await readRows(url, schema, phones);
    const machineOrders = await db.kysely
      .selectFrom('orders')
      .select(['event_id'])
      .where('sn', '=', rig.sn)
      .where('source', '=', 'machine')
      .execute();
    const storedIds = machineOrders.map((o) => o.event_id ?? '');
    const answeredOk = new Set(
      signUps.filter((s) => 'rcode' in s.answer && s.answer.rcode === 0).map((s) => s.phone),
    );
    const exit = await proc.kill('SIGTERM');
    server = null;
    return {
      outageMs: options.outageMs,
      signUps,
      during: {
        read: { status: read.status, rcode: read.rcode, msg: read.msg },
        readMs,
        write: { status: write.status, rcode: write.rcode, msg: write.msg },
        ready: { status: readyAnswer.status, database: readyBody.checks.database },
        health,
      },
      survived,
      readyAfterMs,
      writeAfterMs,
      areas: (areas.result?.data ?? []).map((a) => a.area_name).sort(),
      halfWritten: rows.halfWritten,
      lostSignUps: [...answeredOk].filter((phone) => !rows.accounts.has(phone)),
      extraSignUps: [...rows.accounts].filter((phone) => !answeredOk.has(phone)),
      machine: {
        sales: sales.size,
        during,
        stored: storedIds.filter((id) => sales.has(id)).length,
        doubled: storedIds.length - new Set(storedIds).size,
        ackedAfterMs,
      },
      exit,
      errorLines,
      jobErrorLines: errors.length - errorLines.length,
    };
  } catch (error) {
    // The server's own account of what happened, with the failure.
    if (server) (error as Error).message += `\n--- vendo serve's output:\n${server.log().slice(-4000)}`;
    throw error;
  } finally {
    if (sim) await sim.stop({ graceful: false });
    if (server) await server.kill('SIGKILL');
    await proxy.close();
    await db.destroy();
    await dropSchema(url, schema);
  }
}

/** The sign-ups' rows, read straight from the schema (not through the proxy). */
async function readRows(
  url: string,
  schema: string,
  phones: string[],
): Promise<{ accounts: Set<string>; halfWritten: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path = "${schema}"`);
    const users = await client.query<{ username: string; merchant_id: number; merchant: number | null }>(
      `select u.username, u.merchant_id, m.id as merchant from users u left join merchants m on m.id = u.merchant_id
       where u.username = any($1)`,
      [phones],
    );
    const merchants = await client.query<{ id: number }>(
      `select m.id from merchants m where not exists (select 1 from users u where u.merchant_id = m.id)`,
    );
    return {
      accounts: new Set(users.rows.map((r) => r.username)),
      halfWritten: [
        ...users.rows
          .filter((r) => r.merchant === null)
          .map((r) => `user ${r.username} without its merchant`),
        ...merchants.rows.map((r) => `merchant ${r.id} without a user`),
      ],
    };
  } finally {
    await client.end();
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** The text DATABASE_UNAVAILABLE answers in a language. */
export function unavailableText(lang: 'zh-CN' | 'zh-TW' | 'en-US'): string {
  return rcodeText(RCODE.DATABASE_UNAVAILABLE)?.[lang] ?? '';
}
