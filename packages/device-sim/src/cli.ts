import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Fleet } from './fleet';
import type { MachineCredentials } from './machine';

const usage = `npm run sim -- [options]
  --devices N        how many machines to run (default: every machine in the file)
  --file PATH        credentials written by \`vendo devices provision --out PATH\` (default data/sim-machines.json)
  --url URL          broker (default mqtt://127.0.0.1:$MQTT_PORT, 1883)
  --prefix P         topic prefix (default $MQTT_TOPIC_PREFIX, vendo)
  --delay MS         time a command takes (default 100-400 ms)
  --fault-rate F     share of dispenses that fail with a fault code, 0..1 (default 0)
  --report MS        report interval (default 30000)
  --churn N          on average N machines a minute lose the network for --offline MS (default 0)
  --offline MS       how long a churned machine stays away (default 15000)

First provision machines, then bind some in the app with their links:
  npm run vendo -- devices provision --count 50 --type vm --out data/sim-machines.json`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      file: { type: 'string' },
      url: { type: 'string' },
      prefix: { type: 'string' },
      delay: { type: 'string' },
      'fault-rate': { type: 'string' },
      report: { type: 'string' },
      churn: { type: 'string' },
      offline: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  // npm runs workspace scripts in the package folder; paths are meant from where the command was typed.
  const cwd = process.env['INIT_CWD'] ?? process.cwd();
  const file = path.resolve(cwd, values.file ?? 'data/sim-machines.json');
  if (!fs.existsSync(file)) {
    console.error(`No machine credentials at ${file}.\n\n${usage}`);
    return 2;
  }
  const all = readCredentials(file);
  const count = values.devices ? Number(values.devices) : all.length;
  if (!Number.isInteger(count) || count < 1) {
    console.error(`--devices must be a positive whole number.\n\n${usage}`);
    return 2;
  }
  if (count > all.length) {
    console.error(`${file} holds ${all.length} machines; provision more for --devices ${count}.\n\n${usage}`);
    return 2;
  }
  const url = values.url ?? `mqtt://127.0.0.1:${process.env['MQTT_PORT'] || 1883}`;
  const fleet = new Fleet(all.slice(0, count), {
    url,
    prefix: values.prefix ?? (process.env['MQTT_TOPIC_PREFIX'] || 'vendo'),
    commandDelayMs: values.delay ? Number(values.delay) : [100, 400],
    faultRate: values['fault-rate'] ? Number(values['fault-rate']) : 0,
    reportEveryMs: values.report ? Number(values.report) : 30_000,
    log: (message, data) => console.log(`[${String(data?.['sn'] ?? '')}] ${message}`, data ?? ''),
  });
  console.log(`Starting ${count} simulated machines against ${url} ...`);
  const failed = await fleet.start();
  for (const f of failed) console.error(`  ${f.sn}: ${f.error}`);
  console.log(`${count - failed.length} connected, ${failed.length} failed. Ctrl-C stops them (gracefully).`);
  if (failed.length === count) {
    await fleet.stop(false);
    return 1;
  }
  fleet.churn(values.churn ? Number(values.churn) : 0, values.offline ? Number(values.offline) : 15_000);

  const status = setInterval(() => {
    const commands = fleet.machines.reduce((n, m) => n + m.commands.length, 0);
    const pending = fleet.machines.reduce((n, m) => n + m.pendingEvents, 0);
    console.log(
      `machines ${fleet.connectedCount()}/${count} connected · commands ${commands} · events pending ${pending}`,
    );
  }, 10_000);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(status);
  console.log('Stopping machines ...');
  await fleet.stop(true);
  return 0;
}

function readCredentials(file: string): MachineCredentials[] {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of machines`);
  return parsed.map((item: unknown, i) => {
    const m = item as Partial<MachineCredentials>;
    if (typeof m.sn !== 'string' || typeof m.clientid !== 'string' || typeof m.secret !== 'string') {
      throw new Error(`${file}: machine ${i} needs sn, clientid and secret`);
    }
    return { sn: m.sn, clientid: m.clientid, secret: m.secret, ...(m.type ? { type: m.type } : {}) };
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
