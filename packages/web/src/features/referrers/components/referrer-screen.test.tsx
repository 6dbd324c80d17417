import type { Referrer, ReferrerDay } from '@vendo/contract/api/referrers';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import type * as ReferrersApi from '../api/referrers-api';
import ReferrerScreen from './referrer-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
// The person confirms: the delete call goes out.
vi.mock('../../../components/dialog/confirm', () => ({
  confirmDelete: vi.fn(async ({ remove }: { remove: () => Promise<unknown> }) => {
    await remove();
    return true;
  }),
}));
// The device list's answer is the whole device with its settings: the link sheet needs only sn and title.
vi.mock('../api/referrers-api', async (original) => ({
  ...(await original<typeof ReferrersApi>()),
  useMachines: () => ({ data: { data: [{ sn: '880001', title: 'Lobby' }], count: 1 }, isSuccess: true }),
}));

const LIST = '/api/v1/b/getReferrer';
const ADD = '/api/v1/b/addReferrer';
const EDIT = '/api/v1/b/editReferrer';
const DEL = '/api/v1/b/delReferrer';
const DAYS = '/api/v1/b/getReferrerCommission';
const LINK = '/api/v1/b/getReferrerLink';

const list = (data: unknown[]) => ({ rcode: 0, result: { data, count: data.length } });

function referrer(over: Partial<Referrer> = {}): Referrer {
  return {
    referrer_id: 4,
    referrer_name: 'Li Lei',
    referrer_no: 'S001',
    commission: 1250,
    remarks: 'north gate',
    create_time: Date.UTC(2026, 10, 20),
    sale_count: 3,
    commission_amt: 112,
    ...over,
  };
}

const day = (over: Partial<ReferrerDay> = {}): ReferrerDay => ({
  day: '2026-11-26',
  referrer_id: 4,
  referrer_name: 'Li Lei',
  referrer_no: 'S001',
  deleted: 0,
  sale_count: 2,
  paid_amt: 600,
  refund_amt: 100,
  commission_amt: 62,
  ...over,
});

