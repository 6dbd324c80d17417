import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ClientGone, openTable, type Column } from './report-file';

const COLUMNS: Column[] = [
  { title: 'Name', type: 'text' },
  { title: 'Units', type: 'int' },
  { title: 'Income', type: 'money' },
  { title: 'Share', type: 'rate' },
];

async function collect(out: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of out) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('report files', () => {
  it('writes CSV in UTF-8 with a BOM, yuan with 2 decimals, quoted fields and no formulas', async () => {
    const out = new PassThrough();
    const text = collect(out);
    const table = openTable('csv', out, 'Sheet', COLUMNS);
    table.row(['可乐, "大"', 3, 123456, 6742]);
    table.row(['=HYPERLINK("x")', 0, -5, 0]);
    table.row(['Total', null, 123451, null], true);
    await table.end();
    expect((await text).toString('utf8')).toBe(
      '\uFEFFName,Units,Income,Share\r\n' +
        '"可乐, ""大""",3,1234.56,67.42%\r\n' +
        `"'=HYPERLINK(""x"")",0,-0.05,0.00%\r\n` +
        'Total,,1234.51,\r\n',
    );
  });

  it('writes XLSX rows as numbers: yuan, and rates as fractions shown as percentages', async () => {
    const out = new PassThrough();
    const data = collect(out);
    const table = openTable('xlsx', out, 'A sheet name longer than Excel allows it', COLUMNS);
    table.row(['Cola', 6, 2380, 6742]);
    table.row(['Total', null, 2380, null], true);
    await table.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await data) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Excel allows 31 characters.
    expect(sheet.name).toBe('A sheet name longer than Excel ');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['Name', 'Units', 'Income', 'Share'],
      ['Cola', 6, 23.8, 0.6742],
      ['Total', undefined, 23.8],
    ]);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('0.00%');
    expect(sheet.getRow(3).font?.bold).toBe(true);
  });

  it('waits for the client between batches, and stops when the client goes away', async () => {
    const out = new PassThrough({ highWaterMark: 64 });
    const table = openTable('csv', out, 'Sheet', COLUMNS);
    for (let i = 0; i < 50; i++) table.row([`row ${i}`, i, i, i]);
    let drained = false;
    const waiting = table.drain().then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained).toBe(false);
    out.resume();
    await waiting;
    expect(drained).toBe(true);

    const gone = new PassThrough({ highWaterMark: 64 });
    const cut = openTable('csv', gone, 'Sheet', COLUMNS);
    for (let i = 0; i < 50; i++) cut.row([`row ${i}`, i, i, i]);
    const stopped = cut.drain();
    gone.destroy();
    await expect(stopped).rejects.toBeInstanceOf(ClientGone);
    await expect(cut.drain()).rejects.toBeInstanceOf(ClientGone);
  });
});
