import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_MB } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from '../../platform/app-error';
import { BoundedZip, storedZip, ZipRefused } from './bounded-zip';

export interface SheetRow {
  /** As the spreadsheet numbers it: the header is usually row 1. */
  number: number;
  cells: string[];
}

/** Columns right of this one are not read: the template has ten, and a cell at column XFD must not cost 16,384. */
const MAX_COLUMNS = 50;
/** An .xlsx holds a few dozen parts; thousands mean something else. */
const MAX_ZIP_ENTRIES = 1000;
const MAX_UNPACKED_BYTES = IMPORT_MAX_UNPACKED_MB * 1024 * 1024;

/**
 * The non-empty rows of an import file (.xlsx, or .csv in UTF-8 or GB18030), read within bounds whatever the file
 * claims: an .xlsx's parts are unpacked only up to IMPORT_MAX_UNPACKED_MB and its sheet is streamed; reading stops
 * at the first row past the header and IMPORT_MAX_ROWS, and at the first cell longer than IMPORT_MAX_CELL_CHARS.
 * The size of the file itself was bounded by the upload.
 */
export async function readImportRows(data: Uint8Array): Promise<SheetRow[]> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const rows = new RowCollector();
  if (isZip(bytes)) {
    await readXlsx(bytes, rows);
  } else if (isOleDocument(bytes)) {
    // The old binary .xls format: the message asks for .xlsx or .csv.
    throw new AppError(RCODE.IMPORT_FILE_UNREADABLE);
  } else {
    const text = decodeText(bytes);
    if (text === null) throw new AppError(RCODE.IMPORT_FILE_UNREADABLE);
    let number = 0;
    for (const cells of csvRecords(text)) rows.add(++number, cells);
  }
  return rows.rows;
}

class RowCollector {
  readonly rows: SheetRow[] = [];

  add(number: number, cells: string[]): void {
    const long = cells.find((c) => c.length > IMPORT_MAX_CELL_CHARS);
    if (long !== undefined)
      throw new AppError(RCODE.IMPORT_CELL_TOO_LONG, { row: number, max: IMPORT_MAX_CELL_CHARS });
    if (!cells.some((c) => c !== '')) return;
    // The header and IMPORT_MAX_ROWS rows: one more is enough to refuse.
    if (this.rows.length > IMPORT_MAX_ROWS)
      throw new AppError(RCODE.IMPORT_TOO_MANY_ROWS, { max: IMPORT_MAX_ROWS });
    this.rows.push({ number, cells });
  }
}

// ---------------------------------------------------------------------------------------------------------
// .xlsx

/**
 * The first sheet of the workbook: the parts it needs are unpacked within the budget (BoundedZip), put into a
 * small uncompressed archive of just those parts, and streamed row by row through exceljs' WorkbookReader, which
 * so never inflates anything itself and never sees the styles, drawings or other sheets.
 */
async function readXlsx(bytes: Buffer, rows: RowCollector): Promise<void> {
  let archive: Buffer;
  try {
    const zip = BoundedZip.open(bytes, MAX_ZIP_ENTRIES);
    const book = zip.read([WORKBOOK, WORKBOOK_RELS], MAX_UNPACKED_BYTES);
    const workbook = book.get(WORKBOOK);
    const rels = book.get(WORKBOOK_RELS);
    if (!workbook || !rels) throw new AppError(RCODE.IMPORT_FILE_UNREADABLE);
    const { sheet, sharedStrings } = locateParts(workbook.toString('utf8'), rels.toString('utf8'), zip);
    if (!sheet) throw new AppError(RCODE.IMPORT_FILE_UNREADABLE);
    const left = MAX_UNPACKED_BYTES - workbook.length - rels.length;
    const parts = zip.read(sharedStrings ? [sharedStrings, sheet] : [sheet], left);
    // The order exceljs wants: relations and workbook, then shared strings, then the sheet. Without shared
    // strings it would park the sheet in a temporary file, so an empty table stands in for missing ones.
    archive = storedZip([
      [WORKBOOK_RELS, rels],
      [WORKBOOK, workbook],
      ['xl/sharedStrings.xml', (sharedStrings && parts.get(sharedStrings)) || Buffer.from('<sst/>')],
      ['xl/worksheets/sheet1.xml', parts.get(sheet)!],
    ]);
  } catch (error) {
    throw refusal(error);
  }
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([archive]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (col <= MAX_COLUMNS) cells[col - 1] = cellText(cell.value);
        });
        rows.add(
          row.number,
          Array.from(cells, (c) => c ?? ''),
        );
      }
      break;
    }
  } catch (error) {
    throw refusal(error);
  }
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZipRefused && error.reason === 'too-large') {
    return new AppError(RCODE.IMPORT_UNPACKED_TOO_LARGE, {
      max: IMPORT_MAX_UNPACKED_MB,
      rows: IMPORT_MAX_ROWS,
    });
  }
  return new AppError(RCODE.IMPORT_FILE_UNREADABLE);
}

