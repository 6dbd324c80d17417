import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ID_MAX, INT4_MAX, LATEST_INSTANT } from '@vendo/contract/constants';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every text a call takes has a maximum (issue 12 item 6: PostgreSQL refuses a value longer than its varchar
 * column with a fault, so the schema must refuse it first, with a message). Walks the request schema of every
 * registered call and lists the strings without one; a new field without `.max()` fails here.
 */

type Schema = z.core.$ZodType;

const MAX_CHECKS = new Set(['max_length', 'length_equals']);

function isBoundedString(schema: Schema): boolean {
  const def = schema._zod.def as z.core.$ZodStringDef;
  return def.type === 'string' && (def.checks ?? []).some((c) => MAX_CHECKS.has(c._zod.def.check));
}

/** What a walk looks for: the leaves it reports, and when a pipe's output makes its input safe. */
interface Rule {
  /** The paths a leaf of this type reports ([] when it is fine); undefined when the walk goes inside instead. */
  leaf(schema: Schema, path: string): string[] | undefined;
  /** A pipe's input is refused by its output before anything stores it: the input needs no bound of its own. */
  pipeCovers(input: Schema, out: Schema): boolean;
}

/**
 * Paths in a schema that the rule reports, through objects, arrays, tuples, records, unions, pipes and wrappers.
 * `seen` holds the schemas above this one only, so a schema shared by two fields is walked for each.
 */
function unboundedPaths(
  schema: Schema,
  path: string,
  rule: Rule,
  seen: ReadonlySet<Schema> = new Set(),
): string[] {
  if (seen.has(schema)) return [];
  const inside = new Set(seen).add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const walk = (inner: unknown, at = path) => unboundedPaths(inner as Schema, at, rule, inside);
  const leaf = rule.leaf(schema, path);
  if (leaf) return leaf;
  switch (def.type) {
    case 'object': {
      const { shape, catchall } = def as unknown as z.core.$ZodObjectDef;
      return [
        ...Object.entries(shape).flatMap(([key, inner]) => walk(inner, `${path}.${key}`)),
        ...(catchall ? walk(catchall, `${path}.*`) : []),
      ];
    }
    case 'array':
      return walk((def as unknown as z.core.$ZodArrayDef).element, `${path}[]`);
    case 'tuple': {
      const { items, rest } = def as unknown as z.core.$ZodTupleDef;
      return [
        ...items.flatMap((item, i) => walk(item, `${path}[${i}]`)),
        ...(rest ? walk(rest, `${path}[]`) : []),
      ];
    }
    case 'record': {
      const { keyType, valueType } = def as unknown as z.core.$ZodRecordDef;
      return [...walk(keyType, `${path}{key}`), ...walk(valueType, `${path}{}`)];
    }
    case 'union':
      return (def as unknown as z.core.$ZodUnionDef).options.flatMap((o) => walk(o));
    case 'intersection': {
      const { left, right } = def as unknown as z.core.$ZodIntersectionDef;
      return [...walk(left), ...walk(right)];
    }
    case 'pipe': {
      const { in: input, out } = def as unknown as z.core.$ZodPipeDef;
      return [...(rule.pipeCovers(input, out) ? [] : walk(input)), ...walk(out)];
    }
    case 'lazy':
      return walk((def as unknown as z.core.$ZodLazyDef).getter());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def['innerType']);
    default:
      return [];
  }
}

/** Paths of the strings in a schema that take any length. */
function unboundedStrings(schema: Schema, path: string): string[] {
  return unboundedPaths(schema, path, {
    leaf: (leaf, at) => (leaf._zod.def.type === 'string' ? (isBoundedString(leaf) ? [] : [at]) : undefined),
    // A text piped into a bounded text is refused there before anything stores it.
    pipeCovers: (input, out) =>
      isBoundedString(out) && (input._zod.def.type === 'string' || input._zod.def.type === 'pipe'),
  });
}

/**
 * The maximum a number schema states itself (`.max()`, `.lte()`, `.lt()`), or undefined: zod's own bounds of an
 * integer (the safe integers) do not count, since they pass every int4 column (decision 056).
 */
