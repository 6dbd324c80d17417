import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@vendo/contract/locales';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';
import { buildFixture, type Fixture } from './authorization-fixture';
import { fuzzBody, invalidValue, unknownKinds, validValue, type Known } from './contract-fuzz';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from './body-limits';
import { fieldLabel } from './field-labels';
import { sha256 } from './crypto';
import { parseRequest, ZodFieldError } from './route';

/*
 * The contract fuzzer (issue 19, decision 045): every registered call gets bodies drawn from its own request schema,
 * each with a defect (wrong types, missing fields, one past each bound, unknown and prototype keys) or at the edges
 * of what the schema takes, and raw bodies no schema sees (deep JSON, oversized, wrong content types), as every
 * caller of the authorization fixture. Whatever comes back: no 5xx and no fault in the log; every refusal an rcode
 * and a message in the caller's language, a validation refusal naming its field in all three languages; and a
 * refused call changes no row (triggers on every table count the rows a request writes).
 *
 * FUZZ_RUNS bodies per call (default 24 in CI); FUZZ_RUNS=1000 by hand. FUZZ_SEED replays a run (fixed by
 * default; FUZZ_SEED=random draws one).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 24);
// A fixed seed by default, so a CI run is repeatable (a release never waits on a lucky draw); FUZZ_SEED=random
// draws one (a failure prints it), as the long runs by hand do.
const SEED_SETTING = process.env['FUZZ_SEED'] ?? '20261127';
const SEED = SEED_SETTING === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_SETTING);

/**
 * Refusals that may write their own record: an attempt counted against a rate limit, a command to a machine that
 * was offline (device_commands is the audit trail of every command, however it ended).
 */
const MAY_RECORD = new Set(['rate_events', 'device_commands']);
/** Written on timers of their own, whatever a request does: the order-number slot's lease. */
const BACKGROUND = new Set(['order_number_nodes', 'job_leases']);

type Caller =
  | 'anonymous'
  | 'otherMerchant'
  | 'staffNone'
  | 'staffOutside'
  | 'staffInside'
  | 'main'
  | 'member'
  | 'passport';
const SESSION_CALLERS = ['otherMerchant', 'staffNone', 'staffOutside', 'staffInside', 'main'] as const;

interface Sent {
  path: string;
  caller: Caller;
  lang: Locale;
  status: number;
  rcode: number;
  msg: string;
  result: unknown;
}

const CJK = /[\u4e00-\u9fff]/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The dotted paths of a schema's fields, nested objects and list items included. */
function fieldsOf(schema: z.core.$ZodType, path = ''): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object':
      return Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([key, inner]) => {
        const at = path ? `${path}.${key}` : key;
        return [at, ...fieldsOf(inner, at)];
      });
    case 'array':
      return fieldsOf(def['element'] as z.core.$ZodType, `${path}.0`);
    case 'union':
      return (def['options'] as z.core.$ZodType[]).flatMap((o) => fieldsOf(o, path));
    case 'pipe':
      return [
        ...fieldsOf(def['in'] as z.core.$ZodType, path),
        ...fieldsOf(def['out'] as z.core.$ZodType, path),
      ];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fieldsOf(def['innerType'] as z.core.$ZodType, path);
    default:
      return [];
  }
}

describe('the body walker', () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    n: z.number().int().min(1).max(9),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.string().max(3)).max(2).optional(),
    box: z.object({ on: z.boolean() }).nullable(),
  });

  it('draws edge values the schema takes, and defects it refuses', () => {
    const edges = fc.sample(validValue(schema), { numRuns: 200, seed: 1 });
    expect(edges.filter((e) => !schema.safeParse(e).success)).toEqual([]);
    const defects = fc.sample(invalidValue(schema), { numRuns: 500, seed: 1 });
    // Unknown and prototype keys pass a schema that strips them: everything else is refused.
    const kept = defects.filter((d) => !/unknown field|prototype key/.test(d.what));
    const passed = kept.filter((d) => schema.safeParse(d.body).success && d.what !== 'wrong value');
    expect(passed.map((d) => `${d.what} at ${d.at}: ${JSON.stringify(d.body)}`)).toEqual([]);
    expect(new Set(defects.map((d) => d.at))).toEqual(
      new Set(['', 'name', 'n', 'kind', 'tags', 'tags.0', 'tags.1', 'tags.2', 'tags.3', 'box', 'box.on']),
    );
  });
});

