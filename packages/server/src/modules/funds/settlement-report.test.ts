import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settlement } from '@vendo/contract/api/funds';
import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import { mainAccount, ok, staffAccount, type Caller } from '../catalog/catalog-testing';
import { calmSandbox, settle, virtualMachines } from '../orders/order-fixtures';
import { approvedCard, bindTo, sale, shop } from './funds-fixtures';

/** The test clock starts 2026-11-22 10:00 in Shanghai (02:00 UTC). */
const at = (day: number, hour: number) => Date.UTC(2026, 10, 22 + day, hour - 8);

interface Line {
  kind: 'payment' | 'refund';
  orderno: string;
  sn: string;
  client: string;
  amount: number;
  time: number;
}

describe.each(dialects())('settlement detail files on %s', (dialect) => {
  let t: TestApp;
  let owner: Caller;
  let restore: () => void;
  let record: Settlement;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    calmSandbox(t);
    owner = await mainAccount(t, '13900001631');
    await shop(t, owner, ['16301']);
    const card = await approvedCard(t, owner, '张三');
    await bindTo(t, owner, card, ['16301']);
    restore = virtualMachines(t);
    const refunded = await sale(t, '16301');
    await sale(t, '16301');
    await sale(t, '16301');
    ok(
      await t.call(
        '/api/v1/b/refund',
        { orderno: refunded, part_refund: true, refund_fee: 100 },
        owner.headers,
      ),
    );
    await t.services.orders.jobs.tick();
    await settle(t);
    t.clock.now = at(1, 13);
    await t.services.funds.settlement.tick();
    const list = ok<{ data: Settlement[] }>(
      await t.call('/api/v1/b/getSettle', { condition: {} }, owner.headers),
    );
    record = list.data[0]!;
  });
  afterEach(async () => {
    restore();
    await t.services.orders.idle();
    await t.close();
  });

  const ask = (body: Record<string, unknown>, who: Caller = owner, lang = 'en-US') =>
    t.call('/api/v1/b/settleReport', body, { ...who.headers, lang });
  const link = async (body: Record<string, unknown>, who: Caller = owner, lang = 'en-US') =>
    ok<{ url: string; filename: string; expires_at: number }>(await ask(body, who, lang));
  const fetchFile = (url: string) => {
    const { pathname, search } = new URL(url);
    return t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  };
  const lines = async () =>
    ok<{ lines: { data: Line[]; count: number } }>(
      await t.call('/api/v1/b/getSettleDetail', { id: record.id, pageSize: 100 }, owner.headers),
    ).lines;
  const stamp = (ms: number) => {
    const d = new Date(ms + 8 * 3_600_000).toISOString();
    return `${d.slice(0, 10)} ${d.slice(11, 19)}`;
  };

  it("downloads the record's detail as XLSX: the rows are the detail's lines, money in yuan, English headers", async () => {
    const detail = await lines();
    expect(detail.count).toBe(4);
    expect(detail.data.map((l) => l.kind).sort()).toEqual(['payment', 'payment', 'payment', 'refund']);
    const made = await link({ id: record.id });
    expect(made.filename).toBe(`Settlement detail_${record.settle_date}_${record.id}.xlsx`);
    expect(made.expires_at).toBe(t.clock.now + 10 * 60_000);
    const response = await fetchFile(made.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Type',
      'Order number',
      'Machine SN',
      'Payment method',
      'Amount (yuan)',
      'Time',
    ]);
    expect(rows.slice(1, -1)).toEqual(
      detail.data.map((l) => [
        l.kind === 'refund' ? 'Refund' : 'Payment',
        l.orderno,
        l.sn,
        expect.any(String),
        l.amount / 100,
        stamp(l.time),
      ]),
    );
    const sum = detail.data.reduce((n, l) => n + l.amount, 0);
    expect(sum).toBe(800);
    expect(rows.at(-1)![0]).toBe('Total (4)');
    expect(rows.at(-1)![4]).toBe(8);
  });

  it('downloads it as CSV with headers in the caller’s language and yuan with 2 decimals', async () => {
    const detail = await lines();
    const made = await link({ id: record.id, format: 'csv' }, owner, 'zh-CN');
    expect(made.filename).toBe(`结算明细_${record.settle_date}_${record.id}.csv`);
    const response = await fetchFile(made.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const table = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(table[0]).toEqual(['类型', '订单号', '设备编号', '支付方式', '金额(元)', '时间']);
    expect(table.slice(1, -1).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual(
      detail.data.map((l) => [
        l.kind === 'refund' ? '退款' : '收入',
        l.orderno,
        l.sn,
        (l.amount / 100).toFixed(2),
        stamp(l.time),
      ]),
    );
    expect(table.at(-1)).toEqual(['合计 (4)', '', '', '', '8.00', '']);
  });

  it("refuses another merchant's record, an unknown one, staff without 1033 or 1036, and a link after permissions changed", async () => {
    const other = await mainAccount(t, '13900001632');
    expect((await ask({ id: record.id }, other)).rcode).toBe(RCODE.SETTLEMENT_NOT_FOUND);
    expect((await ask({ id: 999999 })).rcode).toBe(RCODE.SETTLEMENT_NOT_FOUND);
    expect((await ask({ id: record.id, format: 'pdf' })).rcode).toBe(RCODE.INVALID_PARAM);

    const settleOnly = await staffAccount(t, owner, { account: 'settle', perms: [PERMISSIONS.Settle] });
    expect((await ask({ id: record.id }, settleOnly)).rcode).toBe(RCODE.FORBIDDEN);
    const reportOnly = await staffAccount(t, owner, { account: 'report', perms: [PERMISSIONS.Report] });
    expect((await ask({ id: record.id }, reportOnly)).rcode).toBe(RCODE.FORBIDDEN);
    const both = await staffAccount(t, owner, {
      account: 'both',
      perms: [PERMISSIONS.Settle, PERMISSIONS.Report],
    });
    const made = await link({ id: record.id }, both);
    expect((await fetchFile(made.url)).statusCode).toBe(200);

    // "Only own" staff do not see the card's records: neither the detail nor its file.
    await t.db.kysely.updateTable('users').set({ bank_own_only: 1 }).where('id', '=', both.userId).execute();
    const refused = await fetchFile(made.url);
    expect(refused.json()).toMatchObject({ rcode: RCODE.SETTLEMENT_NOT_FOUND });
    expect((await ask({ id: record.id }, both)).rcode).toBe(RCODE.SETTLEMENT_NOT_FOUND);
  });

  it('refuses a forged link, an analytics link on this path, and a link past its 10 minutes', async () => {
    const made = await link({ id: record.id });
    const url = new URL(made.url);
    const ticket = url.searchParams.get('ticket')!;
    for (const bad of [ticket.slice(0, -1), 'nonsense', '']) {
      const answer = await t.app.inject({ method: 'GET', url: `${url.pathname}?ticket=${bad}` });
      expect(answer.json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
    }
    // The analytics module's link for the same user is not a settlement link, and the other way round.
    const sales = ok<{ url: string }>(
      await t.call('/api/v1/a/report', { kind: 'detail', format: 'csv' }, owner.headers),
    );
    const salesTicket = new URL(sales.url).searchParams.get('ticket')!;
    const crossed = await t.app.inject({ method: 'GET', url: `${url.pathname}?ticket=${salesTicket}` });
    expect(crossed.json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
    const back = await t.app.inject({
      method: 'GET',
      url: `${new URL(sales.url).pathname}?ticket=${ticket}`,
    });
    expect(back.json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
    t.clock.now += 10 * 60_000;
    expect((await fetchFile(made.url)).json()).toMatchObject({ rcode: RCODE.REPORT_LINK_INVALID });
  });
});
