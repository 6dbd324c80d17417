import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
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

/** Paths of the strings in a schema that take any length. */
function unboundedStrings(schema: Schema, path: string, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const walk = (inner: unknown, at = path) => unboundedStrings(inner as Schema, at, seen);
  switch (def.type) {
    case 'string':
      return isBoundedString(schema) ? [] : [path];
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
      // A text piped into a bounded text is refused there before anything stores it.
      const { in: input, out } = def as unknown as z.core.$ZodPipeDef;
      const inputBounded =
        isBoundedString(out) && (input._zod.def.type === 'string' || input._zod.def.type === 'pipe');
      return [...(inputBounded ? [] : walk(input)), ...walk(out)];
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
});
