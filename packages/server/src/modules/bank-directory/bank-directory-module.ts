import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { RateLimiter } from '../../platform/rate-limit';
import { Regions } from '../catalog/regions';
import { RegionNames } from './directory-file';
import { DirectoryRepository } from './directory-repository';
import { DirectoryService } from './directory-service';

/**
 * Wires the bank and branch directory (issue 15, decision 030) and loads the shipped file into it when the
 * database holds none yet. Card-number-to-bank detection (`card-bin.ts`) needs no wiring.
 */
export async function createBankDirectory(deps: {
  db: Kysely<Database>;
  limiter: RateLimiter;
  clock: () => number;
}): Promise<DirectoryService> {
  const directory = new DirectoryService({
    repo: new DirectoryRepository(deps.db),
    regions: new RegionNames(Regions.load().tree),
    limiter: deps.limiter,
    clock: deps.clock,
  });
  await directory.ensureLoaded();
  return directory;
}
