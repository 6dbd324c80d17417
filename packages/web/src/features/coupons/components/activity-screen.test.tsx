import type { Coupon } from '@vendo/contract/api/coupons';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import ActivityScreen from './activity-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
// The person confirms: the delete call goes out.
vi.mock('../../../components/dialog/confirm', () => ({
  confirmDelete: vi.fn(async ({ remove }: { remove: () => Promise<unknown> }) => {
    await remove();
    return true;
  }),
}));

const LIST = '/api/v1/b/getCoupon';
const ADD = '/api/v1/b/addCoupon';
const EDIT = '/api/v1/b/editCoupon';
const DEL = '/api/v1/b/delCoupon';
const RECEIPTS = '/api/v1/b/getCardCouponList';
const STORES = '/api/v1/u/getAllStore';
const GOODS = '/api/v1/g/getGoods';

const list = (data: unknown[], count = data.length) => ({ rcode: 0, result: { data, count } });

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    coupon_id: 4,
    name: 'Opening 8.5',
    type: 'rate',
    rate: 8500,
    reduce: 0,
    condition: 0,
    scope: 'stores',
    store_ids: [2],
    goods_ids: [],
    targets: [{ id: 2, name: 'Mall' }],
    quantity: 100,
    receive_limit: 2,
    points: 0,
    receive_start: '2026-11-20',
    receive_end: '2026-12-20',
    use_start: '2026-11-20',
    use_end: '2099-12-31',
    weekdays: [6, 7],
    referrer_id: 0,
    received: 12,
    used: 5,
    create_time: Date.UTC(2026, 10, 20, 2),
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/activity', () => {
  it('lists each coupon with its offer, scope, counts, windows and weekdays; pages beyond 10', async () => {
    answerWith({
      [LIST]: list(
        [
          coupon(),
          coupon({
            coupon_id: 5,
            name: 'Two off',
            type: 'reduce',
            rate: 0,
            reduce: 200,
            condition: 1000,
            scope: 'all',
            store_ids: [],
            targets: [],
          }),
        ],
        12,
      ),
    });
    renderScreen(makeUser(), '/activity', <ActivityScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening 8.5' });
    expect(card.textContent).toContain('85% of the price');
    expect(card.textContent).toContain('Chosen stores: Mall');
    expect(card.textContent).toContain('12 / 100');
    expect(card.textContent).toContain('2026-11-20 ~ 2099-12-31');
    expect(card.textContent).toContain('Sat, Sun');
    const other = screen.getByRole('listitem', { name: 'Two off' });
    expect(other.textContent).toContain('2.00 off from 10.00');
    expect(screen.getByText('Coupons: 12')).toBeTruthy();
    // 12 coupons: the pagination shows.
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('deletes with a confirmation; shows the receipts with count and useCount', async () => {
    answerWith({
      [LIST]: list([coupon()]),
      [DEL]: { rcode: 0, result: { coupon_id: 4 } },
      [RECEIPTS]: {
        rcode: 0,
        result: {
          data: [
            {
              receipt_id: 1,
              coupon_id: 4,
              coupon_name: 'Opening 8.5',
              customer: 'wechat:oAbc…wxyz',
              status: 'used',
              points: 0,
              received_at: Date.UTC(2026, 10, 21, 2),
              used_at: Date.UTC(2026, 10, 21, 3),
              order_no: 'N1',
              sn: '880001',
              discount: 45,
            },
          ],
          count: 12,
          useCount: 5,
        },
      },
    });
    renderScreen(makeUser(), '/activity', <ActivityScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening 8.5' });
    fireEvent.click(within(card).getByRole('button', { name: 'Receipts' }));
    expect(
      (await screen.findByTestId('coupon-receipt-summary', undefined, { timeout: 5000 })).textContent,
    ).toBe('12 received, 5 used');
    expect(bodiesTo(RECEIPTS)[0]).toMatchObject({ condition: { coupon_id: 4 } });
    const receipt = await screen.findByRole('listitem', { name: 'Opening 8.5 wechat:oAbc…wxyz' });
    expect(receipt.textContent).toContain('¥0.45');
    expect(receipt.textContent).toContain('N1');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo(DEL)).toEqual([{ coupon_id: 4 }]));
  });

  it('adds a coupon: every rule at its field, the server refusal at its field, nothing typed lost', async () => {
    let refuse = true;
    answerWith({
      [LIST]: list([]),
      [STORES]: list([]),
      [GOODS]: list([]),
      [ADD]: () =>
        refuse
          ? { rcode: RCODE.COUPON_LIMIT_RANGE, msg: 'The per-customer limit must be 1 to 100' }
          : { rcode: 0, result: { coupon_id: 9 } },
    });
    renderScreen(makeUser(), '/activity', <ActivityScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New coupon/ }))[0]!);
    const heading = await screen.findByRole('heading', { name: 'New coupon' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#coupon-name-error')?.textContent).toBe('Name cannot be empty');
    expect(form.querySelector('#coupon-quantity-error')?.textContent).toBeTruthy();
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.change(sheet.getByLabelText(/^Name/), { target: { value: 'Spring' } });
    fireEvent.change(sheet.getByLabelText(/^Rate/), { target: { value: '10' } });
    fireEvent.change(sheet.getByLabelText(/^Quantity/), { target: { value: '50' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#coupon-zhe-error')?.textContent).toBe(
      'The rate must make the customer pay between 0.01% and 99.99% of the price',
    );
    expect(bodiesTo(ADD)).toEqual([]);

    // Scoped to chosen stores with none chosen: said at the scope.
    fireEvent.change(sheet.getByLabelText(/^Rate/), { target: { value: '8.5' } });
    fireEvent.click(sheet.getByText('Chosen stores'));
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#coupon-scope-error')?.textContent).toBe(
      'Choose the stores or goods the coupon is good for',
    );
    fireEvent.click(sheet.getByText('All machines'));

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.querySelector('#coupon-limit-error')?.textContent).toBe(
        'The per-customer limit must be 1 to 100',
      ),
    );
    expect(bodiesTo(ADD)[0]).toMatchObject({
      name: 'Spring',
      type: 'rate',
      rate: 8500,
      scope: 'all',
      quantity: 50,
      receive_limit: 1,
      points: 0,
      referrer_id: 0,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect((sheet.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Spring');
    expect((sheet.getByLabelText(/^Rate/) as HTMLInputElement).value).toBe('8.5');
    refuse = false;
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(ADD)).toHaveLength(2));
  });

  it('edits a coupon with its values in the form', async () => {
    answerWith({
      [LIST]: list([coupon()]),
      [STORES]: list([]),
      [GOODS]: list([]),
      [EDIT]: { rcode: 0, result: { coupon_id: 4 } },
    });
    renderScreen(makeUser(), '/activity', <ActivityScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening 8.5' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const heading = await screen.findByRole('heading', { name: 'Edit coupon' }, { timeout: 5000 });
    const sheet = within(heading.closest('form')!);
    expect((sheet.getByLabelText(/^Rate/) as HTMLInputElement).value).toBe('8.5');
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesTo(EDIT)[0]).toMatchObject({ coupon_id: 4, rate: 8500, store_ids: [2], weekdays: [6, 7] }),
    );
  });
});
