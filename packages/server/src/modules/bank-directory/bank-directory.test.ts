import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CODES } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { runAdmin } from '../../cli/admin';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';

const LIST = '/p/v1/b/jdMerchantV2/getBankList';
const BANK_NO = '/p/v1/b/getBankNo';
const SUB_LIST = '/p/v1/b/jdMerchantV2/getBankSubList';
const BEIJING = { province: '110000', city: '110100' };
const HEADER = 'bank_code,bank_no,bank_branch,province,city';

/** Each test asks from its own address, so the per-address limit of one never reaches another. */
let addresses = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

describe.each(dialects())('bank directory on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  const admin = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(t.db, args, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  };
  const csv = (name: string, ...lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [HEADER, ...lines].join('\n'));
    return file;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-directory-'));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the 15 banks with the branches the shipped file holds', async () => {
    const answer = await t.call(LIST, {}, from());
    expect(answer.rcode).toBe(0);
    const { data, count } = answer.result as {
      data: { bank_code: string; branch_count: number }[];
      count: number;
    };
    expect(count).toBe(15);
    expect(data.map((b) => b.bank_code)).toEqual([...BANK_CODES]);
    expect(data.find((b) => b.bank_code === '304')).toMatchObject({ bank: '华夏银行', branch_count: 2 });
  });

  it('answers a bank’s branches in a city, by code or the number older clients send', async () => {
    const answer = await t.call(BANK_NO, { head_bank: 102, ...BEIJING }, from());
    expect(answer).toMatchObject({
      rcode: 0,
      result: { data: [{ bank_no: '102100099996', bank_branch: '中国工商银行' }], count: 1 },
    });
    const wuhan = await t.call(BANK_NO, { head_bank: '304', province: '420000', city: '420100' }, from());
    expect(wuhan.result).toMatchObject({ data: [{ bank_no: '304521041448' }] });
  });

  it('answers an empty list for a region without branches or that does not exist', async () => {
    for (const region of [
      { province: '440000', city: '440100' },
      { province: '990000', city: '990100' },
    ]) {
      const answer = await t.call(BANK_NO, { head_bank: '102', ...region }, from());
      expect(answer).toMatchObject({ rcode: 0, result: { data: [], count: 0 } });
    }
  });

  it('names the field: a bank that is none of the 15, no bank, no region', async () => {
    const bad = await t.call(BANK_NO, { head_bank: '999', ...BEIJING }, from());
    expect(bad).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Bank: Invalid value' });
    const noBank = await t.call(BANK_NO, BEIJING, from());
    expect(noBank).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Please pick the bank first' });
    const noCity = await t.call(SUB_LIST, { bank_code: '102', province: '110000' }, from());
    expect(noCity.rcode).toBe(RCODE.INVALID_PARAM);
    expect(noCity.msg).toMatch(/^Bank city: /);
    const zh = await t.call(
      BANK_NO,
      { head_bank: '102', province: '', city: '110100' },
      { ...from(), lang: 'zh-CN' },
    );
    expect(zh.msg).toMatch(/^开户省份：/);
    const badCode = await t.call(BANK_NO, { head_bank: '102', province: '11', city: '110100' }, from());
    expect(badCode).toMatchObject({ rcode: RCODE.INVALID_PARAM, msg: 'Bank province: Invalid value' });
  });

  it('limits how often one address reads the directory', async () => {
    const me = from();
    for (let i = 0; i < 120; i++) expect((await t.call(LIST, {}, me)).rcode).toBe(0);
    expect((await t.call(LIST, {}, me)).rcode).toBe(RCODE.TOO_MANY_ATTEMPTS);
    expect((await t.call(LIST, {}, from())).rcode).toBe(0);
  }, 60_000);

  it('refuses a bad file by its lines and keeps the directory as it was', async () => {
    const before = await t.services.bankDirectory.source();
    const file = csv(
      'bad.csv',
      '102,102100000048,中国工商银行股份有限公司北京东铁匠营支行,北京市,北京市',
      '105,102100000056,wrong bank,北京市,北京市',
      '102,102100000064,x,北京市,东京市',
    );
    const result = await admin('import-branches', file);
    expect(result.code).toBe(1);
    expect(result.text).toContain('refused, the directory is unchanged');
    expect(result.text).toContain('line 3: bank_no 102100000056 is not of bank 105');
    expect(result.text).toContain('line 4: city "东京市" is not a city of 北京市');
    expect(await t.services.bankDirectory.source()).toEqual(before);
    const still = await t.call(BANK_NO, { head_bank: '102', ...BEIJING }, from());
    expect(still.result).toMatchObject({ count: 1 });
    expect((await admin('import-branches', path.join(dir, 'missing.csv'))).code).toBe(1);
    expect((await admin('import-branches')).code).toBe(2);
  });

  it('replaces the whole directory with a good file, which a restart does not undo', async () => {
    const file = csv(
      'good.csv',
      '102,102100000048,中国工商银行股份有限公司北京东铁匠营支行,北京市,北京市',
      '102,102100000030,中国工商银行股份有限公司北京市分行营业部,北京,北京',
      '308,308581002097,"招商银行股份有限公司广州分行, 营业部",广东,广州',
    );
    const result = await admin('import-branches', file);
    expect(result).toEqual({ code: 0, text: `${file}: 3 branches imported (102=2 308=1)` });
    const beijing = await t.call(BANK_NO, { head_bank: '102', ...BEIJING }, from());
    expect(beijing.result).toEqual({
      // By name, character by character (东 before 市), the same on both databases.
      data: [
        { bank_no: '102100000048', bank_branch: '中国工商银行股份有限公司北京东铁匠营支行' },
        { bank_no: '102100000030', bank_branch: '中国工商银行股份有限公司北京市分行营业部' },
      ],
      count: 2,
    });
    const search = await t.call(SUB_LIST, { bank_code: '102', ...BEIJING, keyword: '铁匠' }, from());
    expect(search.result).toMatchObject({ data: [{ bank_no: '102100000048' }], count: 1 });
    const percent = await t.call(SUB_LIST, { bank_code: '102', ...BEIJING, keyword: '%' }, from());
    expect(percent.result).toMatchObject({ count: 0 });
    const gone = await t.call(BANK_NO, { head_bank: '304', province: '420000', city: '420100' }, from());
    expect(gone.result).toMatchObject({ count: 0 });
    // A server starting again keeps the operator's directory rather than its shipped file.
    await t.services.bankDirectory.ensureLoaded();
    expect(await t.services.bankDirectory.source()).toMatchObject({ kind: 'import', rows: 3 });
    const list = await t.call(LIST, {}, from());
    const banks = (list.result as { data: { bank_code: string; branch_count: number }[] }).data;
    expect(banks.filter((b) => b.branch_count > 0)).toEqual([
      expect.objectContaining({ bank_code: '102', branch_count: 2 }),
      expect.objectContaining({ bank_code: '308', branch_count: 1 }),
    ]);
  });
});
