import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Bodies for the contract fuzzer (contract-fuzz.test.ts, decision 045): fast-check arbitraries derived from a call's
 * zod request schema, each body carrying one defect (a wrong type, a missing field, one past a bound, an unknown or
 * prototype key...) at a known path, beside it values at the edges of what the schema allows. zod-fast-check, the
 * maintained library for this, supports zod 3 and fast-check 3 only, and builds valid values where the fuzzer wants
 * invalid ones: this walker covers the schema kinds the contract uses (a kind it does not know is fuzzed with wrong
 * types only, and listed by `unknownKinds` so a new kind is noticed).
 */

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** Real values by field name (a machine's sn, a goods id...), drawn now and then in place of made-up ones. */
export type Known = Readonly<Record<string, readonly unknown[]>>;

/** A body to send and where its defect lies (a dotted path; '' is the body itself). */
export interface FuzzBody {
  body: unknown;
  at: string;
  what: string;
}

const defOf = (schema: Schema): Def => schema._zod.def as Def;
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The wrong values every field is tried with: other types, empty and blank texts, texts numbers are read from. */
const WRONG: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  '',
  ' ',
  '\u00a0\u3000',
  'x',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x1F',
  '-0',
  '１２３',
  '\ud800',
  '👍🏽',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '9'.repeat(400),
  [],
  [1, 'x', null],
  {},
  { a: 1 },
];

/** How long a text the fuzzer sends at most: past every TEXT_MAX, within the 64 KiB body limit. */
const LONGEST = 20_000;

interface Bounds {
  min?: number;
  max?: number;
  minInclusive: boolean;
  maxInclusive: boolean;
  int: boolean;
  patterns: RegExp[];
}

function boundsOf(schema: Schema): Bounds {
  const bounds: Bounds = { minInclusive: true, maxInclusive: true, int: false, patterns: [] };
  const checks = (defOf(schema)['checks'] ?? []) as unknown as Array<{
    _zod: { def: Record<string, unknown> };
  }>;
  for (const check of checks) {
    const c = check._zod.def;
    switch (c['check']) {
      case 'min_length':
        bounds.min = Math.max(bounds.min ?? 0, c['minimum'] as number);
        break;
      case 'max_length':
        bounds.max = Math.min(bounds.max ?? Infinity, c['maximum'] as number);
        break;
      case 'length_equals':
        bounds.min = bounds.max = c['length'] as number;
        break;
      case 'greater_than':
        bounds.min = Number(c['value']);
        bounds.minInclusive = Boolean(c['inclusive']);
        break;
      case 'less_than':
        bounds.max = Number(c['value']);
        bounds.maxInclusive = Boolean(c['inclusive']);
        break;
      case 'number_format':
        if (String(c['format']).includes('int')) bounds.int = true;
        break;
      case 'string_format':
        if (c['pattern'] instanceof RegExp) bounds.patterns.push(c['pattern']);
        break;
    }
  }
  return bounds;
}

/** Whether an object may leave the key out. */
function omittable(schema: Schema): boolean {
  return (schema._zod as { optin?: string }).optin === 'optional';
}

/** The input schema of a pipe: a preprocess's input is any value, so the schema after it says what to send. */
function pipeInput(def: Def): Schema {
  const input = def['in'] as Schema;
  return defOf(input).type === 'transform' ? (def['out'] as Schema) : input;
}

const SAFE = Number.MAX_SAFE_INTEGER;

function numberValues(b: Bounds, coerce: boolean): fc.Arbitrary<unknown> {
  const lo = b.min === undefined ? -SAFE : b.minInclusive ? b.min : b.min + (b.int ? 1 : 1e-6);
  const hi = b.max === undefined ? SAFE : b.maxInclusive ? b.max : b.max - (b.int ? 1 : 1e-6);
  // Unbounded ids are drawn far above the rows a test holds, so a boundary body never deletes the callers.
  const from = b.max === undefined ? Math.max(lo, 100_000) : lo;
  const edges = [lo, hi, 2 ** 31 - 1, 2 ** 31, 2 ** 32, SAFE, 1_000_000].filter((n) => n >= lo && n <= hi);
  const number: fc.Arbitrary<number> = fc.oneof(
    fc.constantFrom(...(edges.length ? edges : [lo])),
    b.int
      ? fc.integer({ min: Math.max(from, -SAFE), max: Math.min(hi, SAFE) })
      : fc.double({ min: from, max: hi, noNaN: true, noDefaultInfinity: true }),
  );
  return coerce ? fc.oneof(number, number.map(String)) : number;
}

