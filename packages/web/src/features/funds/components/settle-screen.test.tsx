import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@vendo/contract/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { downloadUrl } from '../../../lib/download';
import { makeUser } from '../../../lib/test-fixtures';
import SettleScreen from './settle-screen';
import { account, answerWith, bodiesTo, fetchMock, renderScreen, settlement } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/download', () => ({ downloadUrl: vi.fn() }));

const FUNDS = '/api/v1/b/getFunds';
const SETTLE = '/api/v1/b/getSettle';
const DETAIL = '/api/v1/b/getSettleDetail';
const REPORT = '/api/v1/b/settleReport';

const FUNDS_ANSWER = {
  rcode: 0,
  result: {
    data: [account(), account({ merchant_id: '', manual_transfer: 1, bank_code: '', acct_no_encry: '' })],
    count: 2,
    sandbox: false,
  },
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/settle', () => {
  it('asks for the records the address names and shows each with its date, account, amount and state', async () => {
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: {
        rcode: 0,
        result: {
          data: [settlement({ id: 3, settle_status: 2, fail_reason: 'Account frozen', settle_amt: 50_000 })],
          count: 1,
          sandbox: false,
        },
      },
    });
    renderScreen(makeUser(), '/settle?account=7&status=fail', <SettleScreen />);
    const list = await screen.findByRole('list', { name: 'Settlement records' });
    const [record] = within(list).getAllByRole('button');
    expect(record!.getAttribute('aria-label')).toBe('Settlement of 2026-03-17: details');
    expect(record!.textContent).toContain('2026-03-17');
    expect(record!.textContent).toContain('¥500.00');
    expect(record!.textContent).toContain('China Merchants Bank · ••••\u00a01234 · 张三');
    expect(record!.textContent).toContain('Reason: Account frozen');
    expect(within(record!).getByText('Failed').dataset.tone).toBe('danger');
    expect(screen.getByText('1 settlement record(s)')).toBeTruthy();
    expect(bodiesTo(SETTLE)).toEqual([
      {
        pageNum: 1,
        pageSize: 10,
        step: 'start',
        condition: { settle_status: 'fail', merchant_id: '7' },
      },
    ]);
    // The chips say what narrows the list.
    expect(
      await screen.findByRole('button', { name: /^Payout account: ?China Merchants Bank ••••\u00a01234$/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Status: ?Failed$/ })).toBeTruthy();
  });

  it('offers the manual-transfer account as a filter and asks for its records by its filter name', async () => {
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: { rcode: 0, result: { data: [], count: 0, sandbox: false } },
    });
    renderScreen(makeUser(), '/settle?account=manual', <SettleScreen />);
    expect(
      await screen.findByRole('button', { name: /^Payout account: ?Manual-transfer account$/ }),
    ).toBeTruthy();
    expect(bodiesTo(SETTLE)).toEqual([
      { pageNum: 1, pageSize: 10, step: 'start', condition: { merchant_id: 'manual' } },
    ]);
  });

  it('words and colours every state of spec §4', async () => {
    const codes = [1, 2, 3, 4, 0];
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: {
        rcode: 0,
        result: {
          data: codes.map((code, i) => settlement({ id: i + 1, settle_status: code })),
          count: codes.length,
          sandbox: true,
        },
      },
    });
    renderScreen(makeUser(), '/settle', <SettleScreen />);
    const list = await screen.findByRole('list', { name: 'Settlement records' });
    const pills = [...list.querySelectorAll<HTMLElement>('.settle-status')];
    expect(pills.map((p) => [p.textContent, p.dataset.tone])).toEqual([
      ['Success', 'success'],
      ['Failed', 'danger'],
      ['Settling', 'warning'],
      ['Success', 'success'],
      ['Unknown', 'neutral'],
    ]);
    expect(screen.getByText('Sandbox bank')).toBeTruthy();
    expect(bodiesTo(SETTLE)).toEqual([{ pageNum: 1, pageSize: 10, step: 'start', condition: {} }]);
  });

  it('turns the page in the address and asks for it', async () => {
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: (body) => {
        const page = (body as { pageNum: number }).pageNum;
        return {
          rcode: 0,
          result: {
            data: [settlement({ id: page, settle_date: `2026030${page}` })],
            count: 25,
            sandbox: false,
          },
        };
      },
    });
    renderScreen(makeUser(), '/settle?status=success', <SettleScreen />);
    await screen.findByText('2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('2026-03-02')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/settle?status=success&page=2');
    expect(bodiesTo(SETTLE).at(-1)).toEqual({
      pageNum: 2,
      pageSize: 10,
      step: null,
      condition: { settle_status: 'success' },
    });
  });

  it('says so when no record matches', async () => {
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: { rcode: 0, result: { data: [], count: 0, sandbox: false } },
    });
    renderScreen(makeUser(), '/settle', <SettleScreen />);
    expect(
      await screen.findByText(
        "No settlement records match. Every day at 13:00 the previous day's income is settled.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Fund accounts/ }).getAttribute('href')).toBe('/fund');
  });

  it("opens a record's detail: how the amount came about, and the orders and refunds it covers, a page at a time", async () => {
    const record = settlement({ id: 9, carried_amt: -300, settle_status: 3, finished_at: null });
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: { rcode: 0, result: { data: [record], count: 1, sandbox: false } },
      [DETAIL]: (body) => {
        const page = (body as { pageNum: number }).pageNum;
        return {
          rcode: 0,
          result: {
            record,
            sandbox: false,
            lines: {
              count: 21,
              data:
                page === 1
                  ? [
                      {
                        kind: 'payment',
                        orderno: 'O-1',
                        sn: 'SN1',
                        client: 'wx',
                        amount: 500,
                        time: record.created_at,
                      },
                      {
                        kind: 'refund',
                        orderno: 'O-2',
                        sn: 'SN1',
                        client: 'alipay',
                        amount: -200,
                        time: record.created_at,
                      },
                    ]
                  : [
                      {
                        kind: 'payment',
                        orderno: 'O-21',
                        sn: 'SN2',
                        client: 'wx',
                        amount: 100,
                        time: record.created_at,
                      },
                    ],
            },
          },
        };
      },
    });
    renderScreen(makeUser(), '/settle', <SettleScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Settlement of 2026-03-17: details' }));
    const sheet = await screen.findByRole('region', { name: 'Settlement of 2026-03-17' });
    const sums = sheet.querySelector('dl.settle-sums')!;
    expect(
      [...sums.querySelectorAll('div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Income', '¥1,020.00'],
      ['Refunds', '¥20.00'],
      ['Carried debt', '-¥3.00'],
      ['Net', '¥1,000.00'],
      ['Payout fee', '¥6.00'],
      ['Payout amount', '¥994.00'],
    ]);
    expect(within(sheet).getByText("Waiting for the bank's confirmation")).toBeTruthy();
    expect(within(sheet).getByText('Settling')).toBeTruthy();
    const lines = await within(sheet).findByRole('list', { name: 'Orders and refunds covered' });
    const items = within(lines).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.kind)).toEqual(['payment', 'refund']);
    expect(items[0]!.textContent).toContain('O-1');
    expect(items[0]!.textContent).toContain('¥5.00');
    expect(items[0]!.textContent).toContain('Machine SN1');
    expect(items[1]!.textContent).toContain('-¥2.00');
    expect(within(sheet).getByText(/21 line\(s\)/)).toBeTruthy();
    expect(bodiesTo(DETAIL)).toEqual([{ pageNum: 1, pageSize: 20, step: 'start', condition: {}, id: 9 }]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Page 2' }));
    expect(await within(sheet).findByText('O-21')).toBeTruthy();
    expect(bodiesTo(DETAIL).at(-1)).toEqual({ pageNum: 2, pageSize: 20, step: null, condition: {}, id: 9 });
  });

  it("offers the record's detail as a file only with 1033 and 1036, and asks /b/settleReport for it", async () => {
    const record = settlement({ id: 9 });
    answerWith({
      [FUNDS]: FUNDS_ANSWER,
      [SETTLE]: { rcode: 0, result: { data: [record], count: 1, sandbox: false } },
      [DETAIL]: { rcode: 0, result: { record, sandbox: false, lines: { count: 0, data: [] } } },
      [REPORT]: { rcode: 0, result: { url: '/r/settle', filename: 'detail.csv', expires_at: 1 } },
    });
    const openDetail = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Settlement of 2026-03-17: details' }));
      return screen.findByRole('region', { name: 'Settlement of 2026-03-17' });
    };
    // 1036 alone: the detail, no download.
    const settleOnly = renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.Settle] }),
      '/settle',
      <SettleScreen />,
    );
    let sheet = await openDetail();
    await within(sheet).findByText('This settlement covers no orders or refunds.');
    expect(within(sheet).queryByRole('button', { name: 'Download' })).toBeNull();
    settleOnly.unmount();

    // 1033 with 1036: the button, and the call with the record's id and the format picked.
    renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.Settle, PERMISSIONS.Report] }),
      '/settle',
      <SettleScreen />,
    );
    sheet = await openDetail();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Settlement of 2026-03-17')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'CSV file' }));
    await waitFor(() => expect(downloadUrl).toHaveBeenCalledWith('/r/settle', 'detail.csv'));
    expect(bodiesTo(REPORT)).toEqual([{ id: 9, format: 'csv' }]);
  });
});
