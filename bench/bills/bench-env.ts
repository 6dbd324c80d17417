import path from 'node:path';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
/** Where bench/bills keeps its seeded SQLite database between runs. */
export const BILLS_OUT = path.join(ROOT, 'bench/out/bills');

/** The server's environment for the bills bench's seeded database (SQLite under BILLS_OUT, or the bench_bills schema). */
export function billsBenchEnv(postgres: boolean): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATA_DIR: BILLS_OUT,
    DATABASE_URL: postgres ? (process.env['DATABASE_URL'] ?? '') : '',
    DATABASE_SCHEMA: 'bench_bills',
    VENDO_MODE: 'test',
    BROWSER_GATE: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    VENDO_SECRET: 'bench-bills-secret-bench-bills-secret-01',
  };
}
