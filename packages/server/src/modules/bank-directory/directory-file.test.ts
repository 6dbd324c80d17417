import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Regions } from '../catalog/regions';
import { CNAPS_CLASS, parseDirectory, RegionNames, splitCsvLine } from './directory-file';
import { SHIPPED_DIRECTORY } from './directory-service';

const regions = new RegionNames(Regions.load().tree);
const HEADER = 'bank_code,bank_no,bank_branch,province,city';
const file = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\n') + '\n');

describe('the directory file', () => {
  it('ships a head office for each of the 15 banks, each number of its own bank', () => {
    const parsed = parseDirectory(fs.readFileSync(SHIPPED_DIRECTORY), regions);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(new Set(parsed.rows.map((r) => r.bank_code)).size).toBe(15);
    for (const row of parsed.rows) {
      expect(row.bank_no.startsWith(CNAPS_CLASS[row.bank_code as keyof typeof CNAPS_CLASS])).toBe(true);
    }
    expect(parsed.rows.find((r) => r.bank_no === '102100099996')).toMatchObject({
      bank_code: '102',
      prov_code: '110000',
      city_code: '110100',
    });
    expect(parsed.rows.find((r) => r.bank_no === '304521041448')).toMatchObject({
      prov_code: '420000',
      city_code: '420100',
    });
  });

  it('names provinces and cities fully or without their suffix, municipalities by their own name', () => {
    const gx = regions.province('广西');
    expect(gx?.code).toBe('450000');
    expect(regions.province('广西壮族自治区')?.code).toBe('450000');
    expect(regions.city(gx!, '南宁')?.code).toBe('450100');
    const bj = regions.province('北京市')!;
    expect(regions.city(bj, '北京市')?.code).toBe('110100');
    expect(regions.city(bj, '市辖区')?.code).toBe('110100');
    expect(regions.city(regions.province('重庆')!, '重庆')?.code).toBe('500100');
    expect(regions.province('江')).toBeUndefined();
  });

  it('names every bad line and stores nothing of a file that has one', () => {
    const parsed = parseDirectory(
      file(
        '102,102100099996,中国工商银行,北京市,北京市',
        '999,102100099996,x,北京市,北京市',
        '102,10210009999,short,北京市,北京市',
        '103,102100000030,wrong bank,北京市,北京市',
        '100,102100099996,邮储 as ICBC,北京市,北京市',
        '102,102100099996,again,北京市,北京市',
        '102,102100000048,,北京市,北京市',
        '102,102100000056,x,火星省,北京市',
        '102,102100000064,x,广东省,武汉市',
        '102,102100000072,x,北京市',
      ),
      regions,
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { line: 3, message: expect.stringContaining('bank_code "999"') },
        { line: 4, message: expect.stringContaining('not 12 digits') },
        { line: 5, message: expect.stringContaining('not of bank 103') },
        { line: 6, message: expect.stringContaining('start with 403') },
        { line: 7, message: 'bank_no 102100099996 already on line 2' },
        { line: 8, message: 'bank_branch is empty' },
        { line: 9, message: expect.stringContaining('province "火星省"') },
        { line: 10, message: expect.stringContaining('city "武汉市" is not a city of 广东省') },
        { line: 11, message: 'expected 5 columns' },
      ],
    });
  });

  it('refuses a file without the header or without a branch', () => {
    expect(parseDirectory(Buffer.from('a,b\n'), regions)).toMatchObject({
      ok: false,
      problems: [{ line: 1 }],
    });
    expect(parseDirectory(file(), regions)).toMatchObject({ ok: false });
  });

  it('reads quoted fields', () => {
    expect(splitCsvLine('102,"a, ""b""",c')).toEqual(['102', 'a, "b"', 'c']);
    expect(splitCsvLine('102,"open')).toBeNull();
    const parsed = parseDirectory(
      file('102,102100000048,"中国工商银行股份有限公司北京东铁匠营支行",北京,北京'),
      regions,
    );
    expect(parsed).toMatchObject({ ok: true, rows: [{ name: '中国工商银行股份有限公司北京东铁匠营支行' }] });
  });
});
