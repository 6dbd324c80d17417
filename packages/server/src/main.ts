import { buildApp } from './app';
import { runAdmin } from './cli/admin';
import { runBackupCommand } from './cli/backup';
import { runDevices } from './cli/devices';
import { runSettle } from './cli/settle';
import { checkProductionSecret, ConfigError, loadConfig, type Config } from './config';
import { ensureDemoCatalog, placeDemoMachines } from './demo/demo-catalog';
import { DEMO, DEMO_PARTNER, ensureDemoMerchant } from './demo/demo-merchant';
import { DEMO_STAFF, ensureDemoStaff } from './demo/demo-staff';
import { startDemoSales } from './demo/demo-orders';
import { DEMO_PARTNER_CARD, ensureDemoPartnerCard, ensureDemoPayoutCard } from './demo/demo-funds';
import { MqttPortInUseError } from './gateway/embedded-broker';
import {
  checkProviders,
  chosenProviders,
  sandboxInProductionWarning,
  type ProviderKind,
} from './integrations/providers';
import { BrokerUnreachableError } from './gateway/external-link';
import { startGateway, type RunningGateway } from './gateway/start-gateway';
import { ensureDemoMachines } from './demo/demo-machines';
import { openDatabase } from './runtime';
import { LOG_REDACT } from './platform/request-log';
import { gracefulShutdown } from './platform/shutdown';

const usage = `vendo <command>
  serve       run the API, the web app and the device gateway (MQTT)
  migrate     apply database migrations and exit
  backup FILE copy the database into a new FILE, safe while serving (SQLite online backup; pg_dump)
  restore FILE [--force]
              replace the database with the backup in FILE, then migrate; refuses one holding data
              unless --force (which replaces all of it); stop the servers first
  admin ...   merchants, app modules and agents (vendo admin for its commands)
  devices ... provision machines, bind links, secrets (vendo devices for its commands)
  settle ...  settle a day by hand: --date YYYYMMDD [--merchant N]; --paid ID for a manual transfer`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  switch (command) {
    case 'serve':
      return serve(config);
    case 'migrate': {
      const db = await openDatabase(config);
      console.log(`migrated ${db.describe}`);
      await db.destroy();
      return 0;
    }
    case 'backup':
    case 'restore':
      return runBackupCommand(config, command, rest, (line) => console.log(line));
    case 'admin': {
      const db = await openDatabase(config);
      try {
        return await runAdmin(db, rest, (line) => console.log(line), {
          secret: config.secret,
          dataDir: config.dataDir,
        });
      } finally {
        await db.destroy();
      }
    }
    case 'devices': {
      const db = await openDatabase(config);
      try {
        return await runDevices(db, config, rest, (line) => console.log(line));
      } finally {
        await db.destroy();
      }
    }
    case 'settle': {
      const db = await openDatabase(config);
      try {
        return await runSettle(db, config, rest, (line) => console.log(line));
      } finally {
        await db.destroy();
      }
    }
    default:
      console.log(usage);
      return command ? 2 : 0;
  }
}

