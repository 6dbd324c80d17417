import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { GoodsImage } from '@vendo/contract/api/catalog';
import { mainAccount, ok, postMultipart, SAMPLE_IMAGES } from '../modules/catalog/catalog-testing';
import { createTestApp, dialects, type TestApp } from '../testing/test-app';

/** A built web app as Vite leaves it: index.html with the boot screen's inline style, and a hashed asset. */
const BOOT_STYLE = 'html,body{background:#f5f6f8;margin:0}#boot{color:#1463d6}';
const INDEX = `<!doctype html><html><head><style>${BOOT_STYLE}</style>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

/** The customer page as Vite builds it (packages/web/buy.html): module script and stylesheet as files. */
const BUY = `<!doctype html><html lang="zh-CN"><head><title>Vendo</title>
<script type="module" crossorigin src="/assets/buy-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/buy-abc.css"></head><body><div id="root"></div></body></html>`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' 'sha256-${sha256(BOOT_STYLE)}'`,
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every answer carries, HTML or not. */
function expectEveryAnswerHeaders(response: LightMyRequestResponse): void {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin',
    'x-frame-options': 'DENY',
  });
}

describe.each(dialects())('security headers on %s', (dialect) => {
  let t: TestApp;
  let root: string;

  const start = async (env: Record<string, string> = {}) => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-headers-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(dist, 'buy.html'), BUY);
    fs.writeFileSync(path.join(dist, 'assets', 'buy-abc.js'), 'console.log(2);\n');
    fs.writeFileSync(path.join(dist, 'assets', 'buy-abc.css'), 'body{margin:0}\n');
    t = await createTestApp(dialect, { WEB_DIST: dist, DATA_DIR: path.join(root, 'data'), ...env });
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  afterEach(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives the console, its client routes and the customer pages one policy with no inline script', async () => {
    await start();
    for (const url of [
      '/',
      '/deviceManage?alive=true',
      '/BindPassport?token=t&secret=s',
      '/buy/860000000001',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy'], url).toBe(POLICY);
      expectEveryAnswerHeaders(page);
    }
  });

  it('serves the customer page its script and style as files, the policy allowing them', async () => {
    await start();
    // One built page for every machine (and, in test mode, every sandbox transaction): it reads its address.
    for (const url of [
      '/buy/860000000001',
      '/buy/860000000002?order=1&t=x',
      '/sandbox-pay/42SANDBOXTX0001',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(BUY);
      expect(page.headers['content-security-policy'], url).toBe(POLICY);
    }
    const page = await get('/buy/860000000001');
    // Every script is a file; no inline style or handler either.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(1);
    expect(scripts[0]![1]).toMatch(/ src="\/assets\/buy-abc\.js"$/);
    expect(scripts[0]![2]).toBe('');
    expect(page.body).not.toMatch(/<style|\son\w+=/);
    const files = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, url]) => url!);
    expect(files).toHaveLength(2);
    for (const url of files) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type'], url).toMatch(/^(text|application)\/javascript|^text\/css/);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectEveryAnswerHeaders(file);
    }
  });

  it('sends nosniff, the referrer policy and frame denial with assets, files, calls and errors', async () => {
    await start();
    const asset = await get('/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    expectEveryAnswerHeaders(asset);
    expect(asset.headers['content-security-policy']).toBeUndefined();

    const main = await mainAccount(t, '13900000001');
    const image = ok<GoodsImage>(
      await postMultipart(
        t,
        '/api/v1/g/upload',
        { file: { filename: 'photo.png', type: 'image/png', data: SAMPLE_IMAGES.png } },
        main.headers,
      ),
    );
    const upload = await get(image.url);
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['content-type']).toBe('image/png');
    expectEveryAnswerHeaders(upload);

    const call = await t.app.inject({ method: 'POST', url: '/p/v1/health', payload: {} });
    expect(call.json()).toMatchObject({ rcode: 0 });
    expectEveryAnswerHeaders(call);

    const missing = await t.app.inject({ method: 'POST', url: '/p/v1/noSuchCall', payload: {} });
    expect(missing.statusCode).toBe(404);
    expectEveryAnswerHeaders(missing);
  });

  it('allows images from IMAGE_HOST when it is set', async () => {
    await start({ IMAGE_HOST: 'https://img.example.com/vendo/' });
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://img.example.com;",
    );
  });
});
