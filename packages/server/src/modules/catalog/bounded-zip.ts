import zlib from 'node:zlib';

/**
 * Why a zip was refused: `unreadable` (not a zip we read: damaged, encrypted, ZIP64, spanned, an unknown method,
 * sizes or checksums that do not match what inflating gave) or `too-large` (the entries asked for unpack to more
 * than the budget).
 */
export class ZipRefused extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large') {
    super(`zip refused: ${reason}`);
  }
}

interface Entry {
  method: number;
  crc32: number;
  compressedSize: number;
  /** As the central directory declares it; checked against what inflating gives. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * A zip archive read from memory with bounds: the central directory is walked once (at most `maxEntries`), and an
 * entry is inflated only when asked for, within a byte budget that stops zlib as soon as it is passed, so a small
 * archive whose parts inflate to gigabytes costs at most the budget. Declared sizes are checked before anything is
 * inflated and again against what inflating gives; they are never trusted alone.
 */
export class BoundedZip {
  private constructor(
    private readonly bytes: Buffer,
    private readonly entries: Map<string, Entry>,
  ) {}

  static open(bytes: Buffer, maxEntries: number): BoundedZip {
    const end = findEndOfCentralDirectory(bytes);
    const disk = bytes.readUInt16LE(end + 4);
    const cdDisk = bytes.readUInt16LE(end + 6);
    const count = bytes.readUInt16LE(end + 10);
    const cdSize = bytes.readUInt32LE(end + 12);
    const cdOffset = bytes.readUInt32LE(end + 16);
    // Spanned archives and ZIP64 (0xffff / 0xffffffff markers) are not what a spreadsheet program writes.
    if (disk !== 0 || cdDisk !== 0 || count === 0xffff || cdOffset === 0xffffffff) throw unreadable();
    if (count > maxEntries || cdOffset + cdSize > end) throw unreadable();

    const entries = new Map<string, Entry>();
    let at = cdOffset;
    for (let i = 0; i < count; i++) {
      need(bytes, at, 46);
      if (bytes.readUInt32LE(at) !== CENTRAL) throw unreadable();
      const flags = bytes.readUInt16LE(at + 8);
      const nameLength = bytes.readUInt16LE(at + 28);
      const skip = bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
      need(bytes, at + 46, nameLength + skip);
      const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
      const entry: Entry = {
        method: bytes.readUInt16LE(at + 10),
        crc32: bytes.readUInt32LE(at + 16),
        compressedSize: bytes.readUInt32LE(at + 20),
        size: bytes.readUInt32LE(at + 24),
        localOffset: bytes.readUInt32LE(at + 42),
      };
      // Encrypted entries, ZIP64 sizes, and two entries of one name (which one would a reader take?) are refused.
      if (flags & 1 || entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw unreadable();
      if (entries.has(name)) throw unreadable();
      entries.set(name, entry);
      at += 46 + nameLength + skip;
    }
    return new BoundedZip(bytes, entries);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * The named entries, unpacked: refused as too large when their declared sizes add up to more than `budget`
   * bytes, or when inflating passes it (zlib stops there), and as unreadable when what comes out is not the
   * declared size or checksum.
   */
  read(names: string[], budget: number): Map<string, Buffer> {
    const wanted = names.map((name) => [name, this.entries.get(name)] as const);
    let declared = 0;
    for (const [, entry] of wanted) declared += entry?.size ?? 0;
    if (declared > budget) throw new ZipRefused('too-large');

    const out = new Map<string, Buffer>();
    let left = budget;
    for (const [name, entry] of wanted) {
      if (!entry) continue;
      const data = this.unpack(entry, left);
      if (data.length !== entry.size || zlib.crc32(data) >>> 0 !== entry.crc32) throw unreadable();
      left -= data.length;
      out.set(name, data);
    }
    return out;
  }

  private unpack(entry: Entry, left: number): Buffer {
    const at = entry.localOffset;
    need(this.bytes, at, 30);
    if (this.bytes.readUInt32LE(at) !== LOCAL) throw unreadable();
    const start = at + 30 + this.bytes.readUInt16LE(at + 26) + this.bytes.readUInt16LE(at + 28);
    need(this.bytes, start, entry.compressedSize);
    const packed = this.bytes.subarray(start, start + entry.compressedSize);
    if (entry.method === STORED) {
      if (packed.length > left) throw new ZipRefused('too-large');
      return packed;
    }
    if (entry.method !== DEFLATED) throw unreadable();
    if (left < 1) throw new ZipRefused('too-large');
    try {
      return zlib.inflateRawSync(packed, { maxOutputLength: left });
    } catch (error) {
      if (error instanceof RangeError) throw new ZipRefused('too-large');
      throw unreadable();
    }
  }
}

/** An entry to write: `data` as it goes into the archive (deflated or not), `size` as the directory declares. */
export interface ZipEntryToWrite {
  name: string;
  data: Buffer;
  method: typeof STORED | typeof DEFLATED;
  crc32: number;
  size: number;
}

/** A zip of stored (uncompressed) entries, for readers that take a whole archive. */
export function storedZip(entries: [name: string, data: Buffer][]): Buffer {
  return zipArchive(
    entries.map(([name, data]) => ({
      name,
      data,
      method: STORED,
      crc32: zlib.crc32(data) >>> 0,
      size: data.length,
    })),
  );
}

/** Writes entries as they are given: sizes and checksums are not checked, so tests can make them lie. */
export function zipArchive(entries: ZipEntryToWrite[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // The local header's fields from "version needed" on are the central header's, two bytes earlier.
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    describeEntry(local, 4, entry, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    describeEntry(central, 6, entry, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function describeEntry(header: Buffer, at: number, entry: ZipEntryToWrite, nameLength: number): void {
  header.writeUInt16LE(20, at); // version needed: 2.0
  header.writeUInt16LE(0x0800, at + 2); // names in UTF-8
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt16LE(0x21, at + 8); // 1980-01-01
  header.writeUInt32LE(entry.crc32, at + 10);
  header.writeUInt32LE(entry.data.length, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** The end record sits in the last 22 bytes plus a comment of at most 65,535. */
function findEndOfCentralDirectory(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

function need(bytes: Buffer, at: number, length: number): void {
  if (at < 0 || at + length > bytes.length) throw unreadable();
}

const unreadable = () => new ZipRefused('unreadable');