async function serve(config: Config): Promise<number> {
  try {
    checkProviders(config);
    checkProductionSecret(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const db = await openDatabase(config);
  // Secrets and payout card data never reach a log line, whatever object a log call is handed (decisions 031,
  // 042). Production writes one JSON line per event; demo and test modes in a terminal write readable lines, and
  // JSON too when their output goes to a file or a pipe (a log collector reads it, colours would garble it).
  const redact = LOG_REDACT;
  const logger =
    process.stdout.isTTY && config.mode !== 'production' && config.logLevel !== 'silent'
      ? {
          level: config.logLevel,
          redact,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }
      : { level: config.logLevel, redact };
  const { app, services, lifecycle } = await buildApp({ config, db, logger });
  let demoStaffLogin: string | null = null;
  if (config.mode === 'demo') {
    await ensureDemoMerchant(db, services);
    await ensureDemoMerchant(db, services, DEMO_PARTNER);
    await ensureDemoCatalog(app, db.kysely);
    demoStaffLogin = await ensureDemoStaff(app, db.kysely);
  }

  let demoMachines: { stop(graceful?: boolean): Promise<void> } | null = null;
  let closing = false;
  // Stop taking requests, finish the calls in flight and the machine events received, close the broker and the
  // database (platform/shutdown.ts); exit 0 when that took less than SHUTDOWN_TIMEOUT_MS, else 1.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const outcome = await gracefulShutdown({
      app,
      lifecycle,
      db,
      clients: demoMachines ? [demoMachines] : [],
      log: app.log,
      timeoutMs: SHUTDOWN_TIMEOUT_MS,
    });
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? error.code : undefined;
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is already in use. Stop the other program or set PORT to a free port.`,
      );
      await db.destroy();
      return 1;
    }
    throw error;
  }
  let gateway: RunningGateway;
  try {
    gateway = await startGateway(services.devices.gateway, services.devices.machines, config, app.log);
    // Closed when the app closes, after the calls in flight (they may be waiting on a machine's answer).
    lifecycle.closeAfterCalls(() => gateway.close());
  } catch (error) {
    const known = error instanceof MqttPortInUseError || error instanceof BrokerUnreachableError;
    console.error(known ? error.message : error);
    await app.close();
    await db.destroy();
    return 1;
  }
  // Notifications and housekeeping, each under a database lease so one process of a deployment runs it.
  services.jobs.start();
  // Payments nobody notified us of, vends lost in a crash, orders without a result, refunds to follow.
  services.orders.jobs.start();
  let demoSalesBanner: string | null = null;
  if (config.mode === 'demo') {
    try {
      const credentials = await ensureDemoMachines(db.kysely, services.devices, DEMO.phone, Date.now());
      await placeDemoMachines(
        app,
        db.kysely,
        credentials.map((c) => c.sn),
      );
      // An approved payout card with the machines bound: the history's online sales settle into it.
      await ensureDemoPayoutCard(app, db.kysely, services);
      // Another merchant's approved card, to name as a split account on /feeSplitting.
      await ensureDemoPartnerCard(app, db.kysely, services);
      // The machines, their customers and (on first start) 90 days of history; the history seeds in the
      // background and the machines connect when it is done.
      const sales = await startDemoSales({
        app,
        db,
        services,
        config,
        credentials,
        brokerUrl: gateway.localUrl,
        log: app.log,
      });
      demoMachines = sales;
      demoSalesBanner = sales.banner;
    } catch (error) {
      app.log.error({ err: error }, 'demo machines did not start');
    }
  }
  printBanner(config, db.describe, gateway.describe, demoSalesBanner, demoStaffLogin);
  return new Promise<number>(() => undefined);
}

/** The bound of a graceful shutdown; a process manager's own (systemd's 90 s, Docker's 10 s) should be longer. */
const SHUTDOWN_TIMEOUT_MS = 8_000;

const SANDBOX_NOTE = {
  sms: 'no SMS is sent, codes go to this log',
  messaging: 'no WeChat account behind it',
  payments: 'WeChat Pay / Alipay simulated, no real money',
  ocr: 'reads only the text test images carry, no real recognition',
  payouts: 'settlements paid to a simulated bank, no real money',
} satisfies Record<ProviderKind, string>;

function printBanner(
  config: Config,
  database: string,
  machines: string,
  demoSales: string | null,
  demoStaffLogin: string | null,
): void {
  const url = `http://localhost:${config.port}/`;
  const lines = [
    '',
    `  Vendo is running (${config.mode} mode)`,
    `  Open:      ${url}`,
    `  Database:  ${database}`,
    `  Machines:  ${machines}`,
    ...chosenProviders(config).map(
      (p) =>
        `  ${`${p.label}:`.padEnd(14)} ${p.name}` +
        (p.sandbox ? `   << SANDBOX: ${SANDBOX_NOTE[p.kind]} (${p.setting})` : ''),
    ),
  ];
  const warning = sandboxInProductionWarning(config);
  if (warning) lines.push('', `  !!! ${warning}`, '');
  if (config.mode !== 'production') {
    lines.push(
      `  ${config.mode} mode: the sandboxes' test pages are on (SMS outbox, template outbox, OAuth authorize page,` +
        ' cashier). Never expose this mode to the public.',
    );
  }
  if (config.mode === 'demo') {
    lines.push(`  Demo login: ${DEMO.phone} / ${DEMO.password}   operation password: ${DEMO.operPassword}`);
    if (demoStaffLogin) {
      lines.push(
        `  Staff login: ${demoStaffLogin} / ${DEMO_STAFF.password}   operation password: ${DEMO_STAFF.operPassword}` +
          ' (one store)',
      );
    }
    lines.push(
      `  Fee-splitting partner: card ${DEMO_PARTNER_CARD.acct_no} (${DEMO_PARTNER_CARD.acct_name}, approved);` +
        ` its login ${DEMO_PARTNER.phone} / ${DEMO_PARTNER.password}`,
      '  Demo machines run inside this process; `npm run sim` adds more (docs/device-protocol.md).',
      "  A machine's purchase page is /buy/<sn>.",
    );
    if (demoSales) lines.push(demoSales);
  }
  lines.push(
    config.browserGate
      ? '  Browser gate ON: the app opens only inside WeChat or Alipay.'
      : '  Browser gate OFF: the app opens in any browser (demo). Production turns it on.',
    '',
  );
  console.log(lines.join('\n'));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