function stringValues(b: Bounds): fc.Arbitrary<string> {
  const min = b.min ?? 0;
  const max = Math.min(b.max ?? LONGEST, LONGEST);
  const fits = (s: string) => s.length >= min && s.length <= max;
  const choices: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 24)) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 8)) }).filter(fits),
    fc.stringMatching(/^\d{1,12}$/).filter(fits),
    // The longest texts allowed, in one-unit and in CJK characters (three bytes each in UTF-8).
    fc.constant('x'.repeat(max)),
    fc.constant('中'.repeat(max)),
    fc.constant(`${' '.repeat(Math.max(0, max - 1))}x`),
  ];
  for (const pattern of b.patterns) choices.push(fc.stringMatching(pattern).filter(fits));
  return fc.oneof(...choices);
}

/**
 * Values the schema means to take, drawn at its edges (the longest text, the largest number, the longest list):
 * bodies a column too narrow or an integer too small for them would fail with a fault.
 */
export function validValue(schema: Schema, known: Known = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringValues(boundsOf(schema));
    case 'number':
      return numberValues(boundsOf(schema), Boolean(def['coerce']));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>));
    case 'array': {
      const b = boundsOf(schema);
      const min = b.min ?? 0;
      const max = Math.min(b.max ?? 5, 200);
      const element = validValue(def['element'] as Schema, known);
      return fc.oneof(
        fc.array(element, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) }),
        fc.array(element, { minLength: max, maxLength: max }),
      );
    }
    case 'object':
      return validObject(schema, known);
    case 'optional':
      return fc.oneof(fc.constant(undefined), validValue(def['innerType'] as Schema, known));
    case 'nullable':
      return fc.oneof(fc.constant(null), validValue(def['innerType'] as Schema, known));
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validValue(def['innerType'] as Schema, known);
    case 'union':
      return fc.oneof(...(def['options'] as Schema[]).map((o) => validValue(o, known)));
    case 'pipe':
      return validValue(pipeInput(def), known);
    case 'record':
      return fc.dictionary(
        validValue(def['keyType'] as Schema, known).filter((k): k is string => typeof k === 'string'),
        validValue(def['valueType'] as Schema, known),
        { maxKeys: 3 },
      );
    case 'undefined':
    case 'never':
      return fc.constant(undefined);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: Schema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema)['shape'] as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(shape)) {
    const drawn = validValue(field, known);
    const real = known[key];
    // A field naming a real object of the caller's world (a machine, goods, a store) now and then names it, so
    // edge bodies get past "not found" to the writes.
    model[key] = real?.length ? fc.oneof(drawn, fc.constantFrom(...real)) : drawn;
  }
  const requiredKeys = Object.entries(shape)
    .filter(([, field]) => !omittable(field))
    .map(([key]) => key);
  return fc.record(model, { requiredKeys });
}

/** An object with an own enumerable key of that name, so JSON.stringify writes it ('__proto__' included). */
function withKey(value: Record<string, unknown>, key: string, item: unknown): Record<string, unknown> {
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: item, enumerable: true, configurable: true, writable: true });
  return copy;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const POISON = { polluted: 'yes', isAdmin: 1, toString: 'x', prototype: { polluted: 'yes' } };

function defect(value: unknown, at: string, what: string): FuzzBody {
  return { body: value, at, what };
}