describe.each(dialects())('contract fuzzing on %s', (dialect) => {
  let t: TestApp;
  let fx: Fixture;
  const faults: string[] = [];
  const headers = new Map<Caller, Record<string, string>>();
  let address = 0;

  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      faults.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { logger: { level: 'error', stream: log } });
    fx = await buildFixture(t);
    headers.set('anonymous', {});
    headers.set('otherMerchant', fx.other.headers);
    headers.set('staffNone', fx.staffNone.headers);
    headers.set('staffOutside', fx.staffOutside.headers);
    headers.set('staffInside', fx.staffInside.headers);
    headers.set('main', fx.owner.headers);
    headers.set('member', await memberCert(t, fx.owner.merchantId));
    headers.set('passport', await passportTicket(t));
    await trackChanges(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The tables a request wrote, and how many rows of each; the count is cleared. */
  async function changes(): Promise<Record<string, number>> {
    const rows = await sql<{ tbl: string; n: number | string }>`
      select tbl, count(*) as n from fuzz_changes group by tbl`.execute(t.db.kysely);
    if (rows.rows.length === 0) return {};
    await sql`delete from fuzz_changes`.execute(t.db.kysely);
    return Object.fromEntries(rows.rows.map((r) => [r.tbl, Number(r.n)]));
  }

  async function send(
    path: string,
    caller: Caller,
    lang: Locale,
    payload: string | Buffer,
    contentType: string | undefined = 'application/json',
  ): Promise<Sent> {
    address++;
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...(contentType ? { 'content-type': contentType } : {}),
        lang,
        // Each request from its own address, so the per-address limits never refuse the fixture's own logins.
        'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        ...headers.get(caller),
      },
      payload,
    });
    let envelope: { rcode?: unknown; msg?: unknown; result?: unknown } = {};
    try {
      envelope = response.json();
    } catch {
      // judged below: an answer that is no envelope
    }
    return {
      path,
      caller,
      lang,
      status: response.statusCode,
      rcode: typeof envelope.rcode === 'number' ? envelope.rcode : NaN,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '',
      result: envelope.result,
    };
  }

  /** A caller whose session a fuzzed call ended (a logout, a changed suffix) logs in again. */
  async function keepAlive(answer: Sent): Promise<void> {
    if (answer.rcode !== RCODE.SESSION_EXPIRED) return;
    const account = {
      otherMerchant: fx.other,
      staffNone: fx.staffNone,
      staffOutside: fx.staffOutside,
      staffInside: fx.staffInside,
      main: fx.owner,
    }[answer.caller as (typeof SESSION_CALLERS)[number]];
    if (account) headers.set(answer.caller, await fx.freshHeaders(account));
  }

  /** What is wrong with an answer, or null. */
  function judge(answer: Sent, written: Record<string, number>): string | null {
    if (faults.length > 0) return `fault in the log: ${faults.splice(0).join(' | ').slice(0, 300)}`;
    if (answer.status >= 500 || answer.rcode === RCODE.INTERNAL) return `server fault ${answer.status}`;
    if (Number.isNaN(answer.rcode) || !rcodeText(answer.rcode)) return `no known rcode (${answer.status})`;
    if (answer.msg === '') return 'no message';
    if (answer.rcode === RCODE.OK) return null;
    if (answer.result !== null) return 'a refusal carrying a result';
    if (answer.lang !== 'en-US' && !CJK.test(answer.msg)) return `message not in ${answer.lang}`;
    const wrote = Object.keys(written).filter(
      (table) => !BACKGROUND.has(table) && (answer.rcode === RCODE.INVALID_PARAM || !MAY_RECORD.has(table)),
    );
    if (wrote.length > 0) return `refused, yet wrote ${wrote.map((w) => `${w}×${written[w]}`).join(', ')}`;
    return null;
  }

  /** The field a validation refusal must name, as the body's own schema sees it ('body' for the whole). */
  async function fieldOf(request: Parameters<typeof parseRequest>[0], body: unknown): Promise<string | null> {
    try {
      await parseRequest(request, body);
      return null;
    } catch (error) {
      if (error instanceof ZodFieldError) return error.field;
      throw error;
    }
  }

  /** "Label: text", or a text holding the label as a word ("Please enter a mainland China phone number"). */
  function namesField(msg: string, field: string, lang: Locale, path: string): boolean {
    const label = fieldLabel(field, lang, path);
    const sep = lang === 'en-US' ? ': ' : '：';
    if (msg.startsWith(`${label}${sep}`)) return true;
    const word = new RegExp(`(^|[^a-z0-9])${escape(label.toLowerCase())}($|[^a-z0-9])`);
    return label !== field && word.test(msg.toLowerCase());
  }

  /**
   * A refusal of the service (the body passed its schema) names one of the call's fields, or leads with a field's
   * label the way fieldMessage writes it (a report's conditions are another call's fields).
   */
  function namesSomeField(msg: string, request: z.core.$ZodType, lang: Locale, path: string): boolean {
    if (/^[^:：]{1,40}(: |：)/.test(msg)) return true;
    return fieldsOf(request).some((f) => namesField(msg, f, lang, path));
  }

  it('counts the rows a call writes, and none of one it refuses (a self-check of the triggers)', async () => {
    await changes();
    const added = await send('/api/v1/u/addArea', 'main', 'en-US', JSON.stringify({ name: 'Fuzz check' }));
    expect(added.rcode).toBe(0);
    expect(await changes()).toMatchObject({ areas: 1 });
    const refused = await send('/api/v1/u/addArea', 'main', 'en-US', JSON.stringify({ name: 1 }));
    expect(refused.rcode).toBe(RCODE.INVALID_PARAM);
    expect(await changes()).toEqual({});
  });

  it('walks every schema kind the contract uses', () => {
    expect(t.calls.length).toBeGreaterThan(100);
    expect(t.calls.flatMap((c) => unknownKinds(c.request).map((k) => `${c.path}: ${k}`))).toEqual([]);
  });

  it(`answers ${RUNS} fuzzed bodies per call, as every caller, without a fault or a change`, async () => {
    const failures: string[] = [];
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    // The fixture's own objects, by the names the contract gives their fields.
    const known: Known = {
      sn: [fx.sn],
      goods_id: [fx.goods],
      store: [fx.store1, fx.store2],
      store_id: [fx.store1],
      area: [fx.area1],
      area_id: [fx.area1],
      order_no: [fx.orderNo],
      orderno: [fx.orderNo],
      roleid: [fx.role],
      img_id: [fx.image],
      road: fx.channels.map((c) => c.channel_sn),
      channel_sn: fx.channels.map((c) => c.channel_sn),
    };
    let sent = 0;
    const tally = new Map<number, number>();
    for (const [index, call] of t.calls.entries()) {
      const own: Caller[] =
        call.auth === 'member' ? ['member'] : call.auth === 'passport' ? ['passport'] : [];
      const callers: Caller[] = [...own, 'anonymous', ...SESSION_CALLERS, ...own, ...own, ...own];
      const bodies = fc.sample(fuzzBody(call.request, known), { numRuns: RUNS, seed: SEED + index });
      for (const [i, fuzzed] of bodies.entries()) {
        const caller = callers[(i + index) % callers.length]!;
        // Each caller meets each language in turn (not always the same one).
        const lang = LOCALES[(Math.floor(i / callers.length) + index) % LOCALES.length]!;
        const json = JSON.stringify(fuzzed.body) ?? '';
        const answer = await send(call.path, caller, lang, json);
        sent++;
        tally.set(answer.rcode, (tally.get(answer.rcode) ?? 0) + 1);
        const problem = judge(answer, await changes());
        const field =
          answer.rcode === RCODE.INVALID_PARAM ? await fieldOf(call.request, fuzzed.body ?? {}) : null;
        const report = (what: string) =>
          failures.push(
            `${call.path} as ${caller} (${lang}), ${fuzzed.what} at ${fuzzed.at || 'body'}: ${what} ` +
              `(rcode ${answer.rcode} ${answer.msg}) body ${json.slice(0, 1500)}`,
          );
        if (problem) report(problem);
        await keepAlive(answer);
        await changes();
        if (answer.rcode !== RCODE.INVALID_PARAM) continue;
        // A validation refusal names its field, in every language.
        for (const other of LOCALES) {
          const again = other === lang ? answer : await send(call.path, caller, other, json);
          const again_problem = other === lang ? null : judge(again, await changes());
          if (again_problem) report(`${other}: ${again_problem}`);
          if (again.rcode !== RCODE.INVALID_PARAM) report(`${other}: answered ${again.rcode}`);
          else if (field !== null && !namesField(again.msg, field, other, call.path)) {
            report(`${other}: "${again.msg}" does not name ${field}`);
          } else if (field === null && !namesSomeField(again.msg, call.request, other, call.path)) {
            report(`${other}: "${again.msg}" names no field`);
          }
        }
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
    expect(sent).toBeGreaterThanOrEqual(t.calls.length * RUNS);
    // A run by hand says what the bodies met (how many reached the schema, the services, a success).
    if (process.env['FUZZ_RUNS']) console.log(dialect, sent, 'bodies; answers by rcode:', [...tally].sort());
    expect(failures.slice(0, 40), `seed ${SEED} (FUZZ_SEED=${SEED} replays it)`).toEqual([]);
  }, 600_000);

  it('answers bodies no schema sees with a refusal, changing nothing', async () => {
    const failures: string[] = [];
    const callers: Caller[] = ['anonymous', ...SESSION_CALLERS, 'member', 'passport'];
    for (const [index, call] of t.calls.entries()) {
      const limit = LARGER_BODY_LIMITS[call.path] ?? JSON_BODY_LIMIT;
      for (const [i, raw] of rawBodies(limit).entries()) {
        const caller = callers[(i + index) % callers.length]!;
        const lang = LOCALES[(i + index) % LOCALES.length]!;
        const answer = await send(call.path, caller, lang, raw.payload, raw.contentType);
        const problem = judge(answer, await changes());
        if (problem) failures.push(`${call.path} as ${caller}, ${raw.what}: ${problem} (${answer.msg})`);
        await keepAlive(answer);
        await changes();
      }
    }
    expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
    expect(failures.slice(0, 40)).toEqual([]);
  }, 300_000);
});

