import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import componentTexts from '../../../i18n/resources/components';
import { makeUser } from '../../../lib/test-fixtures';
import ProfitSharingScreen from './profit-sharing-screen';
import { answerWith, bodiesTo, fetchMock, profitShare, renderScreen } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const PROFIT = '/api/v1/b/getProfitSharing';
const DEVICES = '/api/v1/k/getDev';

const SPLIT_ROW = profitShare({
  merchant_id: '21',
  acct_name: '李*四',
  acct_no_encry: '6222 **** **** 3445',
  role: 'split',
  income_amt: 3_350,
  refund_amt: 335,
  net_amt: 3_015,
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/profitSharing', () => {
  it('shows the totals per account, then each day, machine and account with income, refunds and net', async () => {
    answerWith({
      [PROFIT]: {
        rcode: 0,
        result: {
          data: [profitShare(), SPLIT_ROW],
          count: 2,
          totals: [profitShare(), SPLIT_ROW].map(
            ({ merchant_id, acct_name, acct_no_encry, role, income_amt, refund_amt, net_amt }) => ({
              merchant_id,
              acct_name,
              acct_no_encry,
              role,
              income_amt: income_amt * 10,
              refund_amt: refund_amt * 10,
              net_amt: net_amt * 10,
            }),
          ),
          sandbox: true,
        },
      },
      [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
    });
    renderScreen(
      makeUser(),
      '/profitSharing?range=custom&from=2026-03-01&to=2026-03-17&sn=SN001',
      <ProfitSharingScreen />,
    );
    const totals = await screen.findByRole('list', { name: 'Totals per account over the chosen days' });
    const [main, split] = within(totals).getAllByRole('listitem');
    expect(main!.textContent).toContain('Main account');
    expect(main!.textContent).toContain('张三 6225 **** **** 1234');
    expect(main!.textContent).toContain('¥665.00');
    expect(main!.textContent).toContain('¥598.50');
    expect(split!.textContent).toContain('Split account');
    expect(split!.textContent).toContain('¥301.50');
    const rows = within(screen.getByRole('list', { name: 'Profit sharing by day' })).getAllByRole('listitem');
    expect(rows[1]!.textContent).toContain('2026-03-17 · Lobby');
    expect(rows[1]!.textContent).toContain('李*四 6222 **** **** 3445');
    const figures = [...rows[1]!.querySelectorAll('dd')].map((d) => d.textContent);
    expect(figures).toEqual(['¥33.50', '¥3.35', '¥30.15']);
    expect(screen.getByText('Sandbox bank')).toBeTruthy();
    expect(screen.getByText('2 row(s)')).toBeTruthy();
    expect(bodiesTo(PROFIT)).toEqual([
      {
        pageNum: 1,
        pageSize: 20,
        step: 'start',
        condition: { start_date: '2026-03-01', end_date: '2026-03-17', sn: 'SN001' },
      },
    ]);
    // The machine the address names stays chosen even when the list lacks it.
    expect(screen.getByRole('button', { name: /^Machine: ?SN001$/ })).toBeTruthy();
  });

  it('joins the two Chinese sentences of the empty guide without a space', async () => {
    await i18n.changeLanguage('zh-CN');
    answerWith({
      [PROFIT]: { rcode: 0, result: { data: [], count: 0, totals: [], sandbox: false } },
      [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
    });
    renderScreen(makeUser(), '/profitSharing', <ProfitSharingScreen />);
    expect(await screen.findByText(/^所选日期内没有分账设备的收入。为设备开启分账后/)).toBeTruthy();
  });

  it('guides when no split machine earned anything, and labels no sandbox when the bank is real', async () => {
    answerWith({
      [PROFIT]: { rcode: 0, result: { data: [], count: 0, totals: [], sandbox: false } },
      [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
    });
    renderScreen(makeUser(), '/profitSharing', <ProfitSharingScreen />);
    expect(await screen.findByText(/No income of machines with a split/)).toBeTruthy();
    expect(screen.queryByText('Sandbox bank')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /Split configurations/ }));
    expect(screen.getByTestId('where').textContent).toBe('/feeSplitting');
  });

  it('offers staff with payout records only (1036) neither the machine filter nor the configurations', async () => {
    answerWith({ [PROFIT]: { rcode: 0, result: { data: [], count: 0, totals: [], sandbox: false } } });
    renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.Settle] }),
      '/profitSharing',
      <ProfitSharingScreen />,
    );
    expect(await screen.findByText(/No income of machines with a split/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Machine/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Split configurations/ })).toBeNull();
    expect(bodiesTo(DEVICES)).toEqual([]);
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'a machine in the address the merchant never had is refused in the server’s words, not “could not load” (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      // The server answers in the request's language; the screen shows its msg as it is.
      const refusal = rcodeText(RCODE.DEVICE_NOT_FOUND)![lang];
      answerWith({
        [PROFIT]: { rcode: RCODE.DEVICE_NOT_FOUND, msg: refusal },
        [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
      });
      renderScreen(makeUser(), '/profitSharing?sn=FOREIGN9', <ProfitSharingScreen />);
      const alert = await screen.findByRole('alert');
      expect(bodiesTo(PROFIT)[0]).toMatchObject({ condition: { sn: 'FOREIGN9' } });
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.DEVICE_NOT_FOUND));
      expect(alert.textContent).not.toContain(componentTexts[lang].loadFailed);
    },
  );
});
