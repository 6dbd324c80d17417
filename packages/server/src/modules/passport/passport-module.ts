import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { SessionStore } from '../../platform/sessions';
import type { AccountsService } from '../accounts/accounts-service';
import { PassportRepository } from './passport-repository';
import { PassportService } from './passport-service';

/** Wires the messaging-app login and the accounts linked to an identity. */
export function createPassport(deps: {
  db: Kysely<Database>;
  sessions: SessionStore;
  accounts: AccountsService;
  /** The messaging app's name ('wechat'; 'sandbox' for the sandbox). */
  provider: string;
  clock: () => number;
}): PassportService {
  const { db, sessions } = deps;
  return new PassportService({
    repo: new PassportRepository(db, sessions),
    sessions,
    accounts: deps.accounts,
    provider: deps.provider,
    clock: deps.clock,
  });
}