interface RawBody {
  what: string;
  payload: string | Buffer;
  contentType?: string;
}

/** Bodies refused before any schema: unreadable, oversized, nested past reason, of another type. */
function rawBodies(limit: number): RawBody[] {
  const depth = 10_000;
  return [
    { what: 'empty JSON', payload: '' },
    { what: 'truncated JSON', payload: '{"a":' },
    { what: 'a JSON list', payload: '[1,2,3]' },
    { what: 'a JSON text', payload: '"x"' },
    { what: 'JSON null', payload: 'null' },
    { what: 'a JSON number', payload: '1e999' },
    { what: 'a number past any integer', payload: '{"id":123456789012345678901234567890}' },
    { what: 'duplicate keys', payload: '{"pageNum":1,"pageNum":"x"}' },
    { what: 'deep lists', payload: `${'['.repeat(depth)}${']'.repeat(depth)}` },
    { what: 'deep objects', payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` },
    { what: '__proto__ key', payload: '{"__proto__":{"polluted":"yes"}}' },
    { what: 'constructor.prototype', payload: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
    { what: 'oversized', payload: `{"x":"${'a'.repeat(limit)}"}` },
    {
      what: 'invalid UTF-8',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { what: 'plain text', payload: '{}', contentType: 'text/plain' },
    { what: 'a form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { what: 'multipart without a boundary', payload: '--x\r\n', contentType: 'multipart/form-data' },
    { what: 'JSON in UTF-16', payload: '{}', contentType: 'application/json; charset=utf-16' },
    { what: 'no content type', payload: '{}', contentType: undefined },
    { what: 'XML', payload: '<a/>', contentType: 'application/xml' },
  ];
}

/** Triggers on every table writing one row per row changed into fuzz_changes (rolled back with the change). */
async function trackChanges(t: TestApp): Promise<void> {
  const k = t.db.kysely;
  await sql`create table fuzz_changes (tbl varchar(100) not null)`.execute(k);
  const tables = (await k.introspection.getTables()).map((x) => x.name).filter((n) => n !== 'fuzz_changes');
  if (t.db.dialect === 'postgres') {
    await sql`create function fuzz_note() returns trigger language plpgsql as $$
      begin insert into fuzz_changes values (TG_TABLE_NAME); return null; end $$`.execute(k);
    for (const table of tables) {
      await sql`create trigger fuzz_note after insert or update or delete on ${sql.table(table)}
        for each row execute function fuzz_note()`.execute(k);
    }
    return;
  }
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger "fuzz_${event}_${table}" after ${event} on "${table}"
           begin insert into fuzz_changes values ('${table}'); end`,
        )
        .execute(k);
    }
  }
}