/**
 * Where the first sheet (in the workbook's order) and the shared strings are, by the workbook's relations; when
 * they cannot be followed, the lowest-numbered xl/worksheets/sheetN.xml, as every spreadsheet program names them.
 */
function locateParts(
  workbookXml: string,
  relsXml: string,
  zip: BoundedZip,
): { sheet: string | null; sharedStrings: string | null } {
  const rels = [...relsXml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)].map((m) => ({
    id: attribute(m[1]!, 'Id'),
    type: attribute(m[1]!, 'Type') ?? '',
    target: attribute(m[1]!, 'Target'),
  }));
  const first = /<(?:[\w.-]+:)?sheet\b([^>]*)>/.exec(workbookXml);
  const id = first ? attribute(first[1]!, 'id') : null;
  const linked = partName(rels.find((r) => r.id === id)?.target);
  const numbered = zip
    .names()
    .map((name) => ({ name, n: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] }))
    .filter((s) => s.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))[0]?.name;
  const sheet = linked && zip.has(linked) ? linked : (numbered ?? null);
  const strings =
    partName(rels.find((r) => r.type.endsWith('/sharedStrings'))?.target) ?? 'xl/sharedStrings.xml';
  return { sheet, sharedStrings: zip.has(strings) ? strings : null };
}

/** An attribute's value (any namespace prefix), with XML's five entities decoded. */
function attribute(attributes: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  if (!m) return null;
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return (m[1] ?? m[2] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => entities[e]!);
}

/** A relation's target as a name in the archive: relative to xl/, or absolute from the package root. */
function partName(target: string | null | undefined): string | null {
  if (!target) return null;
  return path.posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
}

// ---------------------------------------------------------------------------------------------------------
// .csv

/**
 * The records of a CSV text (RFC 4180: commas, double quotes doubled inside quoted fields, CRLF, LF or CR between
 * records), each cell trimmed and at most MAX_COLUMNS of them. A quote inside an unquoted field is kept as it is.
 */
function* csvRecords(text: string): Generator<string[]> {
  let at = 0;
  const end = text.length;
  while (at < end) {
    const cells: string[] = [];
    for (;;) {
      let value: string;
      if (text[at] === '"') {
        let out = '';
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) {
            out += text.slice(from);
            at = end;
            break;
          }
          out += text.slice(from, quote);
          if (text[quote + 1] === '"') {
            out += '"';
            from = quote + 2;
          } else {
            at = quote + 1;
            break;
          }
        }
        // Anything between the closing quote and the next comma belongs to the cell too.
        const rest = fieldEnd(text, at);
        value = out + text.slice(at, rest);
        at = rest;
      } else {
        const rest = fieldEnd(text, at);
        value = text.slice(at, rest);
        at = rest;
      }
      if (cells.length < MAX_COLUMNS) cells.push(value.trim());
      if (text[at] === ',') {
        at++;
        continue;
      }
      // End of the record: CRLF, LF, CR or the end of the text.
      if (text[at] === '\r' && text[at + 1] === '\n') at += 2;
      else if (at < end) at++;
      break;
    }
    yield cells;
  }
}

/** Where an unquoted field ends: the next comma or line break, or the end. */
function fieldEnd(text: string, from: number): number {
  const m = /[,\r\n]/g;
  m.lastIndex = from;
  return m.exec(text)?.index ?? text.length;
}

// ---------------------------------------------------------------------------------------------------------
// Bytes and cells

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOleDocument = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/** UTF-8 (with or without BOM), else GB18030, which Excel in China writes CSV in; null for binary junk. */
function decodeText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

/** What a person sees in a cell: numbers without float noise, rich text and formula results as text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    const cents = value * 100;
    return Math.abs(cents - Math.round(cents)) < 1e-6 ? String(Math.round(cents) / 100) : String(value);
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}
