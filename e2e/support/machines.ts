import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SimMachine, type SimMachineOptions } from '@vendo/device-sim/machine';
import { SERVER_BUILD, type RunningServer } from './server';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const run = promisify(execFile);

/** A machine as provisioning printed it: its credentials and the path of its bind link on the test server. */
export interface ProvisionedMachine {
  sn: string;
  clientid: string;
  secret: string;
  /** '/bind?clientid=..&sn=..&sign=..', to open on the test server. */
  bindPath: string;
}

/**
 * Runs a `vendo` command (devices, admin) against the test server's data directory, as an operator would, and
 * answers its output. SQLite lets one writer in at a time: a command meeting the running server's writes waits
 * and tries again.
 */
export async function vendoCommand(server: RunningServer, ...args: string[]): Promise<string> {
  const env = {
    ...process.env,
    DATA_DIR: server.dataDir,
    VENDO_MODE: 'demo',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(process.execPath, ['--enable-source-maps', SERVER_BUILD, ...args], {
        cwd: ROOT,
        env,
      });
      return stdout;
    } catch (error) {
      const locked =
        error instanceof Error &&
        /database is locked/.test(String((error as { stderr?: unknown }).stderr ?? error.message));
      if (!locked || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Provisions machines with the server's own command (`vendo devices provision`), as a factory would: their sn,
 * clientid, secret and bind link come from its output.
 */
export async function provisionMachines(
  server: RunningServer,
  type: string,
  count = 1,
): Promise<ProvisionedMachine[]> {
  const stdout = await vendoCommand(
    server,
    'devices',
    'provision',
    '--count',
    String(count),
    '--type',
    type,
    '--no-qr',
  );
  const machines = stdout
    .split('\n')
    .map((line) => /^(\d+)\s+(\S+)\s+([0-9a-f]{32})\s+(\S+\/bind\?\S+)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, sn = '', clientid = '', secret = '', link = '']) => {
      const url = new URL(link);
      return { sn, clientid, secret, bindPath: `${url.pathname}${url.search}` };
    });
  if (machines.length !== count) throw new Error(`provisioning printed:\n${stdout}`);
  return machines;
}

/** The broker the test server runs, from its start banner ("Machines:  mqtt://127.0.0.1:PORT ..."). */
export function brokerUrl(server: RunningServer): string {
  const match = /Machines:\s+(mqtt:\/\/\S+)/.exec(server.log());
  if (!match?.[1]) throw new Error(`no broker in the server's banner:\n${server.log()}`);
  return match[1];
}

/** Starts a simulated machine against the test server's broker; it speaks the real protocol. */
export async function startMachine(
  server: RunningServer,
  machine: ProvisionedMachine,
  options: Partial<Omit<SimMachineOptions, 'sn' | 'clientid' | 'secret' | 'url'>> = {},
): Promise<SimMachine> {
  const sim = new SimMachine({
    sn: machine.sn,
    clientid: machine.clientid,
    secret: machine.secret,
    url: brokerUrl(server),
    commandDelayMs: 150,
    ...options,
  });
  await sim.start();
  return sim;
}

/** Sets an extend value of a merchant's app (`vendo admin grant`), e.g. the Account app's console_enable. */
export async function setAppExtend(
  server: RunningServer,
  merchantPhone: string,
  app: string,
  extend: string,
): Promise<void> {
  const merchants = await vendoCommand(server, 'admin', 'merchants');
  const id = new RegExp(`^#(\\d+) .* phone=${merchantPhone} `, 'm').exec(merchants)?.[1];
  if (!id) throw new Error(`no merchant with phone ${merchantPhone}:\n${merchants}`);
  await vendoCommand(
    server,
    'admin',
    'grant',
    '--merchant',
    id,
    '--app',
    app,
    '--days',
    '0',
    '--extend',
    extend,
  );
}
