import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { OpenApiDocument } from './openapi';
import { typeOf } from './openapi-page';

/** Python's openapi-spec-validator, when the machine has it (the structural checks below run everywhere). */
const validator = spawnSync('python3', ['-c', 'import openapi_spec_validator'], { encoding: 'utf8' });
const hasValidator = validator.status === 0;

/** Every `$ref` in a value. */
function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

describe('the OpenAPI document and the reference page', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // The document does not depend on the database: SQLite only.
    t = await createTestApp('sqlite');
    const answer = await t.app.inject({ method: 'GET', url: '/p/v1/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    doc = answer.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes every registered call, and no other', () => {
    const registered = t.calls.map((c) => c.path).sort();
    expect(
      registered.filter((p) => !doc.paths[p]?.post),
      'registered calls missing from the document',
    ).toEqual([]);
    expect(Object.keys(doc.paths).sort()).toEqual(registered);
  });

  it('has the shape of an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Vendo API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const schemes = doc.components.securitySchemes;
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p.startsWith('/'), p).toBe(true);
      expect(Object.keys(item), p).toEqual(['post']);
      const op = item.post;
      expect(ids.has(op.operationId), `operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(
        op.tags.every((tag) => tags.has(tag)),
        p,
      ).toBe(true);
      for (const requirement of op.security) {
        for (const scheme of Object.keys(requirement))
          expect(schemes[scheme], `${p}: ${scheme}`).toBeDefined();
      }
      const body = op.requestBody.content['application/json'].schema;
      expect(typeof body, p).toBe('object');
      const envelope = op.responses['200']!.content!['application/json'].schema;
      expect(envelope, p).toMatchObject({
        type: 'object',
        required: ['rcode', 'msg', 'result'],
        properties: { rcode: { type: 'integer' }, msg: { type: 'string' } },
      });
      expect(op['x-rcodes'], p).toContain(RCODE.OK);
      for (const code of op['x-rcodes']) expect(doc['x-rcodes'][code], `${p}: rcode ${code}`).toBeDefined();
    }
    // Every reference points at something in the document; the whole of it is plain JSON.
    for (const ref of refsOf(doc)) {
      const [, ...parts] = ref.split('/');
      let at: unknown = doc;
      for (const part of parts) at = (at as Record<string, unknown> | undefined)?.[part];
      expect(at, ref).toBeDefined();
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it.skipIf(!hasValidator)('passes an OpenAPI 3.1 validator', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      // Two calls of each group: the validator takes ~13 s over all of them, and every call is made alike.
      const sample = new Map<string, number>();
      const paths = Object.fromEntries(
        Object.entries(doc.paths).filter(([, item]) => {
          const tag = item.post.tags[0]!;
          sample.set(tag, (sample.get(tag) ?? 0) + 1);
          return sample.get(tag)! <= 2;
        }),
      );
      writeFileSync(file, JSON.stringify({ ...doc, paths }));
      const run = spawnSync(
        'python3',
        [
          '-c',
          'import sys; from openapi_spec_validator import validate_spec_url as v; v("file://" + sys.argv[1])',
          file,
        ],
        { encoding: 'utf8' },
      );
      expect(run.stderr.trim().split('\n').slice(-3).join('\n')).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says who may make each call: public, session, API key, permission, main account only', () => {
    const login = doc.paths['/p/v1/login']!.post;
    expect(login.security).toEqual([]);
    expect(login['x-api-key']).toBe(false);
    const bills = doc.paths['/api/v1/b/getBuyBill']!.post;
    expect(bills.security).toEqual([{ sessionToken: [], sessionSecret: [] }, { apiKey: [] }]);
    expect(bills['x-permission']).toEqual({ code: PERMISSIONS.BuyBill, name: 'BuyBill' });
    expect(bills['x-rcodes']).toEqual(expect.arrayContaining([RCODE.SESSION_EXPIRED, RCODE.FORBIDDEN]));
    const refund = doc.paths['/api/v1/b/refund']!.post;
    expect(refund['x-audited-with-api-key']).toBe(true);
    const addKey = doc.paths['/api/v1/key/addApiKey']!.post;
    expect(addKey['x-main-only']).toBe(true);
    expect(doc.paths['/api/v1/a/days']!.post['x-any-permission']).toEqual([
      { code: PERMISSIONS.SicArea, name: 'SicArea' },
      { code: PERMISSIONS.SicStore, name: 'SicStore' },
      { code: PERMISSIONS.SicDevice, name: 'SicDevice' },
    ]);
    expect(doc.paths['/api/v1/a/days']!.post['x-rcodes']).toContain(RCODE.FORBIDDEN);
    expect(addKey['x-api-key']).toBe(false);
    expect(addKey.security).toEqual([{ sessionToken: [], sessionSecret: [] }]);
    expect(addKey['x-rcodes']).toContain(RCODE.API_KEY_CALL_REFUSED);
    expect(addKey.requestBody.content['application/json'].schema).toMatchObject({
      required: ['name', 'permissions'],
      properties: { name: { type: 'string', maxLength: 50 } },
    });
    expect(doc.components.securitySchemes['apiKey']).toMatchObject({ in: 'header', name: 'x-api-key' });
  });

  it('serves a reference page with every call, its stylesheet from here and no script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/p/v1/api-docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = page.body;
    for (const call of t.calls) expect(html, call.path).toContain(`<code>${call.path}</code>`);
    expect(html).not.toMatch(/<script|<style|style=/);
    expect(html).toContain('href="/p/v1/api-docs.css"');
    expect(html).toContain('API_KEY_CALL_REFUSED');
    const css = await t.app.inject({ method: 'GET', url: '/p/v1/api-docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('names a field type in a few words', () => {
    expect(typeOf({ type: 'string', maxLength: 50 })).toBe('string ≤ 50');
    expect(typeOf({ type: 'array', items: { type: 'integer' } })).toBe('integer[]');
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeOf({ type: 'string', enum: ['goods', 'game'] })).toBe('"goods" | "game"');
  });
});
