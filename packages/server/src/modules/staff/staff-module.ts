import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionStore } from '../../platform/sessions';
import type { AppModules } from '../apps/app-modules';
import { StaffRepository } from './staff-repository';
import { StaffService } from './staff-service';

/** Wires roles and staff (issue 7). */
export function createStaff(deps: {
  db: Kysely<Database>;
  sessions: SessionStore;
  apps: AppModules;
  limiter: RateLimiter;
  clock: () => number;
}): StaffService {
  return new StaffService({ ...deps, repo: new StaffRepository(deps.db) });
}
