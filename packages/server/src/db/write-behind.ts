import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './database';
import { PreparedQuery, type Slots } from './prepared-query';

type Db = Kysely<Database>;

/**
 * Rows a transaction writes late, many at once (decision 051): the machine-event store's group commit hands one
 * to its batch's transaction, the sale path's inserts (orders with their items, stock logs, goods' sold counts)
 * queue their rows on it instead of running one statement each, and the store writes the queues as multi-row
 * statements before the commit. Only rows nothing in the same batch reads back go through it; the store
 * flushes before any event that reads orders. Without one (any other transaction, or a batch's savepoint rerun)
 * the same code writes at once.
 */
export class WriteBehind {
  /** Queues in the order of their first row: an order's queue before the stock log that names it. */
  private readonly queues = new Map<WriteQueue<never>, unknown[]>();

  add<T>(queue: WriteQueue<T>, row: T): void {
    const rows = this.queues.get(queue as WriteQueue<never>);
    if (rows) rows.push(row);
    else this.queues.set(queue as WriteQueue<never>, [row]);
  }

  /** Writes every queued row, queue by queue, inside `db` (the transaction it belongs to). */
  async flush(db: Db): Promise<void> {
    for (const [queue, rows] of this.queues) {
      this.queues.delete(queue);
      await queue.write(db, rows as never[]);
    }
  }
}

/** How a queue's rows are written: all of them, in the caller's transaction. */
export interface WriteQueue<T> {
  write(db: Db, rows: T[]): Promise<void>;
}

const behind = new WeakMap<Db, WriteBehind>();

/** The write-behind of this transaction, if its owner gave it one. */
export function writeBehindOf(db: Db): WriteBehind | undefined {
  return behind.get(db);
}

/** Gives `trx` a write-behind until `release`; the caller flushes it before committing. */
export function attachWriteBehind(trx: Db): { writes: WriteBehind; release: () => void } {
  const writes = new WriteBehind();
  behind.set(trx, writes);
  return { writes, release: () => behind.delete(trx) };
}

/** Rows per statement: a batch of n rows is written in chunks of these sizes, largest first. */
const CHUNKS = [64, 16, 4, 1];

/**
 * An INSERT of many rows of fixed columns, prepared once per chunk size (64, 16, 4, 1 rows: a few statement
 * shapes per table, each compiled by Kysely once and then only bound). Every row must have the same columns,
 * none undefined; the answer is the rows' RETURNING, chunk after chunk (within a chunk in no promised order).
 */
export class MultiRowInsert<Row extends object, R> {
  private readonly bySize = new Map<number, PreparedQuery<Record<string, unknown>, R>>();
  /** Per compiled statement: for each of its parameters, the row (within the chunk) and column it takes. */
  private readonly plans = new WeakMap<CompiledQuery, readonly Bind[]>();
  private columns: string[] | null = null;

  constructor(private readonly build: (db: Db, rows: Array<Slots<Row>>) => Compilable<R>) {}

  async rows(db: Db, rows: readonly Row[]): Promise<R[]> {
    const answer: R[] = [];
    let at = 0;
    while (at < rows.length) {
      const size = CHUNKS.find((c) => c <= rows.length - at) ?? 1;
      const from = at;
      at += size;
      const columns = (this.columns ??= Object.keys(rows[from]!));
      const { query, plan } = this.compiled(db, size, columns);
      // The values straight into the statement's parameters, in its order: no object of named values.
      const parameters = plan.map((bind) => {
        if (bind.column === null) return bind.value;
        const value = (rows[from + bind.row] as Record<string, unknown>)[bind.column];
        if (value === undefined) throw new Error(`multi-row insert: no value for "${bind.column}"`);
        return value;
      });
      answer.push(...(await db.executeQuery<R>({ ...query, parameters })).rows);
    }
    return answer;
  }

  private compiled(db: Db, size: number, columns: string[]): { query: CompiledQuery; plan: readonly Bind[] } {
    let prepared = this.bySize.get(size);
    if (!prepared) {
      prepared = new PreparedQuery<Record<string, unknown>, R>((db, p) =>
        this.build(
          db,
          Array.from(
            { length: size },
            (_, i) => Object.fromEntries(columns.map((c) => [c, p[`${i}.${c}`]])) as Slots<Row>,
          ),
        ),
      );
      this.bySize.set(size, prepared);
    }
    const names = () => Array.from({ length: size }, (_, i) => columns.map((c) => `${i}.${c}`)).flat();
    const { query, binds } = prepared.compiledOf(db, names);
    let plan = this.plans.get(query);
    if (!plan) {
      plan = binds.map((bind): Bind => {
        if (!('name' in bind)) return { row: 0, column: null, value: bind.value };
        const dot = bind.name.indexOf('.');
        return { row: Number(bind.name.slice(0, dot)), column: bind.name.slice(dot + 1), value: undefined };
      });
      this.plans.set(query, plan);
    }
    return { query, plan };
  }
}

/** A parameter of a multi-row statement: a row's column, or a constant of the statement (column null). */
interface Bind {
  row: number;
  column: string | null;
  value: unknown;
}

/** A multi-row insert of rows Row: `multiRowInsert<Row>()((db, rows) => db.insertInto('t').values(rows))`. */
export function multiRowInsert<Row extends object>() {
  return <R>(build: (db: Db, rows: Array<Slots<Row>>) => Compilable<R>): MultiRowInsert<Row, R> =>
    new MultiRowInsert(build);
}