async function memberCert(t: TestApp, merchantId: number): Promise<Record<string, string>> {
  const now = t.clock.now;
  const member = await t.db.kysely
    .insertInto('members')
    .values({
      merchant_id: merchantId,
      client: 'wechat',
      openid: 'ofuzzmember',
      cardno: '100000000999',
      nickname: 'Fuzz',
      headimgurl: '',
      is_subscribe: 0,
      point: 5,
      balance: 0,
      spend: 0,
      order_count: 0,
      remarks: '',
      extends: '[]',
      created_at: now,
      last_visit_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = 'fuzz-member-token';
  const secret = 'fuzz-member-secret';
  await t.db.kysely
    .insertInto('member_certs')
    .values({
      member_id: member.id,
      token_hash: sha256(token),
      secret_hash: sha256(secret),
      created_at: now,
      expires_at: now + 86_400_000,
    })
    .execute();
  return { token, secret };
}

/** A messaging-app identity with no linked account yet: its bind ticket. */
async function passportTicket(t: TestApp): Promise<Record<string, string>> {
  const now = t.clock.now;
  const passport = await t.db.kysely
    .insertInto('passports')
    .values({
      provider: 'sandbox',
      openid: 'ofuzzpassport',
      unionid: '',
      nickname: 'Fuzz',
      headimgurl: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = 'fuzz-passport-token';
  const secret = 'fuzz-passport-secret';
  await t.db.kysely
    .insertInto('passport_tickets')
    .values({
      passport_id: passport.id,
      token_hash: sha256(token),
      secret_hash: sha256(secret),
      created_at: now,
      expires_at: now + 86_400_000,
      revoked_at: null,
    })
    .execute();
  return { token, secret };
}
