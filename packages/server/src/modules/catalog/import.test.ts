import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Goods } from '@vendo/contract/api/catalog';
import { TEXT_MAX } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, postMultipart, setApp, type Caller } from './catalog-testing';

interface ImportAnswer {
  rows: number;
  imported: number;
  errors: { row: number; field: string; message: string }[];
}

const csv = (text: string) => ({ filename: 'goods.csv', type: 'text/csv', data: Buffer.from(text, 'utf8') });

async function xlsx(rows: (string | number)[][]): Promise<{ filename: string; type: string; data: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('goods');
  for (const row of rows) sheet.addRow(row);
  return {
    filename: 'goods.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

describe.each(dialects())('goods import on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    main = await mainAccount(t, '13900000001');
  });
  afterEach(async () => {
    await t.close();
  });

  const importFile = (file: Awaited<ReturnType<typeof xlsx>>, lang = 'en-US') =>
    postMultipart(t, '/api/v1/g/importGoods', { file }, { ...main.headers, lang });
  const goods = async () =>
    ok<{ data: Goods[]; count: number }>(
      await t.call('/api/v1/g/getGoods', { pageNum: 1, pageSize: 999 }, main.headers),
    );

  it('imports every row of an .xlsx file with Chinese headers', async () => {
    const file = await xlsx([
      ['商品名称', '价格', '成本价', '商品编码', '标签', '销量', '描述'],
      ['可乐', 3.5, 2, '0012', '饮料，冷饮', 5, '冰镇'],
      ['薯片', '6.00', '', 'A-7', '零食', '', ''],
    ]);
    const answer = ok<ImportAnswer>(await importFile(file));
    expect(answer).toEqual({ rows: 2, imported: 2, errors: [] });
    const { data } = await goods();
    expect(data.map((g) => [g.goods_name, g.price, g.cost_price, g.goods_code, g.tags, g.sold])).toEqual([
      ['薯片', 600, 0, 'A-7', '零食', 0],
      ['可乐', 350, 200, '0012', '饮料,冷饮', 5],
    ]);
    expect(data[1]!.goods_detail.description).toBe('冰镇');
  });

  it('imports a UTF-8 .csv with English headers, quotes and a BOM', async () => {
    const answer = ok<ImportAnswer>(
      await importFile(
        csv(
          '\ufeffGoods name,Price,Tags,Description\r\n"Cola (large)",4.00,drink|cold,"Sugar, ""water"""\r\nTea,2.5,,\r\n',
        ),
      ),
    );
    expect(answer.errors).toEqual([]);
    expect(answer.imported).toBe(2);
    expect(
      (await goods()).data.map((g) => [g.goods_name, g.price, g.tags, g.goods_detail.description]),
    ).toEqual([
      ['Tea', 250, '', ''],
      ['Cola (large)', 400, 'drink,cold', 'Sugar, "water"'],
    ]);
  });

  it('reads a .csv saved by Excel in GB18030', async () => {
    const gbk = Buffer.from(
      'c9ccc6b7c3fbb3c62cbcdbb8f12cb1eac7a90d0abfc9c0d62c332e35302cd2fbc1cf0d0a',
      'hex',
    );
    const answer = ok<ImportAnswer>(await importFile({ filename: 'goods.csv', type: 'text/csv', data: gbk }));
    expect(answer.imported).toBe(1);
    expect((await goods()).data[0]).toMatchObject({ goods_name: '可乐', price: 350, tags: '饮料' });
  });

  it('reports every bad row with the reason and imports nothing', async () => {
    const file = await xlsx([
      ['商品名称', '价格', '标签'],
      ['可乐', 3.5, '饮料'],
      ['', 2, ''],
      ['薯片<>', 0.01, '甲，乙，丙'],
      ['饼干', '1.005', ''],
      ['水', '', ''],
    ]);
    const answer = ok<ImportAnswer>(await importFile(file));
    expect(answer.rows).toBe(5);
    expect(answer.imported).toBe(0);
    expect(answer.errors).toEqual([
      { row: 3, field: 'goods_name', message: 'Goods name: Cannot be empty' },
      { row: 4, field: 'price', message: 'Price must be at least 0.02 yuan' },
      { row: 4, field: 'goods_name', message: 'Goods name: Special symbols are not allowed' },
      { row: 4, field: 'tags', message: 'At most 2 tags' },
      { row: 5, field: 'price', message: 'Price must be precise to the cent' },
      { row: 6, field: 'price', message: 'Price: Cannot be empty' },
    ]);
    expect((await goods()).count).toBe(0);
    const zh = ok<ImportAnswer>(await importFile(file, 'zh-CN'));
    expect(zh.errors[0]!.message).toBe('商品名称：不能为空');
  });

  it('says the maximum of a text too long, as a call does', async () => {
    const long = 'a'.repeat(TEXT_MAX.name + 1);
    const answer = ok<ImportAnswer>(await importFile(csv(`商品名称,价格\n${long},1\n`)));
    expect(answer.imported).toBe(0);
    expect(answer.errors).toEqual([
      { row: 2, field: 'goods_name', message: `Goods name: At most ${TEXT_MAX.name} characters` },
    ]);
    expect((await goods()).count).toBe(0);
  });

  it('imports nothing when the rows would pass the goods quota', async () => {
    await setApp(t, main.merchantId, 'Goods', { extend: { Goods_max_count: '2' } });
    ok(await t.call('/api/v1/g/addPrivate', { goods_name: 'Existing', price: 100 }, main.headers));
    const answer = await importFile(csv('商品名称,价格\nA,1\nB,1\n'));
    expect(answer.rcode).toBe(RCODE.GOODS_QUOTA_EXCEEDED);
    expect((await goods()).count).toBe(1);
  });

  it('refuses files it cannot read, with a message saying what to do', async () => {
    const oldXls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(100)]);
    const cases: [Parameters<typeof importFile>[0], number, string][] = [
      [
        { filename: 'old.xls', type: 'application/vnd.ms-excel', data: oldXls },
        RCODE.IMPORT_FILE_UNREADABLE,
        '',
      ],
      [
        { filename: 'x.png', type: 'image/png', data: Buffer.from([0x89, 0x50, 0x00, 0x01]) },
        RCODE.IMPORT_FILE_UNREADABLE,
        '',
      ],
      [
        { filename: 'broken.xlsx', type: 'x', data: Buffer.from('PK\u0003\u0004garbage') },
        RCODE.IMPORT_FILE_UNREADABLE,
        '',
      ],
      [
        csv('name_of_thing,cost\nA,1\n'),
        RCODE.IMPORT_NO_NAME_COLUMN,
        'No "goods name" column found: please use the import template',
      ],
      [csv('商品名称,价格\n'), RCODE.IMPORT_NO_ROWS, 'The file holds no goods rows'],
      [csv(''), RCODE.FILE_MISSING, ''],
      [csv('\n\n'), RCODE.IMPORT_NO_ROWS, ''],
      [
        csv(`商品名称,价格\n${'A,1\n'.repeat(1001)}`),
        RCODE.IMPORT_TOO_MANY_ROWS,
        'At most 1000 rows per import',
      ],
    ];
    for (const [file, rcode, msg] of cases) {
      const answer = await importFile(file);
      expect(answer.rcode, file.filename).toBe(rcode);
      if (msg) expect(answer.msg).toBe(msg);
    }
    expect((await importFile(cases[0]![0])).msg).toBe(
      'The file cannot be read: save it from the template as .xlsx or .csv',
    );
    expect((await goods()).count).toBe(0);
  });

  it('hands out a template that imports as it is', async () => {
    const template = ok<{ filename: string; content_type: string; data: string }>(
      await t.call('/api/v1/g/getImportTemplate', {}, { ...main.headers, lang: 'zh-CN' }),
    );
    expect(template.filename).toBe('商品导入模板.xlsx');
    const data = Buffer.from(template.data, 'base64');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(data).buffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('商品名称');
    const answer = ok<ImportAnswer>(
      await importFile({ filename: template.filename, type: template.content_type, data }),
    );
    expect(answer.imported).toBe(1);
    expect((await goods()).data[0]).toMatchObject({ goods_name: '可乐330ml', price: 350, tags: '饮料,冷饮' });
  });
});