function statedMax(schema: Schema): number | undefined {
  const def = schema._zod.def as z.core.$ZodNumberDef;
  const maxima = (def.checks ?? [])
    .map((c) => c._zod.def as z.core.$ZodCheckLessThanDef)
    .filter((c) => c.check === 'less_than')
    .map((c) => Number(c.value));
  return maxima.length ? Math.min(...maxima) : undefined;
}

/** The maxima a request number may have: what an int4 column takes, a bigint id, an epoch ms. */
function boundedNumber(schema: Schema): boolean {
  const max = statedMax(schema);
  return max !== undefined && (max <= INT4_MAX || max === ID_MAX || max === LATEST_INSTANT);
}

/** Whether a pipe's output refuses every number past a column's maximum: a bounded number, or a fixed set. */
function refusesPast(schema: Schema): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'number':
      return boundedNumber(schema);
    case 'literal':
    case 'enum':
      return true;
    case 'union':
      return (def as unknown as z.core.$ZodUnionDef).options.every(refusesPast);
    case 'optional':
    case 'nullable':
    case 'default':
      return refusesPast(def['innerType'] as Schema);
    default:
      return false;
  }
}

/** Paths of the numbers in a schema without a maximum a column takes. */
function unboundedNumbers(schema: Schema, path: string): string[] {
  return unboundedPaths(schema, path, {
    leaf: (leaf, at) => (leaf._zod.def.type === 'number' ? (boundedNumber(leaf) ? [] : [at]) : undefined),
    // A number piped into a bounded number (or a fixed set) is refused there before anything stores it.
    pipeCovers: (_input, out) => refusesPast(out),
  });
}

describe('request bounds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks strings the way the test means (a self-check of the walker)', async () => {
    const { z: zod } = await import('zod');
    const schema = zod.object({
      a: zod.string(),
      b: zod.string().max(3).optional(),
      c: zod.union([zod.number(), zod.string()]),
      d: zod.string().trim().pipe(zod.string().max(5)),
      e: zod.array(zod.object({ f: zod.string().nullish() })),
      g: zod.record(zod.string(), zod.unknown()),
      h: zod.preprocess((v) => v, zod.object({ i: zod.string() })),
    });
    expect(unboundedStrings(schema, 'body')).toEqual([
      'body.a',
      'body.c',
      'body.e[].f',
      'body.g{key}',
      'body.h.i',
    ]);
  });

  it('gives every text of every registered call a maximum', () => {
    expect(t.calls.length).toBeGreaterThan(100);
    const unbounded = t.calls.flatMap((call) => unboundedStrings(call.request, call.path));
    expect(unbounded).toEqual([]);
  });

  it('walks numbers the way the test means (a self-check of the walker)', async () => {
    const { z: zod } = await import('zod');
    const id = zod.number().int().positive().max(ID_MAX);
    const schema = zod.object({
      a: zod.number().int(),
      b: zod.number().int().max(INT4_MAX),
      c: zod
        .number()
        .int()
        .max(INT4_MAX + 1),
      d: zod.coerce.number().int().lte(100).nullish(),
      m: zod
        .union([zod.number(), zod.string().max(3)])
        .transform(Number)
        .pipe(zod.literal([0, 1])),
      e: zod.array(zod.object({ f: zod.number() })),
      g: zod
        .union([zod.number(), zod.string().max(3)])
        .transform(Number)
        .pipe(zod.number().max(9)),
      h: id,
      i: id,
      j: zod.number().int().max(LATEST_INSTANT),
      k: zod.preprocess((v) => v, zod.object({ l: zod.number().int().min(1) })),
    });
    expect(unboundedNumbers(schema, 'body')).toEqual(['body.a', 'body.c', 'body.e[].f', 'body.k.l']);
  });

  it('gives every number of every registered call a maximum a column takes', () => {
    expect(t.calls.length).toBeGreaterThan(100);
    const unbounded = t.calls.flatMap((call) => unboundedNumbers(call.request, call.path));
    expect(unbounded).toEqual([]);
  });
});
