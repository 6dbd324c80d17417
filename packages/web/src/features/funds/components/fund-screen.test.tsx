import { PERMISSIONS } from '@vendo/contract/enums';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import FundScreen from './fund-screen';
import { account, answerWith, bodiesTo, fetchMock, renderScreen } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const FUNDS = '/api/v1/b/getFunds';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const MANUAL = account({
  merchant_id: '',
  manual_transfer: 1,
  acct_no_encry: '',
  acct_name: '',
  stort_name: '',
  bank_code: '',
  bank_branch: '',
  balance: 5_000,
  not_settle_amt: 5_000,
  to_settle_amt: 0,
  settling_amt: 0,
  settled_amt: 0,
  dev_count: 1,
});

describe('/fund', () => {
  it("shows each payout account's money, cards first, and links each card to its settlement records", async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [MANUAL, account()], count: 2, sandbox: false } } });
    renderScreen(makeUser(), '/fund', <FundScreen />);
    const list = await screen.findByRole('list', { name: 'Payout accounts' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'China Merchants Bank',
      'Manual-transfer account',
    ]);
    const card = cards[0]!;
    expect(card.textContent).toContain('6225 **** **** 1234');
    expect(card.textContent).toContain('张三 · Coastal Snacks');
    expect(card.textContent).toContain('招商银行深圳南山支行');
    expect(card.textContent).toContain('3 machine(s)');
    expect(within(card).getByText('¥1,234.56').className).toBe('fund-balance-value');
    const figures = card.querySelector('dl.fund-figures')!;
    expect(
      [...figures.querySelectorAll('div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Not settled', '¥200.00'],
      ['To pay out', '¥1,000.00'],
      ['Paying out', '¥34.56'],
      ['Paid out', '¥98,700.00'],
    ]);
    fireEvent.click(within(card).getByRole('link', { name: /Settlement records/ }));
    expect(screen.getByTestId('where').textContent).toBe('/settle?account=7');
    expect(bodiesTo(FUNDS)).toEqual([{ pageNum: 1, pageSize: 999, step: 'start', condition: {} }]);
  });

  it('explains the manual-transfer account and its fee, the payout schedule and the fee of about 6‰', async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [account(), MANUAL], count: 2, sandbox: false } } });
    renderScreen(makeUser(), '/fund', <FundScreen />);
    const manual = (await screen.findByRole('heading', { name: 'Manual-transfer account' })).closest('li')!;
    expect(manual.textContent).toContain('6% of the amount (at least ¥1)');
    // Its own records, by the filter's name for it (its merchant_id '' would mean every account).
    fireEvent.click(
      within(manual).getByRole('link', { name: /^Settlement records\s*·\s*Manual-transfer account$/ }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/settle?account=manual');
    expect(
      screen.getByText("Every day at 13:00 the previous day's income is settled; it arrives the next day."),
    ).toBeTruthy();
    expect(screen.getByText("The bank's payout fee is about 6‰, for reference only.")).toBeTruthy();
    // The total of the balances, over both accounts.
    expect(screen.getByText('¥1,284.56')).toBeTruthy();
    expect(screen.getByText('2 payout account(s)')).toBeTruthy();
    expect(screen.queryByText('Sandbox bank')).toBeNull();
  });

  it('labels a sandbox bank', async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [account()], count: 1, sandbox: true } } });
    renderScreen(makeUser(), '/fund', <FundScreen />);
    expect(await screen.findByText('Sandbox bank')).toBeTruthy();
    expect(
      screen.getByText('Demo: payouts go to a sandbox bank; no real money is transferred.'),
    ).toBeTruthy();
  });

  it('guides a merchant without an account to add a bank card', async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [], count: 0, sandbox: false } } });
    renderScreen(makeUser(), '/fund', <FundScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bank card' }));
    expect(screen.getByTestId('where').textContent).toBe('/bankCard?entry=new');
  });

  it('offers staff without the bank-card permission no way to cards they may not open', async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [], count: 0, sandbox: false } } });
    renderScreen(makeUser({ isMain: false, havePerms: [PERMISSIONS.Settle] }), '/fund', <FundScreen />);
    expect(await screen.findByText(/No payout account yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a bank card' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Manage bank cards/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Fee splitting/ })).toBeNull();
    expect(screen.getByRole('link', { name: /All settlement records/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Profit sharing/ })).toBeTruthy();
  });

  it('leads the main account on to fee splitting and profit sharing', async () => {
    answerWith({ [FUNDS]: { rcode: 0, result: { data: [account()], count: 1, sandbox: false } } });
    renderScreen(makeUser(), '/fund', <FundScreen />);
    fireEvent.click(await screen.findByRole('link', { name: /Fee splitting/ }));
    expect(screen.getByTestId('where').textContent).toBe('/feeSplitting');
    fireEvent.click(screen.getByRole('link', { name: /Profit sharing/ }));
    expect(screen.getByTestId('where').textContent).toBe('/profitSharing');
  });
});
