import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Goods } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { zipArchive } from './bounded-zip';
import { mainAccount, ok, postMultipart, type Caller } from './catalog-testing';

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Packed {
  packed: Buffer;
  crc: number;
  size: number;
}

/** Deflates chunk after chunk through a stream, so a sheet of hundreds of MB is never held whole. */
async function deflate(chunks: Iterable<Buffer>): Promise<Packed> {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    crc = zlib.crc32(chunk, crc);
    size += chunk.length;
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { packed: Buffer.concat(out), crc: crc >>> 0, size };
}

/** A zip of deflated entries whose central directory declares `declared` sizes when given: they may lie. */
const zipOf = (entries: [name: string, entry: Packed & { declared?: number }][]) =>
  zipArchive(
    entries.map(([name, e]) => ({
      name,
      data: e.packed,
      method: 8,
      crc32: e.crc,
      size: e.declared ?? e.size,
    })),
  );

const SHEET_HEAD = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
const SHEET_TAIL = Buffer.from('</sheetData></worksheet>');
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const row = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((text, i) => inline(`${String.fromCharCode(65 + i)}${n}`, text)).join('')}</row>`;
const GOODS_HEADER = row(1, ['商品名称', '价格']);

/**
 * A workbook as a spreadsheet program writes it, around the given sheets (the first listed in the workbook is the
 * first one given; its file is named by `file`).
 */
async function workbook(
  sheets: { file: string; xml: Packed & { declared?: number } }[],
): Promise<{ filename: string; type: string; data: Buffer }> {
  const text = async (s: string) => deflate([Buffer.from(s)]);
  const list = sheets
    .map((_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  const rels = sheets
    .map(
      (s, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/${s.file}"/>`,
    )
    .join('');
  const data = zipOf([
    [
      '[Content_Types].xml',
      await text(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    ],
    [
      'xl/workbook.xml',
      await text(
        `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${list}</sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      await text(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
      ),
    ],
    ...sheets.map((s) => [`xl/worksheets/${s.file}`, s.xml] as [string, Packed]),
  ]);
  return { filename: 'goods.xlsx', type: XLSX, data };
}

const sheetXml = (rows: string[]) => deflate([SHEET_HEAD, Buffer.from(rows.join('')), SHEET_TAIL]);

/** A sheet whose second row holds a cell of `total` bytes of one letter: a few hundred KB deflated. */
function* bombRows(total: number): Generator<Buffer> {
  yield SHEET_HEAD;
  yield Buffer.from(`${GOODS_HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>`);
  const block = Buffer.alloc(MB, 'x');
  for (let written = 0; written < total; written += block.length) yield block;
  yield Buffer.from('</t></is></c></row>');
  yield SHEET_TAIL;
}

describe.each(dialects())('import file limits on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
  });

  const importFile = (file: { filename: string; type: string; data: Buffer }) =>
    postMultipart(t, '/api/v1/g/importGoods', { file }, { ...main.headers, lang: 'en-US' });
  const goodsCount = async () =>
    ok<{ data: Goods[]; count: number }>(
      await t.call('/api/v1/g/getGoods', { pageNum: 1, pageSize: 10 }, main.headers),
    ).count;
  const TOO_LARGE =
    'The spreadsheet unpacks to more than 16 MB: keep only the goods sheet (at most 1000 rows) and save it again';

  it('imports a workbook built by hand, the sheet found through the workbook’s order', async () => {
    const file = await workbook([
      { file: 'sheet2.xml', xml: await sheetXml([GOODS_HEADER, row(2, ['可乐', '3.5'])]) },
      { file: 'sheet1.xml', xml: await sheetXml([row(1, ['not', 'goods'])]) },
    ]);
    expect(ok(await importFile(file))).toEqual({ rows: 1, imported: 1, errors: [] });
    expect(await goodsCount()).toBe(1);
  });

  it('refuses a zip bomb by its declared size, and by what it inflates to when the size lies', async () => {
    const bomb = await deflate(bombRows(300 * MB));
    expect(bomb.size).toBeGreaterThan(300 * MB);
    expect(bomb.packed.length).toBeLessThan(MB);

    const honest = await workbook([{ file: 'sheet1.xml', xml: bomb }]);
    const refused = await importFile(honest);
    expect(refused.rcode).toBe(RCODE.IMPORT_UNPACKED_TOO_LARGE);
    expect(refused.msg).toBe(TOO_LARGE);

    // The central directory claims 2 KB: inflating stops at the limit, far below the 300 MB.
    const lying = await workbook([{ file: 'sheet1.xml', xml: { ...bomb, declared: 2048 } }]);
    global.gc?.();
    const before = process.memoryUsage();
    const answer = await importFile(lying);
    const after = process.memoryUsage();
    const peakRss = process.resourceUsage().maxRSS * 1024;
    expect(answer.rcode).toBe(RCODE.IMPORT_UNPACKED_TOO_LARGE);
    expect(answer.msg).toBe(TOO_LARGE);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(64 * MB);
    expect(after.rss - before.rss).toBeLessThan(100 * MB);
    expect(peakRss - before.rss).toBeLessThan(100 * MB);
    expect(await goodsCount()).toBe(0);
  });

  it('refuses a sheet whose declared size lies even within the limit', async () => {
    const xml = await sheetXml([GOODS_HEADER, row(2, ['可乐', '3.5'])]);
    const answer = await importFile(await workbook([{ file: 'sheet1.xml', xml: { ...xml, declared: 10 } }]));
    expect(answer.rcode).toBe(RCODE.IMPORT_FILE_UNREADABLE);
  });

  it('stops reading a sheet at the first row past the limit', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => row(i + 2, [`Goods ${i}`, '1']));
    const answer = await importFile(
      await workbook([{ file: 'sheet1.xml', xml: await sheetXml([GOODS_HEADER, ...rows]) }]),
    );
    expect(answer.rcode).toBe(RCODE.IMPORT_TOO_MANY_ROWS);
    expect(answer.msg).toBe('At most 1000 rows per import');
  });

  it('refuses a cell longer than 5000 characters, in .xlsx and .csv, naming the row', async () => {
    const long = 'x'.repeat(5001);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('goods');
    sheet.addRows([
      ['商品名称', '价格', '详情介绍'],
      ['可乐', 3, 'y'.repeat(5000)],
      ['薯片', 4, long],
    ]);
    const xlsx = { filename: 'g.xlsx', type: XLSX, data: Buffer.from(await book.xlsx.writeBuffer()) };
    const csv = { filename: 'g.csv', type: 'text/csv', data: Buffer.from(`商品名称,价格\n"${long}",1\n`) };
    for (const [file, rowNumber] of [
      [xlsx, 3],
      [csv, 2],
    ] as const) {
      const answer = await importFile(file);
      expect(answer.rcode, file.filename).toBe(RCODE.IMPORT_CELL_TOO_LONG);
      expect(answer.msg).toBe(`Row ${rowNumber} has a cell longer than 5000 characters`);
    }
    expect(await goodsCount()).toBe(0);
  });

  it('reads a .csv of a million lines no further than the row limit', async () => {
    const csv = `商品名称,价格\n${'A,1\n'.repeat(1_000_000)}`;
    const answer = await importFile({ filename: 'g.csv', type: 'text/csv', data: Buffer.from(csv) });
    expect(answer.rcode).toBe(RCODE.IMPORT_TOO_MANY_ROWS);
  });
});
