import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pngOfSize, SAMPLE_IMAGES } from './catalog-testing';
import { ImageFiles } from './image-files';
import { inspectImage } from './image-header';
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

describe('image header', () => {
  const lossy = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
  /** The lossy sample inside an extended (VP8X) file with a 3×2 canvas. */
  const extended = (() => {
    const vp8x = Buffer.from([...Buffer.from('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0]);
    const body = Buffer.concat([Buffer.from('WEBP'), vp8x, lossy.subarray(12)]);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(body.length);
    return Buffer.concat([Buffer.from('RIFF'), size, body]);
  })();
  const whole: [string, Buffer, string, number, number][] = [
    ['png', SAMPLE_IMAGES.png, 'image/png', 1, 1],
    ['gif', SAMPLE_IMAGES.gif, 'image/gif', 1, 1],
    ['jpeg', SAMPLE_IMAGES.jpeg, 'image/jpeg', 2, 1],
    ['webp lossless', SAMPLE_IMAGES.webp, 'image/webp', 1, 1],
    ['webp lossy', lossy, 'image/webp', 1, 1],
    ['webp extended', extended, 'image/webp', 3, 2],
    ['png 300×7', pngOfSize(300, 7), 'image/png', 300, 7],
  ];

  it('reads the type and size of whole images', () => {
    for (const [label, data, type, width, height] of whole) {
      expect(inspectImage(data), label).toEqual({ kind: 'image', type, width, height });
    }
    expect(inspectImage(Buffer.from('<svg/>'))).toEqual({ kind: 'not-image' });
  });

  it('finds every truncation of every image damaged', () => {
    for (const [label, data] of whole) {
      for (let length = 1; length < data.length; length++) {
        const kind = inspectImage(data.subarray(0, length)).kind;
        expect(kind === 'image', `${label} cut to ${length} bytes`).toBe(false);
      }
    }
  });

  it('refuses bytes after the end of a PNG or WebP; a JPEG or GIF may carry them, as real writers do', () => {
    const tail = Buffer.from('tail');
    expect(inspectImage(Buffer.concat([SAMPLE_IMAGES.png, tail])).kind).toBe('damaged');
    expect(inspectImage(Buffer.concat([SAMPLE_IMAGES.webp, tail])).kind).toBe('damaged');
    expect(inspectImage(Buffer.concat([SAMPLE_IMAGES.jpeg, tail])).kind).toBe('image');
    expect(inspectImage(Buffer.concat([SAMPLE_IMAGES.gif, tail])).kind).toBe('image');
  });

  it('finds a damaged critical chunk in a PNG', () => {
    const broken = Buffer.from(SAMPLE_IMAGES.png);
    broken[broken.length - 20]! ^= 0xff; // inside IDAT, so its CRC no longer matches
    expect(inspectImage(broken).kind).toBe('damaged');
  });

  it('never throws on any bytes behind a signature', () => {
    const signatures = [SAMPLE_IMAGES.png, SAMPLE_IMAGES.jpeg, SAMPLE_IMAGES.gif, SAMPLE_IMAGES.webp].map(
      (s) => s.subarray(0, 12),
    );
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 200 }), (signature, rest) => {
        const kind = inspectImage(Buffer.concat([signature, rest])).kind;
        return kind === 'image' || kind === 'damaged';
      }),
    );
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
