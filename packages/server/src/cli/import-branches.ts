import fs from 'node:fs';
import type { Db } from '../db/create-db';
import { RegionNames } from '../modules/bank-directory/directory-file';
import { DirectoryRepository } from '../modules/bank-directory/directory-repository';
import { DirectoryService } from '../modules/bank-directory/directory-service';
import { Regions } from '../modules/catalog/regions';
import { RateLimiter } from '../platform/rate-limit';

/**
 * `vendo admin import-branches FILE`: replaces the bank and branch directory with the operator's CSV (columns
 * of packages/server/reference-data/bank-directory/README.md) in one transaction, or changes nothing and lists
 * the bad lines. Exit 0 replaced, 1 refused, 2 usage.
 */
export async function importBranches(db: Db, file: string | undefined, out: (line: string) => void) {
  if (!file) {
    out('usage: vendo admin import-branches FILE   (CSV: bank_code,bank_no,bank_branch,province,city)');
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    out(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 1;
  }
  const directory = new DirectoryService({
    repo: new DirectoryRepository(db.kysely),
    regions: new RegionNames(Regions.load().tree),
    limiter: new RateLimiter(db.kysely, Date.now),
    clock: Date.now,
  });
  const outcome = await directory.importFile(file, bytes);
  if (!outcome.ok) {
    out(`${file}: refused, the directory is unchanged`);
    for (const p of outcome.problems) out(p.line > 0 ? `  line ${p.line}: ${p.message}` : `  ${p.message}`);
    return 1;
  }
  const banks = Object.entries(outcome.banks)
    .map(([code, n]) => `${code}=${n}`)
    .join(' ');
  out(`${file}: ${outcome.rows} branches imported (${banks})`);
  return 0;
}
