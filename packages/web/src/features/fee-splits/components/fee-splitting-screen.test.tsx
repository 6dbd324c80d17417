import { PERMISSIONS } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import FeeSplittingScreen from './fee-splitting-screen';
import { answerWith, approvedCard, bodiesTo, fetchMock, renderScreen, splitConfig } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const CONFIGS = '/api/v1/k/getMchSplitAccount';
const CARDS = '/api/v1/k/getMerchant';
const LOOKUP = '/api/v1/k/getMchByBankNo';
const ADD = '/api/v1/k/addSplitAccount';
const UPDATE = '/api/v1/k/updateSplitAccount';
const ROUTE = '/api/v1/k/queryTradeRoute';

const list = (data: unknown[]) => ({ rcode: 0, result: { data, count: data.length } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The editor sheet, once its code has loaded. */
async function editor(title: string) {
  const heading = await screen.findByRole('heading', { name: title }, { timeout: 5000 });
  return heading.closest('form')!;
}

describe('/feeSplitting', () => {
  it('lists each configuration with its main card, split accounts, shares, channel, version and validity', async () => {
    answerWith({
      [CONFIGS]: list([
        splitConfig(),
        splitConfig({ bank_split_id: '4', bank_split_name: 'Old deal', valid: false, pay_channel: 'wechat' }),
      ]),
      [CARDS]: list([approvedCard()]),
    });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    const items = within(await screen.findByRole('list', { name: 'Split configurations' })).getAllByRole(
      'listitem',
      { name: /./ },
    );
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.textContent).toContain('China Merchants Bank 6225 **** **** 1234 张三');
    expect(first.textContent).toContain('66.5%');
    expect(first.textContent).toContain('李*四 6222 **** **** 3445');
    expect(first.textContent).toContain('33.5%');
    expect(first.textContent).toContain('All online payments');
    expect(first.textContent).toContain('Version 2');
    expect(first.textContent).toContain('Valid');
    expect(first.textContent).toContain('Used by 1 machine(s)');
    const second = items[1]!;
    expect(second.textContent).toContain('Invalid');
    expect(second.textContent).toContain('WeChat Pay');
    expect(second.textContent).toContain('Edit it.');
    expect(bodiesTo(CONFIGS)).toEqual([{ pageNum: 1, pageSize: 999, step: 'start', condition: {} }]);
    expect(bodiesTo(CARDS)).toEqual([
      { pageNum: 1, pageSize: 999, step: 'start', condition: { approved: true } },
    ]);
  });

  it('guides a merchant without an approved card to add one', async () => {
    answerWith({ [CONFIGS]: list([]), [CARDS]: list([]) });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bank card' }));
    expect(screen.getByTestId('where').textContent).toBe('/bankCard?entry=new');
  });

  it('chooses the main card of a new configuration when the merchant has only one approved card', async () => {
    answerWith({ [CONFIGS]: list([]), [CARDS]: list([approvedCard()]) });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'New split configuration' }));
    const sheet = within(await editor('New split configuration'));
    const only = await sheet.findByRole('button', { pressed: true });
    expect(only.textContent).toContain(approvedCard().acct_name);
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(sheet.queryByText('Main account cannot be empty')).toBeNull();
    expect(sheet.getByText('Split name cannot be empty')).toBeTruthy();
  });

  it('adds a configuration: main card, a split account found by number, its share, the live rest', async () => {
    answerWith({
      [CONFIGS]: list([]),
      [CARDS]: list([approvedCard(), approvedCard({ merchant_id: '8', acct_no: '6217 **** **** 9999' })]),
      [LOOKUP]: list([
        {
          merchant_id: '21',
          acct_name: '李*四',
          acct_no_encry: '6222 **** **** 3445',
          bank_code: '102',
          bank: 'ICBC',
        },
      ]),
      [ADD]: { rcode: 0, result: { bank_split_id: '9', version: 1 } },
    });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'New split configuration' }));
    const form = await editor('New split configuration');
    const sheet = within(form);

    // Sending it empty shows every message at its field, and sends nothing.
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(sheet.getByText('Split name cannot be empty').id).toBe('fs-name-error');
    expect(sheet.getByText('Main account cannot be empty')).toBeTruthy();
    expect(sheet.getByText('Add at least one split account')).toBeTruthy();

    fireEvent.change(sheet.getByLabelText(/^Split name/), { target: { value: 'Partner' } });
    fireEvent.click(sheet.getByRole('button', { name: /6217 \*{4} \*{4} 9999/ }));
    fireEvent.click(sheet.getByText('WeChat Pay'));
    expect(sheet.queryByText('Main account cannot be empty')).toBeNull();

    // A card number the schema refuses is never sent.
    fireEvent.change(sheet.getByLabelText('Card number'), { target: { value: '12' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Look up' }));
    expect(form.querySelector('#fs-card-no-error')?.textContent).toBeTruthy();
    expect(bodiesTo(LOOKUP)).toEqual([]);

    fireEvent.change(sheet.getByLabelText('Card number'), { target: { value: '6222 0212 3456 3445' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Look up' }));
    const found = await sheet.findByRole('list', { name: 'Merchants found' });
    expect(found.textContent).toContain('李*四 · ICBC 6222 **** **** 3445');
    expect(bodiesTo(LOOKUP)).toEqual([{ acct_no: '6222021234563445' }]);
    fireEvent.click(within(found).getByRole('button', { name: /^Add: / }));

    const share = sheet.getByLabelText('李*四 ··3445');
    fireEvent.change(share, { target: { value: '33.5' } });
    expect(sheet.getByText('Main 66.5% + splits 33.5% = 100%')).toBeTruthy();
    expect(sheet.getByText('The main account keeps 66.5%')).toBeTruthy();

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(ADD)).toHaveLength(1));
    expect(bodiesTo(ADD)[0]).toEqual({
      bank_split_name: 'Partner',
      main_merchant_id: '8',
      main_split_percent: 6650,
      pay_channel: 'wechat',
      split_merchant: [{ merchant_id: '21', split_percent: 3350 }],
    });
  });

  it("shows the server's refusal at its field and keeps what was typed", async () => {
    answerWith({
      [CONFIGS]: list([splitConfig()]),
      [CARDS]: list([approvedCard()]),
      [UPDATE]: {
        rcode: RCODE.SPLIT_NAME_TAKEN,
        msg: 'A split configuration of this name already exists',
      },
    });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await editor('Edit split configuration');
    const sheet = within(form);
    const share = sheet.getByLabelText('李*四 ··3445') as HTMLInputElement;
    expect(share.value).toBe('33.5');
    fireEvent.change(share, { target: { value: '40' } });
    fireEvent.change(sheet.getByLabelText(/^Split name/), { target: { value: 'Taken' } });
    expect(sheet.getByText('Main 60% + splits 40% = 100%')).toBeTruthy();
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    const name = sheet.getByLabelText(/^Split name/) as HTMLInputElement;
    expect((await sheet.findByText('A split configuration of this name already exists')).id).toBe(
      'fs-name-error',
    );
    expect(name.value).toBe('Taken');
    expect(share.value).toBe('40');
    expect(bodiesTo(UPDATE)[0]).toMatchObject({
      bank_split_id: '3',
      main_split_percent: 6000,
      split_merchant: [{ merchant_id: '21', split_percent: 4000 }],
    });
  });

  it('answers where an order’s money went, for those who hold payout records', async () => {
    answerWith({
      [CONFIGS]: list([splitConfig()]),
      [CARDS]: list([approvedCard()]),
      [ROUTE]: {
        rcode: 0,
        result: {
          orderno: 'O123',
          sn: 'SN001',
          client: 'wechat',
          lines: [
            {
              merchant_id: '7',
              acct_name: '张三',
              acct_no_encry: '6225 **** **** 1234',
              role: 'main',
              split_percent: 6650,
              kind: 'payment',
              amount: 666,
              settle_id: 12,
              time: Date.UTC(2026, 2, 17, 2),
            },
            {
              merchant_id: '21',
              acct_name: '李*四',
              acct_no_encry: '6222 **** **** 3445',
              role: 'split',
              split_percent: 3350,
              kind: 'refund',
              amount: -334,
              settle_id: null,
              time: Date.UTC(2026, 2, 17, 3),
            },
          ],
        },
      },
    });
    renderScreen(makeUser(), '/feeSplitting', <FeeSplittingScreen />);
    fireEvent.change(await screen.findByLabelText('Order number'), { target: { value: ' O123 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const lines = await screen.findByRole('list', { name: 'Where the money of order O123 went' });
    const [main, split] = within(lines).getAllByRole('listitem');
    expect(main!.textContent).toContain('Main account');
    expect(main!.textContent).toContain('Payment · Share 66.5%');
    expect(main!.textContent).toContain('¥6.66');
    expect(main!.textContent).toContain('Settled');
    expect(split!.textContent).toContain('Split account');
    expect(split!.textContent).toContain('Refund · Share 33.5%');
    expect(split!.textContent).toContain('-¥3.34');
    // A split account's money is settled by the card's owner: the seller is not told it is unsettled.
    expect(split!.textContent).toContain("Settled by the card's owner");
    expect(split!.textContent).not.toContain('Not settled');
    expect(bodiesTo(ROUTE)).toEqual([{ orderno: 'O123' }]);
  });

  it('offers staff with bank cards only (1029, not 1036) no trade route and no profit sharing', async () => {
    answerWith({ [CONFIGS]: list([splitConfig()]), [CARDS]: list([approvedCard()]) });
    renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.BankManage] }),
      '/feeSplitting',
      <FeeSplittingScreen />,
    );
    expect(await screen.findByRole('list', { name: 'Split configurations' })).toBeTruthy();
    expect(screen.queryByLabelText('Order number')).toBeNull();
    expect(screen.queryByRole('link', { name: /Profit sharing/ })).toBeNull();
  });
});
