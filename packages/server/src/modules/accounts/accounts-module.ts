import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionStore } from '../../platform/sessions';
import type { Agents } from '../agents/agents';
import type { AppModules } from '../apps/app-modules';
import { AccountRepository } from './account-repository';
import { AccountsService } from './accounts-service';
import { SmsCodes } from './sms-codes';

/** Wires sign-up, login, SMS codes and passwords (spec §4–§7). */
export function createAccounts(deps: {
  db: Kysely<Database>;
  sessions: SessionStore;
  sms: SmsProvider;
  apps: AppModules;
  agents: Agents;
  limiter: RateLimiter;
  platformSecret: string;
  clock: () => number;
  config: Pick<Config, 'timeZone' | 'trialDays' | 'payDomain'>;
}): AccountsService {
  const { db, clock, config } = deps;
  return new AccountsService({
    db,
    repo: new AccountRepository(db),
    sessions: deps.sessions,
    sms: new SmsCodes(db, deps.sms, clock, deps.platformSecret),
    apps: deps.apps,
    agents: deps.agents,
    limiter: deps.limiter,
    clock,
    timeZone: config.timeZone,
    trialDays: config.trialDays,
    payDomain: config.payDomain,
  });
}
