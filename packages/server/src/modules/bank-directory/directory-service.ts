import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BankBranch, DirectoryBank } from '@vendo/contract/api/bank-directory';
import { BANK_CODES, BANK_LABELS, type BankCode } from '@vendo/contract/enums';
import type { RateLimiter } from '../../platform/rate-limit';
import { SERVER_ROOT } from '../../server-root';
import { parseDirectory, type DirectoryProblem, type RegionNames } from './directory-file';
import type { DirectoryRepository, DirectorySource } from './directory-repository';

/** The file the server ships (packages/server/reference-data/bank-directory/branches.csv). */
export const SHIPPED_DIRECTORY = pathToFileURL(
  path.join(SERVER_ROOT, 'reference-data/bank-directory/branches.csv'),
);

/**
 * Directory reads per caller address: a branch picker asks once per bank and region, and again per search word
 * (the web waits for typing to pause), so 120 a minute leaves a person room and stops a scraper.
 */
const READS = { limit: 120, windowMs: 60_000 } as const;

export type ImportOutcome =
  | { ok: true; rows: number; banks: Partial<Record<BankCode, number>> }
  | { ok: false; problems: DirectoryProblem[] };

export interface BranchQuery {
  bank: BankCode;
  province: string;
  city: string;
  keyword?: string;
}

/** The bank and branch directory (decision 030): the 15 banks, their branches per region, and its replacement. */
export class DirectoryService {
  constructor(
    private readonly d: {
      repo: DirectoryRepository;
      regions: RegionNames;
      limiter: RateLimiter;
      clock: () => number;
    },
  ) {}

  /** Counts a public read against the caller's address; TOO_MANY_ATTEMPTS past the limit. */
  async admit(ip: string): Promise<void> {
    await this.d.limiter.reserve([{ bucket: `bankdir:ip:${ip}`, ...READS }]);
  }

  async banks(): Promise<{ data: DirectoryBank[]; count: number }> {
    const counts = await this.d.repo.countsByBank();
    const data = BANK_CODES.map((code) => ({
      bank_code: code,
      bank: BANK_LABELS[code]['zh-CN'],
      branch_count: counts.get(code) ?? 0,
    }));
    return { data, count: data.length };
  }

  /** The bank's branches in the city; an unknown region has none. */
  async branches(query: BranchQuery): Promise<{ data: BankBranch[]; count: number }> {
    const rows = await this.d.repo.branches({
      bankCode: query.bank,
      provCode: query.province,
      cityCode: query.city,
      keyword: query.keyword,
    });
    // By name in code point order, then number: the same order whatever the database's collation.
    const data = rows
      .map((r) => ({ bank_no: r.bank_no, bank_branch: r.name }))
      .sort((a, b) => compare(a.bank_branch, b.bank_branch) || compare(a.bank_no, b.bank_no));
    return { data, count: data.length };
  }

  /**
   * Loads the shipped file when the directory holds none yet, or an older shipped file; an operator's import
   * stays until the next import. Safe when several processes start at once: the replacement re-checks under a
   * lock.
   */
  async ensureLoaded(file: URL = SHIPPED_DIRECTORY): Promise<void> {
    const parsed = parseDirectory(fs.readFileSync(file), this.d.regions);
    if (!parsed.ok) {
      // The shipped file is checked by its own test; a broken one must not start a server that hides it.
      const first = parsed.problems[0];
      throw new Error(`shipped bank directory ${file.pathname} line ${first?.line}: ${first?.message}`);
    }
    const stale = (current: DirectorySource | undefined) =>
      !current || (current.kind === 'shipped' && current.digest !== parsed.digest);
    if (!stale(await this.d.repo.source())) return;
    await this.d.repo.replace(
      parsed.rows,
      {
        kind: 'shipped',
        file: 'reference-data/bank-directory/branches.csv',
        digest: parsed.digest,
        rows: parsed.rows.length,
        loaded_at: this.d.clock(),
      },
      stale,
    );
  }

  /**
   * Replaces the whole directory with an operator's file, or changes nothing and names every bad line
   * (`vendo admin import-branches FILE`).
   */
  async importFile(name: string, bytes: Buffer): Promise<ImportOutcome> {
    const parsed = parseDirectory(bytes, this.d.regions);
    if (!parsed.ok) return parsed;
    await this.d.repo.replace(parsed.rows, {
      kind: 'import',
      file: name.slice(-500),
      digest: parsed.digest,
      rows: parsed.rows.length,
      loaded_at: this.d.clock(),
    });
    const banks: Partial<Record<BankCode, number>> = {};
    for (const row of parsed.rows) {
      const code = row.bank_code as BankCode;
      banks[code] = (banks[code] ?? 0) + 1;
    }
    return { ok: true, rows: parsed.rows.length, banks };
  }

  source(): Promise<DirectorySource | undefined> {
    return this.d.repo.source();
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
