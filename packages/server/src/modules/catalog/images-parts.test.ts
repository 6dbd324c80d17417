import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_IMAGES } from './catalog-testing';
import { ImageFiles } from './image-files';
import { sniffImageType } from './image-type';
import { ImageUrls } from './image-urls';

describe('image type by bytes', () => {
  it('knows the four kinds and nothing else', () => {
    expect(sniffImageType(SAMPLE_IMAGES.png)).toBe('image/png');
    expect(sniffImageType(SAMPLE_IMAGES.jpeg)).toBe('image/jpeg');
    expect(sniffImageType(SAMPLE_IMAGES.gif)).toBe('image/gif');
    expect(sniffImageType(SAMPLE_IMAGES.webp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF....WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('image files', () => {
  it('stores content once under its hash and locates only our names', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-files-'));
    try {
      const files = new ImageFiles(root);
      const a = await files.put(SAMPLE_IMAGES.png, 'image/png');
      const b = await files.put(SAMPLE_IMAGES.png, 'image/png');
      expect(b).toEqual(a);
      expect(a.path).toBe(`/uploads/${a.sha256.slice(0, 2)}/${a.sha256}.png`);
      expect(fs.readFileSync(files.locate(a.path)!.file).equals(SAMPLE_IMAGES.png)).toBe(true);
      expect(fs.readdirSync(path.join(root, a.sha256.slice(0, 2)))).toEqual([`${a.sha256}.png`]);
      expect(files.locate('/uploads/../x.png')).toBeNull();
      expect(files.locate(`/uploads/zz/${a.sha256}.png`)).toBeNull();
      expect(files.locate(`/uploads/${a.sha256.slice(0, 2)}/${a.sha256}.svg`)).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('image URLs', () => {
  const stored = fc
    .tuple(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom('jpg', 'png', 'gif', 'webp'))
    .map(([hash, ext]) => `/uploads/${hash.slice(0, 2)}/${hash}.${ext}`);

  it('turns every stored path into a URL and back, with or without an image host', () => {
    for (const host of [undefined, 'https://cdn.example.com', 'https://cdn.example.com/vendo']) {
      const urls = new ImageUrls(host, 'https://app.example.com/');
      fc.assert(fc.property(stored, (p) => urls.toPath(urls.toUrl(p)) === p));
      fc.assert(fc.property(stored, (p) => urls.toPath(`https://app.example.com${p}`) === p));
    }
  });

  it('refuses anything that is not one of our images', () => {
    const urls = new ImageUrls('https://cdn.example.com', undefined);
    expect(urls.toUrl('')).toBe('');
    for (const input of [
      'https://evil.example.com/uploads/ab/x.png',
      'javascript:alert(1)',
      '/uploads/../../etc/passwd',
      'https://cdn.example.com.evil.com/uploads/ab/' + 'ab'.repeat(32) + '.png',
    ]) {
      expect(urls.toPath(input), input).toBeNull();
    }
  });
});
