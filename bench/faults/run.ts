/*
 * Faults over many seeds (issue 19), run by hand: the compiled `vendo serve` killed with SIGKILL at seeded random
 * moments of a stream of machine sales (10 % sent twice) and customer payments (signed notifications, 10 % twice),
 * started again each time, the stream resumed; after each seed the rows are checked against what they must say
 * (packages/server/src/faults/raw-row-checks.ts: orders lost or doubled, stock, rollups, bill totals, ledger). The
 * CI test (faults/kill-nine.test.ts) runs the same scenario with two or three seeds. It prints figures and every
 * discrepancy; its exit code is 1 when any seed found one.
 *
 *   npm run bench:faults -- [--seeds 20] [--from 1] [--steps 120] [--kills 4] [--down-ms 1500]
 *                           [--backend sqlite|postgres|both]
 *   npm run bench:faults -- --outage 10000
 *
 * postgres needs DATABASE_URL (a schema of its own per seed, dropped after) and MQTT_TEST_URL (the external
 * broker, a topic prefix of its own per seed). --outage runs, instead, PostgreSQL (DATABASE_URL) cut off from the
 * compiled server for that many ms through a TCP proxy (packages/server/src/faults/database-outage.ts) and prints
 * how calls answered during it and how soon the service was back.
 */
import { parseArgs } from 'node:util';
import { runDatabaseOutage } from '../../packages/server/src/faults/database-outage';
import {
  runKillScenario,
  type Backend,
  type KillScenarioReport,
} from '../../packages/server/src/faults/kill-scenario';
import { ensureServerBuild } from '../../packages/server/src/testing/server-process';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    from: { type: 'string', default: '1' },
    steps: { type: 'string', default: '120' },
    kills: { type: 'string', default: '4' },
    'down-ms': { type: 'string', default: '1500' },
    backend: { type: 'string', default: 'sqlite' },
    verbose: { type: 'boolean', default: false },
    outage: { type: 'string' },
  },
});
const backends: Backend[] =
  values.backend === 'both'
    ? ['sqlite', 'postgres']
    : [values.backend === 'postgres' ? 'postgres' : 'sqlite'];
const SEEDS = Number(values.seeds);
const FROM = Number(values.from);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

async function outage(ms: number): Promise<number> {
  console.log(
    `PostgreSQL cut off from vendo serve for ${ms} ms (TCP proxy; the database itself keeps running)`,
  );
  const r = await runDatabaseOutage({ outageMs: ms });
  const answers = r.signUps.map((s) =>
    'rcode' in s.answer ? `${s.answer.status}/${s.answer.rcode}` : 'no answer',
  );
  console.log(`  sign-ups in flight at the cut and during it: ${answers.join(', ')}`);
  console.log(
    `  a read during it (zh-CN): ${r.during.read.status}/${r.during.read.rcode} "${r.during.read.msg}"`,
  );
  console.log(`    answered in ${r.during.readMs} ms`);
  console.log(
    `  a write during it (en-US): ${r.during.write.status}/${r.during.write.rcode} "${r.during.write.msg}"`,
  );
  console.log(
    `  readiness: ${r.during.ready.status} (${r.during.ready.database}); liveness: ${r.during.health}`,
  );
  console.log(`  process survived: ${r.survived}`);
  console.log(
    `  after the restore: ready in ${r.readyAfterMs} ms, a write succeeded in ${r.writeAfterMs} ms`,
  );
  console.log(
    `  rows: areas ${JSON.stringify(r.areas)}; half-written ${r.halfWritten.length}; sign-ups lost ` +
      `${r.lostSignUps.length}, extra ${r.extraSignUps.length}`,
  );
  console.log(
    `  log: ${r.errorLines.length} request lines at error level; ${r.jobErrorLines} background job lines at error level`,
  );
  console.log(
    `  machine: ${r.machine.sales} cash sales (${r.machine.during} during the outage), ${r.machine.stored} stored, ` +
      `${r.machine.doubled} doubled, all acknowledged ${r.machine.ackedAfterMs} ms after the restore`,
  );
  console.log(`  SIGTERM afterwards: ${JSON.stringify(r.exit)}`);
  const clean =
    r.survived &&
    r.during.read.rcode === 1260 &&
    r.during.write.rcode === 1260 &&
    r.readyAfterMs >= 0 &&
    r.writeAfterMs >= 0 &&
    !r.halfWritten.length &&
    !r.lostSignUps.length &&
    !r.extraSignUps.length &&
    r.machine.stored === r.machine.sales &&
    r.machine.doubled === 0 &&
    !r.errorLines.length &&
    r.exit.code === 0;
  console.log(clean ? 'ok' : 'NOT CLEAN');
  return clean ? 0 : 1;
}

async function main(): Promise<number> {
  ensureServerBuild();
  if (values.outage) return outage(Number(values.outage));
  let failed = 0;
  for (const backend of backends) {
    const reports: KillScenarioReport[] = [];
    console.log(
      `\n${backend}: ${SEEDS} seeds from ${FROM}, ${values.steps} steps, ${values.kills} SIGKILLs each, ` +
        `${values['down-ms']} ms down after each`,
    );
    console.log(
      'seed  cash  dup  cust  paid  notif  dupN  refunds  kills  restart ms  settle ms  total s  result',
    );
    for (let seed = FROM; seed < FROM + SEEDS; seed++) {
      let r: KillScenarioReport;
      try {
        r = await runKillScenario({
          seed,
          backend,
          steps: Number(values.steps),
          kills: Number(values.kills),
          downMs: Number(values['down-ms']),
          ...(values.verbose ? { log: (line: string) => console.log(`  ${line}`) } : {}),
        });
      } catch (error) {
        failed++;
        console.log(`${String(seed).padStart(4)}  did not finish: ${(error as Error).message}`);
        continue;
      }
      reports.push(r);
      if (r.discrepancies.length) failed++;
      console.log(
        [
          String(seed).padStart(4),
          String(r.cashSales).padStart(5),
          String(r.duplicateEvents).padStart(4),
          String(r.customerOrders).padStart(5),
          String(r.rows['paidCustomerOrders'] ?? 0).padStart(5),
          String(r.notifications).padStart(6),
          String(r.duplicateNotifications).padStart(5),
          String(r.rows['refunds'] ?? 0).padStart(8),
          String(r.kills).padStart(6),
          String(median(r.restartMs.slice(1))).padStart(11),
          String(r.settleMs).padStart(10),
          (r.totalMs / 1000).toFixed(1).padStart(8),
          r.discrepancies.length ? `${r.discrepancies.length} DISCREPANCIES` : 'ok',
        ].join(' '),
      );
      for (const d of r.discrepancies) console.log(`      ${d.check}: ${d.detail}`);
    }
    const sum = (f: (r: KillScenarioReport) => number) => reports.reduce((s, r) => s + f(r), 0);
    console.log(
      `${backend}: ${reports.filter((r) => !r.discrepancies.length).length}/${SEEDS} seeds clean; ` +
        `${sum((r) => r.kills)} SIGKILLs; ${sum((r) => r.rows['orders'] ?? 0)} orders ` +
        `(${sum((r) => r.cashSales)} machine sales + ${sum((r) => r.duplicateEvents)} duplicates, ` +
        `${sum((r) => r.rows['paidCustomerOrders'] ?? 0)} paid customer orders, ` +
        `${sum((r) => r.duplicateNotifications)} duplicate notifications); ` +
        `restart to ready median ${median(reports.flatMap((r) => r.restartMs.slice(1)))} ms; ` +
        `settle median ${median(reports.map((r) => r.settleMs))} ms`,
    );
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
