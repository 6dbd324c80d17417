import type { CallAuth } from '@vendo/contract/api/call';
import type { Endpoint } from './api-client';

/*
 * Checks of small, flat answers without zod, for the calls a first screen paints from (home's figures and
 * alerts): zod and the contract's schemas are the largest scripts the app loads, and the screen would wait for
 * them. A reader returns the value as the schema would (known fields only) or BAD. `object` takes one reader per
 * field of the contract's type, so a field added, removed or retyped there fails typecheck here; the tests of
 * each use hold the readers to the schema on the same samples.
 */

export const BAD: unique symbol = Symbol('bad answer');

export type Read<T> = (value: unknown) => T | typeof BAD;

/** A safe integer, as zod's `z.number().int()`. */
export const int: Read<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : BAD;

/** A finite number, as zod's `z.number()`. */
export const finite: Read<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : BAD;

export const bool: Read<boolean> = (value) => (typeof value === 'boolean' ? value : BAD);

export const string: Read<string> = (value) => (typeof value === 'string' ? value : BAD);

/** One of these strings, as zod's `z.enum`. */
export function oneOf<T extends string>(values: readonly T[]): Read<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : BAD);
}

/** An array whose every item the reader accepts, as zod's `z.array`. */
export function array<T>(read: Read<T>): Read<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return BAD;
    const out: T[] = [];
    for (const item of value) {
      const one = read(item);
      if (one === BAD) return BAD;
      out.push(one);
    }
    return out;
  };
}

export function nullable<T>(read: Read<T>): Read<T | null> {
  return (value) => (value === null ? null : read(value));
}

/** An object with exactly these fields read (others dropped, as zod's object strips them). */
export function object<T extends object>(fields: { [K in keyof T]-?: Read<T[K]> }): Read<T> {
  const keys = Object.keys(fields) as (keyof T & string)[];
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return BAD;
    const source = value as Record<string, unknown>;
    const out: Partial<T> = {};
    for (const key of keys) {
      const read = fields[key](source[key]);
      if (read === BAD) return BAD;
      out[key] = read;
    }
    return out as T;
  };
}

/** An endpoint (lib/api-client.ts) whose answer a reader checks. */
export function plainEndpoint<Result>(path: string, auth: CallAuth, read: Read<Result>): Endpoint<Result> {
  return {
    path,
    auth,
    response: {
      safeParse: (value) => {
        const data = read(value);
        return data === BAD ? { success: false, error: { issues: [value] } } : { success: true, data };
      },
    },
  };
}
