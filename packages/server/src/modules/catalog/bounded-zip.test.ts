import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedZip, storedZip, zipArchive, ZipRefused } from './bounded-zip';

const a = Buffer.from('<a>first part</a>');
const b = Buffer.from('second '.repeat(100));

/** a stored and b deflated; b's declared size may be given. */
const deflatedArchive = (declared = b.length) =>
  zipArchive([
    { name: 'a.xml', data: a, method: 0, crc32: zlib.crc32(a) >>> 0, size: a.length },
    { name: 'b.xml', data: zlib.deflateRawSync(b), method: 8, crc32: zlib.crc32(b) >>> 0, size: declared },
  ]);

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ZipRefused ? error.reason : error;
  }
  return 'read';
};

describe('bounded zip', () => {
  it('reads stored and deflated entries, checked against the declared sizes and checksums', () => {
    for (const archive of [
      storedZip([
        ['a.xml', a],
        ['b.xml', b],
      ]),
      deflatedArchive(),
    ]) {
      const zip = BoundedZip.open(archive, 10);
      expect(zip.names()).toEqual(['a.xml', 'b.xml']);
      const parts = zip.read(['a.xml', 'b.xml', 'missing.xml'], 10_000);
      expect(parts.get('a.xml')).toEqual(a);
      expect(parts.get('b.xml')).toEqual(b);
      expect(parts.has('missing.xml')).toBe(false);
    }
  });

  it('refuses by declared size before inflating, and stops inflating at the budget', () => {
    const zip = BoundedZip.open(deflatedArchive(), 10);
    expect(refusal(() => zip.read(['a.xml', 'b.xml'], a.length + b.length - 1))).toBe('too-large');
    expect(refusal(() => zip.read(['b.xml'], b.length))).toBe('read');

    // The directory understates b: inflating passes the budget and stops there.
    const lying = deflatedArchive(10);
    expect(refusal(() => BoundedZip.open(lying, 10).read(['b.xml'], 100))).toBe('too-large');
    // …and within the budget, what comes out is not what was declared.
    expect(refusal(() => BoundedZip.open(lying, 10).read(['b.xml'], 10_000))).toBe('unreadable');
  });

  it('refuses archives it should not read', () => {
    const base = () =>
      storedZip([
        ['a.xml', a],
        ['b.xml', b],
      ]);
    const cd = (zip: Buffer) => zip.readUInt32LE(zip.length - 6);
    const cases: [string, (zip: Buffer) => void][] = [
      ['encrypted', (zip) => zip.writeUInt16LE(1, cd(zip) + 8)],
      ['unknown method', (zip) => zip.writeUInt16LE(12, cd(zip) + 10)],
      ['ZIP64 size', (zip) => zip.writeUInt32LE(0xffffffff, cd(zip) + 24)],
      ['wrong checksum', (zip) => zip.writeUInt32LE(1, cd(zip) + 16)],
      ['duplicate name', (zip) => zip.write('b', cd(zip) + 46)],
      ['local header elsewhere', (zip) => zip.writeUInt32LE(7, cd(zip) + 42)],
      ['spanned', (zip) => zip.writeUInt16LE(1, zip.length - 22 + 4)],
    ];
    for (const [label, damage] of cases) {
      const zip = base();
      damage(zip);
      expect(
        refusal(() => BoundedZip.open(zip, 10).read(['a.xml', 'b.xml'], 10_000)),
        label,
      ).toBe('unreadable');
    }
    expect(refusal(() => BoundedZip.open(base(), 1))).toBe('unreadable');
    expect(refusal(() => BoundedZip.open(Buffer.from('PK\u0003\u0004 not a zip'), 10))).toBe('unreadable');
  });

  it('answers any damaged archive with a refusal, never another error', () => {
    const archive = deflatedArchive();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(archive.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(archive.length),
        (changes, cut) => {
          const zip = Buffer.from(archive.subarray(0, Math.max(cut, 1)));
          for (const [at, value] of changes) if (at < zip.length) zip[at] = value;
          const outcome = refusal(() => BoundedZip.open(zip, 10).read(['a.xml', 'b.xml'], 10_000));
          return outcome === 'read' || outcome === 'unreadable' || outcome === 'too-large';
        },
      ),
    );
  });
});