/** Values of this node with one defect in them (or at the node itself). */
export function invalidValue(schema: Schema, path = '', known: Known = {}): fc.Arbitrary<FuzzBody> {
  const def = defOf(schema);
  const wrong = fc.constantFrom(...WRONG).map((v) => defect(v, path, 'wrong value'));
  const more = (...arbs: fc.Arbitrary<FuzzBody>[]) => fc.oneof(wrong, ...arbs);
  switch (def.type) {
    case 'string': {
      const b = boundsOf(schema);
      const past = (b.max ?? LONGEST) + 1;
      const cases = [
        fc.constant(defect('x'.repeat(Math.min(past, LONGEST * 2)), path, 'one past the longest')),
        fc.constant(defect('中'.repeat(Math.min(past, LONGEST)), path, 'one CJK past the longest')),
        fc.constant(defect(' '.repeat(Math.min(past + 5, LONGEST)), path, 'blanks past the longest')),
      ];
      if (b.min !== undefined && b.min > 0) {
        cases.push(fc.constant(defect('x'.repeat(b.min - 1), path, 'one short of the shortest')));
      }
      return more(...cases);
    }
    case 'number': {
      const b = boundsOf(schema);
      const values: number[] = [1e21, -1e21, Number.MIN_VALUE, 2 ** 63];
      if (b.max !== undefined) values.push(b.max + (b.int ? 1 : 0.001), b.max * 10 + 1);
      if (b.min !== undefined) values.push(b.min - (b.int ? 1 : 0.001), b.min - 2 ** 31);
      if (b.int) values.push(0.5, 2.000001);
      return more(fc.constantFrom(...values).map((v) => defect(v, path, 'past a bound')));
    }
    case 'literal':
    case 'enum': {
      const allowed =
        def.type === 'enum'
          ? Object.values(def['entries'] as Record<string, unknown>)
          : (def['values'] as unknown[]);
      const near = allowed.flatMap((v) =>
        typeof v === 'string' ? [v.toUpperCase(), ` ${v}`, `${v}x`] : [Number(v) + 1, String(v)],
      );
      return more(fc.constantFrom(...near, 'zzz').map((v) => defect(v, path, 'not one of the values')));
    }
    case 'array': {
      const b = boundsOf(schema);
      const element = def['element'] as Schema;
      const cases = [
        fc
          .tuple(
            fc.array(validValue(element, known), { maxLength: 3 }),
            invalidValue(element, '', known),
            fc.nat(3),
          )
          .map(([items, bad, i]) => {
            const at = Math.min(i, items.length);
            const copy = [...items];
            copy.splice(at, 0, bad.body);
            return defect(copy, bad.at ? `${join(path, at)}.${bad.at}` : join(path, at), bad.what);
          }),
      ];
      const past = Math.min((b.max ?? 1000) + 1, 5000);
      cases.push(
        validValue(element, known).map((item) =>
          defect(
            Array.from({ length: past }, () => item),
            path,
            'too many',
          ),
        ),
      );
      if (b.min !== undefined && b.min > 0) cases.push(fc.constant(defect([], path, 'too few')));
      return more(...cases);
    }
    case 'object':
      return more(...invalidObject(schema, path, known));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return invalidValue(def['innerType'] as Schema, path, known);
    case 'union':
      return fc.oneof(...(def['options'] as Schema[]).map((o) => invalidValue(o, path, known)));
    case 'pipe':
      return invalidValue(pipeInput(def), path, known);
    case 'record':
      return more(
        fc
          .constantFrom(...PROTO_KEYS)
          .map((key) => defect(withKey({}, key, POISON), path, `prototype key ${key}`)),
        fc
          .tuple(fc.string({ maxLength: 8 }), invalidValue(def['valueType'] as Schema, '', known))
          .map(([key, bad]) => defect({ [key]: bad.body }, join(path, key), bad.what)),
      );
    default:
      return wrong;
  }
}

function invalidObject(schema: Schema, path: string, known: Known): fc.Arbitrary<FuzzBody>[] {
  const shape = defOf(schema)['shape'] as Record<string, Schema>;
  const base = validObject(schema, known);
  const keys = Object.keys(shape);
  const required = keys.filter((key) => !omittable(shape[key]!));
  const cases: fc.Arbitrary<FuzzBody>[] = [
    fc
      .tuple(base, fc.constantFrom(...PROTO_KEYS))
      .map(([value, key]) => defect(withKey(value, key, POISON), path, `prototype key ${key}`)),
    fc
      .tuple(base, fc.constantFrom('zz_unknown', 'merchant_id', 'user_id', 'is_main', 'id', '$where'))
      .map(([value, key]) => defect({ ...value, [key]: 1 }, path, `unknown field ${key}`)),
  ];
  if (required.length > 0) {
    cases.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return defect(copy, join(path, key), 'missing');
      }),
    );
  }
  for (const key of keys) {
    cases.push(
      fc
        .tuple(base, invalidValue(shape[key]!, join(path, key), known))
        .map(([value, bad]) => defect({ ...value, [key]: bad.body }, bad.at, bad.what)),
    );
  }
  return cases;
}

/** A body for a call: mostly one defect, sometimes a body at the edges of what the schema takes. */
export function fuzzBody(schema: Schema, known: Known = {}): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 4, arbitrary: invalidValue(schema, '', known) },
    { weight: 1, arbitrary: validValue(schema, known).map((body) => defect(body, '', 'edge of the schema')) },
  );
}

const KNOWN = new Set([
  'string',
  'number',
  'boolean',
  'literal',
  'enum',
  'array',
  'object',
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
  'union',
  'pipe',
  'record',
  'undefined',
  'never',
  'transform',
  'unknown',
  'any',
  'custom',
]);

/** Kinds of schema in a call's body this walker does not derive values for. */
export function unknownKinds(schema: Schema, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = [
    ...Object.values((def['shape'] ?? {}) as Record<string, Schema>),
    ...((def['options'] ?? []) as Schema[]),
    ...(['element', 'innerType', 'in', 'out', 'keyType', 'valueType', 'catchall'] as const).flatMap((k) =>
      def[k] ? [def[k] as Schema] : [],
    ),
  ];
  return [...(KNOWN.has(def.type) ? [] : [def.type]), ...inner.flatMap((s) => unknownKinds(s, seen))];
}
