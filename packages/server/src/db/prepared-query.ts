import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './database';

type Db = Kysely<Database>;

/** The SQL of every prepared query, named: on PostgreSQL they become named statements (create-db.ts). */
const statementNames = new Map<string, string>();

/** The name of a prepared query's SQL; undefined for any other SQL (its shape may vary: not worth keeping). */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Stands in for a value of a prepared query while it is built; replaced by the caller's value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/** What a prepared query's builder gets: one placeholder per parameter, typed as the value it stands for. */
export type Slots<P> = { readonly [K in keyof P]: P[K] };

interface Compiled {
  query: CompiledQuery;
  /** The parameters' names: every run must name exactly these. */
  keys: number;
  /** Per parameter of the compiled SQL: the caller's parameter it takes, or a constant of the query. */
  binds: ReadonlyArray<{ name: string } | { value: unknown }>;
}

/**
 * A query of fixed shape, built and compiled by Kysely once per database and then only bound and run: on the
 * machine-event path, building and compiling every statement again cost half as much as SQLite running it.
 * Each parameter is a placeholder in the built query (a `Slot`), so the compiled SQL is whatever Kysely makes
 * for the dialect, and a run replaces the placeholders by the caller's values in order. The placeholders are
 * made from the first run's parameters, so a builder may also insert them as a whole row (`values(p)`); every
 * later run must name the same parameters, none undefined. Only for queries whose SQL does not depend on the
 * values: no lists (`in`), no optional clauses.
 */
export class PreparedQuery<P extends object, R> {
  /** By the database's adapter: a transaction shares its database's; another database has its own. */
  private readonly compiled = new WeakMap<object, Compiled>();

  constructor(private readonly build: (db: Db, p: Slots<P>) => Compilable<R>) {}

  /** Runs it inside `db` (a transaction or the database) with these values. */
  execute(db: Db, params: P): Promise<QueryResult<R>> {
    const { query, binds, keys } = this.compiledFor(db, () => Object.keys(params));
    if (Object.keys(params).length !== keys)
      throw new Error('prepared query: other parameters than at first');
    const parameters = binds.map((bind) => {
      if (!('name' in bind)) return bind.value;
      const value = (params as Record<string, unknown>)[bind.name];
      if (value === undefined) throw new Error(`prepared query: no value for "${bind.name}"`);
      return value;
    });
    return db.executeQuery<R>({ ...query, parameters });
  }

  /** The rows it answers. */
  async rows(db: Db, params: P): Promise<R[]> {
    return (await this.execute(db, params)).rows;
  }

  /** Its first row, if any. */
  async first(db: Db, params: P): Promise<R | undefined> {
    return (await this.execute(db, params)).rows[0];
  }

  /** How many rows it changed. */
  async changed(db: Db, params: P): Promise<number> {
    return Number((await this.execute(db, params)).numAffectedRows ?? 0n);
  }

  /**
   * Its compiled form for `db` (made on the first call, with the parameter names `names` answers) and, per parameter of the
   * SQL, the caller's parameter it takes or a constant: for callers that bind many values at once
   * (MultiRowInsert) without making an object of named values each time.
   */
  compiledOf(
    db: Db,
    names: () => readonly string[],
  ): { query: CompiledQuery; binds: ReadonlyArray<{ name: string } | { value: unknown }> } {
    return this.compiledFor(db, names);
  }

  private compiledFor(db: Db, namesOf: () => readonly string[]): Compiled {
    const adapter = db.getExecutor().adapter;
    let compiled = this.compiled.get(adapter);
    if (!compiled) {
      const names = namesOf();
      const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as Slots<P>;
      const query = this.build(db, slots).compile();
      const binds = query.parameters.map((value) =>
        value instanceof Slot ? { name: value.name } : { value },
      );
      compiled = { query, binds, keys: names.length };
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `vendo_${statementNames.size + 1}`);
      this.compiled.set(adapter, compiled);
    }
    return compiled;
  }
}

/**
 * A prepared query with parameters P, its result row type taken from the builder:
 * `prepared<{ id: number }>()((db, p) => db.selectFrom('orders').selectAll().where('id', '=', p.id))`.
 */
export function prepared<P extends object>() {
  return <R>(build: (db: Db, p: Slots<P>) => Compilable<R>): PreparedQuery<P, R> => new PreparedQuery(build);
}