const days = (rows: ReferrerDay[]) => ({
  rcode: 0,
  result: {
    data: rows,
    count: rows.length,
    totals: { sale_count: 2, paid_amt: 600, refund_amt: 100, commission_amt: 62 },
    range: { start_time: 0, end_time: 1 },
  },
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/referrer', () => {
  it('lists referrers with number, commission, sales and earnings, and the commission per day', async () => {
    answerWith({
      [LIST]: list([referrer(), referrer({ referrer_id: 5, referrer_name: 'Han', referrer_no: '' })]),
      [DAYS]: days([day(), day({ referrer_id: 5, referrer_name: 'Gone', deleted: 1 })]),
    });
    renderScreen(makeUser(), '/referrer', <ReferrerScreen />);
    const card = await screen.findByRole('listitem', { name: 'Li Lei' });
    expect(card.textContent).toContain('S001');
    expect(card.textContent).toContain('12.5%');
    expect(card.textContent).toContain('¥1.12');
    expect(card.textContent).toContain('north gate');
    expect(screen.getByRole('listitem', { name: 'Han' }).textContent).toContain('Not set');
    const perDay = await screen.findByRole('list', { name: 'Commission per day' });
    expect(perDay.textContent).toContain('2026-11-26 · Li Lei');
    expect(perDay.textContent).toContain('¥0.62');
    expect(perDay.textContent).toContain('Deleted');
    expect(screen.getByText(/Total: 2 sale\(s\), paid ¥6.00, commission ¥0.62/)).toBeTruthy();
    const asked = bodiesTo(DAYS)[0] as { condition: { start_time: number; end_time: number } };
    expect(asked.condition.start_time).toBeLessThan(asked.condition.end_time);

    // Searching by name or number asks the server with the keyword.
    const search = screen.getByPlaceholderText('Search name or number');
    fireEvent.change(search, { target: { value: 'S00' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodiesTo(LIST).at(-1)).toMatchObject({ condition: { keyword: 'S00' } }));
  });

  it('adds a referrer: every rule at its field, the server refusal at its field, nothing typed lost', async () => {
    let refuse = true;
    answerWith({
      [LIST]: list([]),
      [DAYS]: days([]),
      [ADD]: () =>
        refuse
          ? {
              rcode: RCODE.REFERRER_NO_TAKEN,
              msg: 'Referrer number S001 is already used by another referrer',
            }
          : { rcode: 0, result: { referrer_id: 9 } },
    });
    renderScreen(makeUser(), '/referrer', <ReferrerScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /Add referrer/ }))[0]!);
    const heading = await screen.findByRole('heading', { name: 'New referrer' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#referrer-name-error')?.textContent).toBe('Referrer name cannot be empty');
    expect(form.querySelector('#referrer-commission-error')?.textContent).toBe('Commission cannot be empty');

    fireEvent.change(sheet.getByLabelText(/^Referrer name/), { target: { value: 'Li Lei' } });
    fireEvent.change(sheet.getByLabelText(/^Referrer number/), { target: { value: 'S 1' } });
    fireEvent.change(sheet.getByLabelText(/^Commission/), { target: { value: '12.345' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#referrer-no-error')?.textContent).toBe(
      'A referrer number may hold only letters, digits, - and _',
    );
    expect(form.querySelector('#referrer-commission-error')?.textContent).toBe(
      'Commission must be between 0 and 100% with at most 2 decimals',
    );
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.change(sheet.getByLabelText(/^Referrer number/), { target: { value: 'S001' } });
    fireEvent.change(sheet.getByLabelText(/^Commission/), { target: { value: '12.5' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.querySelector('#referrer-no-error')?.textContent).toBe(
        'Referrer number S001 is already used by another referrer',
      ),
    );
    expect(bodiesTo(ADD)).toEqual([
      { referrer_name: 'Li Lei', referrer_no: 'S001', commission: 1250, remarks: '' },
    ]);
    // Nothing typed is lost.
    expect((sheet.getByLabelText(/^Referrer name/) as HTMLInputElement).value).toBe('Li Lei');
    expect((sheet.getByLabelText(/^Commission/) as HTMLInputElement).value).toBe('12.5');

    refuse = false;
    fireEvent.change(sheet.getByLabelText(/^Referrer number/), { target: { value: 'S002' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(ADD)).toHaveLength(2));
  });

  it('edits with the values filled in, deletes after a confirmation, shows the link and QR code', async () => {
    answerWith({
      [LIST]: list([referrer()]),
      [DAYS]: days([]),
      [EDIT]: { rcode: 0, result: { referrer_id: 4 } },
      [DEL]: { rcode: 0, result: { referrer_id: 4 } },
      [LINK]: {
        rcode: 0,
        result: { url: 'http://shop.example/buy/880001?ref=4', qr: 'data:image/svg+xml;base64,PHN2Zy8+' },
      },
    });
    renderScreen(makeUser(), '/referrer', <ReferrerScreen />);
    const card = await screen.findByRole('listitem', { name: 'Li Lei' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const heading = await screen.findByRole('heading', { name: 'Edit referrer' }, { timeout: 5000 });
    const sheet = within(heading.closest('form')!);
    expect((sheet.getByLabelText(/^Commission/) as HTMLInputElement).value).toBe('12.5');
    fireEvent.change(sheet.getByLabelText(/^Commission/), { target: { value: '15' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesTo(EDIT)).toEqual([
        {
          referrer_id: 4,
          referrer_name: 'Li Lei',
          referrer_no: 'S001',
          commission: 1500,
          remarks: 'north gate',
        },
      ]),
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Link and QR code' }));
    const qr = await screen.findByAltText('Referral QR code of Li Lei', {}, { timeout: 5000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('referrer-url').textContent).toBe('http://shop.example/buy/880001?ref=4');
    await waitFor(() => expect(bodiesTo(LINK)).toEqual([{ referrer_id: 4, sn: '880001' }]));

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo(DEL)).toEqual([{ referrer_id: 4 }]));
  }, 20_000);
});
