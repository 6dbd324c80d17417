import zlib from 'node:zlib';
import { sniffImageType, type ImageType } from './image-type';

/**
 * What the bytes of an upload are: an image of a known type and size, or not one of the four types, or one whose
 * structure is broken (a signature without an image behind it, a truncated file).
 */
export type ImageInspection =
  | { kind: 'image'; type: ImageType; width: number; height: number }
  | { kind: 'not-image' }
  | { kind: 'damaged' };

class Damaged extends Error {}

/**
 * Reads an image's structure without decoding its pixels: PNG chunks from IHDR to IEND (critical chunks' CRCs
 * checked), JPEG segments from SOI through the frame header and every scan to EOI, GIF blocks to the trailer,
 * WebP's RIFF chunks with the frame header. A PNG ends at IEND and a WebP at its RIFF size; a JPEG or a GIF may
 * carry bytes after its end, which decoders ignore and real writers add (cameras' motion-photo video after EOI,
 * old GIF tools' padding after the trailer).
 */
export function inspectImage(data: Uint8Array): ImageInspection {
  const type = sniffImageType(data);
  if (!type) return { kind: 'not-image' };
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    const size = READERS[type](bytes);
    if (size.width < 1 || size.height < 1) return { kind: 'damaged' };
    return { kind: 'image', type, ...size };
  } catch (error) {
    // Reading past the end (RangeError from Buffer) is a truncated file, as much as a failed check is.
    if (error instanceof Damaged || error instanceof RangeError) return { kind: 'damaged' };
    throw error;
  }
}

interface Size {
  width: number;
  height: number;
}

const READERS: Record<ImageType, (b: Buffer) => Size> = {
  'image/png': readPng,
  'image/jpeg': readJpeg,
  'image/gif': readGif,
  'image/webp': readWebp,
};

function check(condition: boolean): asserts condition {
  if (!condition) throw new Damaged();
}

function readPng(b: Buffer): Size {
  let at = 8;
  let size: Size | null = null;
  let sawData = false;
  for (;;) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    check(end <= b.length);
    // Critical chunks (an upper-case first letter) must be intact; decoders skip damaged ancillary ones.
    if (type.charCodeAt(0) < 0x61)
      check(zlib.crc32(b.subarray(at + 4, end - 4)) >>> 0 === b.readUInt32BE(end - 4));
    if (size === null) {
      check(type === 'IHDR' && length === 13);
      size = { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
    } else if (type === 'IDAT') {
      sawData = true;
    } else if (type === 'IEND') {
      check(sawData && length === 0 && end === b.length);
      return size;
    }
    at = end;
  }
}

function readJpeg(b: Buffer): Size {
  let at = 2;
  let size: Size | null = null;
  let scans = 0;
  for (;;) {
    check(b[at] === 0xff);
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at++];
    check(marker !== undefined);
    if (marker === 0xd9) {
      check(size !== null && scans > 0);
      return size;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    check(marker !== 0xd8 && marker !== 0x00);
    const length = b.readUInt16BE(at);
    check(length >= 2 && at + length <= b.length);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      check(size === null && length >= 8);
      size = { height: b.readUInt16BE(at + 3), width: b.readUInt16BE(at + 5) };
    }
    at += length;
    if (marker === 0xda) {
      check(size !== null);
      scans++;
      at = afterScan(b, at);
    }
  }
}

/** The entropy-coded data of a scan runs to the next marker: 0xff not followed by 0x00 (a stuffed byte) or RSTn. */
function afterScan(b: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = b.indexOf(0xff, at);
    check(at >= 0 && at + 1 < b.length);
    const next = b[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/** The size is the logical screen's, grown to any frame reaching past it (browsers draw those frames whole). */
function readGif(b: Buffer): Size {
  const size = { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  let at = 13 + colorTable(b[10]!);
  let frames = 0;
  for (;;) {
    const block = b[at];
    if (block === 0x3b) {
      check(frames > 0);
      return size;
    }
    if (block === 0x2c) {
      const width = b.readUInt16LE(at + 5);
      const height = b.readUInt16LE(at + 7);
      check(width > 0 && height > 0);
      size.width = Math.max(size.width, b.readUInt16LE(at + 1) + width);
      size.height = Math.max(size.height, b.readUInt16LE(at + 3) + height);
      at += 10 + colorTable(b[at + 9]!);
      check(at < b.length);
      at = subBlocks(b, at + 1); // after the LZW minimum code size
      frames++;
    } else {
      check(block === 0x21);
      at = subBlocks(b, at + 2); // after the extension's label
    }
  }
}

const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

function subBlocks(b: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const length = b[at];
    check(length !== undefined);
    at += 1 + length;
    if (length === 0) return at;
  }
}

function readWebp(b: Buffer): Size {
  check(b.readUInt32LE(4) + 8 === b.length);
  let at = 12;
  let size: Size | null = null;
  let canvas: Size | null = null;
  while (at < b.length) {
    const type = b.toString('latin1', at, at + 4);
    const length = b.readUInt32LE(at + 4);
    const data = at + 8;
    check(data + length <= b.length);
    if (type === 'VP8X' && at === 12) {
      check(length >= 10);
      canvas = { width: b.readUIntLE(data + 4, 3) + 1, height: b.readUIntLE(data + 7, 3) + 1 };
    } else if (type === 'VP8 ' && !size) {
      check(length >= 10 && b.readUIntBE(data + 3, 3) === 0x9d012a);
      size = { width: b.readUInt16LE(data + 6) & 0x3fff, height: b.readUInt16LE(data + 8) & 0x3fff };
    } else if (type === 'VP8L' && !size) {
      check(length >= 5 && b[data] === 0x2f);
      const bits = b.readUInt32LE(data + 1);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    } else if (type === 'ANMF' && canvas) {
      size = canvas;
    }
    at = data + length + (length & 1);
  }
  check(at === b.length && size !== null);
  return canvas ?? size;
}
