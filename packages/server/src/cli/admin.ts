import path from 'node:path';
import type { Db } from '../db/create-db';
import { createBankCardReview } from '../modules/bank-cards/bank-cards-module';
import { loadPlatformSecret } from '../platform/platform-secret';
import { bankUsage, runBankAdmin } from './bank-review';
import { AppModules } from '../modules/apps/app-modules';
import { Agents } from '../modules/agents/agents';
import { importBranches } from './import-branches';

const DAY_MS = 86_400_000;

const usage = `vendo admin <command>
  merchants                                   list merchants with their apps
  grant --merchant ID --app NAME [--days N] [--extend key=value ...]
                                              grant an app module, or extend it by N days (default 365)
  agents                                      list agents
  agent --id ID --name NAME [--logo URL]      add or rename an agent
  import-branches FILE                        replace the bank and branch directory (CSV, decision 030)`;

/** Operator's tool for what has no screen: merchants, their app modules, agents. */
export async function runAdmin(
  db: Db,
  args: string[],
  out: (line: string) => void,
  options: { secret?: string | undefined; dataDir?: string } = {},
): Promise<number> {
  const [command, ...rest] = args;
  const flags = parseFlags(rest);
  const now = Date.now();
  switch (command) {
    case 'merchants': {
      const merchants = await db.kysely
        .selectFrom('merchants')
        .select(['id', 'name', 'phone', 'agent_id', 'business', 'created_at'])
        .orderBy('id')
        .execute();
      const apps = new AppModules(db.kysely);
      if (merchants.length === 0) out('no merchants');
      for (const m of merchants) {
        out(`#${m.id} ${m.name} phone=${m.phone} agent=${m.agent_id} business=${m.business}`);
        for (const app of await apps.list(m.id)) {
          const state = app.expire_at > now ? 'active' : 'EXPIRED';
          const extend = app.extend.map((e) => `${e.name}=${e.value}`).join(' ');
          out(
            `    ${app.app_module_name.padEnd(14)} ${state} until ${new Date(app.expire_at).toISOString()} ${extend}`,
          );
        }
      }
      return 0;
    }
    case 'grant': {
      const merchantId = Number(flags.get('merchant')?.[0]);
      const name = flags.get('app')?.[0];
      const days = Number(flags.get('days')?.[0] ?? 365);
      if (!Number.isInteger(merchantId) || merchantId <= 0 || !name || !Number.isFinite(days)) {
        out(usage);
        return 2;
      }
      const merchant = await db.kysely
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', merchantId)
        .executeTakeFirst();
      if (!merchant) {
        out(`merchant #${merchantId} does not exist`);
        return 1;
      }
      const apps = new AppModules(db.kysely);
      const current = (await apps.list(merchantId)).find((a) => a.app_module_name === name);
      // Extending an active module adds to its end; a lapsed or new one starts today.
      const base = current && current.expire_at > now ? current.expire_at : now;
      const extend = (flags.get('extend') ?? []).map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
      });
      if (extend.some((e) => !e.name)) {
        out('--extend takes key=value');
        return 2;
      }
      await apps.grant(merchantId, name, base + days * DAY_MS, extend, now);
      out(`merchant #${merchantId}: ${name} until ${new Date(base + days * DAY_MS).toISOString()}`);
      return 0;
    }
    case 'agents': {
      for (const a of await new Agents(db.kysely, Date.now).list()) out(`${a.id} ${a.name} ${a.logo}`);
      return 0;
    }
    case 'agent': {
      const id = flags.get('id')?.[0];
      const name = flags.get('name')?.[0];
      if (!id || !name) {
        out(usage);
        return 2;
      }
      await new Agents(db.kysely, Date.now).upsert({ id, name, logo: flags.get('logo')?.[0] ?? '' });
      out(`agent ${id} saved`);
      return 0;
    }
    case 'import-branches':
      return importBranches(db, rest[0], out);
    default: {
      const reviewer = createBankCardReview({
        db: db.kysely,
        dataDir: options.dataDir ?? path.resolve('data'),
        platformSecret: await loadPlatformSecret(db.kysely, options.secret),
        clock: Date.now,
      });
      const done = command ? await runBankAdmin(reviewer, command, flags, out) : null;
      if (done !== null) return done;
      out(`${usage}\n${bankUsage}`);
      return command ? 2 : 0;
    }
  }
}

function parseFlags(args: string[]): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) continue;
    const value = args[i + 1] && !args[i + 1]!.startsWith('--') ? args[++i]! : '';
    flags.set(arg.slice(2), [...(flags.get(arg.slice(2)) ?? []), value]);
  }
  return flags;
}
