import type { GiftBatch } from '@vendo/contract/api/gifts';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import GiftScreen from './gift-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../components/dialog/confirm', () => ({ confirmAction: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../../lib/download', () => ({ downloadUrl: vi.fn() }));

const LIST = '/api/v1/h/getGift';
const MACHINES = '/api/v1/b/getGiftHubDev';
const GOODS = '/api/v1/g/getGoods';
const ADD = '/api/v1/b/addGift';
const DISABLE = '/api/v1/b/disableGift';
const DOWNLOAD = '/api/v1/b/download';
const CODES = '/api/v1/b/getGiftCodes';

const list = (data: unknown[]) => ({ rcode: 0, result: { data, count: data.length } });

function batch(overrides: Partial<GiftBatch> = {}): GiftBatch {
  return {
    gift_id: 5,
    name: 'Opening day',
    status: 'downloaded',
    create_time: Date.UTC(2026, 10, 20, 2),
    salesman: 'Li',
    start_date: '2026-11-20',
    end_date: '2026-12-31',
    weekdays: [6, 7],
    points: 10,
    note: 'for the opening',
    device_sn: ['880001'],
    gifts: [{ goods_id: 3, goods_name: 'Cola' }],
    quantity: 5,
    counts: { unused: 0, downloaded: 3, used: 2, revoked: 0, deleted: 0, invalid: 0 },
    downloaded_at: Date.UTC(2026, 10, 20, 3),
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

describe('/gift', () => {
  it('lists each batch with its state, counts per state, period, weekdays, gifts and machines', async () => {
    answerWith({ [LIST]: list([batch(), batch({ gift_id: 6, name: 'Old', status: 'revoked' })]) });
    renderScreen(makeUser(), '/gift', <GiftScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening day' });
    expect(card.textContent).toContain('Downloaded');
    expect(card.textContent).toContain('Downloaded 3');
    expect(card.textContent).toContain('Used 2');
    expect(card.textContent).toContain('2026-11-20 ~ 2026-12-31');
    expect(card.textContent).toContain('Sat, Sun');
    expect(card.textContent).toContain('Cola');
    expect(card.textContent).toContain('880001');
    const old = screen.getByRole('listitem', { name: 'Old' });
    // A revoked batch offers delete, not revoke.
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(within(old).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('revokes with a confirmation, downloads the file', async () => {
    answerWith({
      [LIST]: list([batch()]),
      [DISABLE]: { rcode: 0, result: { gift_id: 5, status: 'revoked' } },
      [DOWNLOAD]: { rcode: 0, result: { url: 'http://x/f', filename: 'f.xlsx', expires_at: 1 } },
    });
    renderScreen(makeUser(), '/gift', <GiftScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening day' });
    fireEvent.click(within(card).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(bodiesTo(DISABLE)).toEqual([{ gift_id: 5, action: 'revoke' }]));
    fireEvent.click(within(card).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bodiesTo(DOWNLOAD)).toEqual([{ gift_id: 5, format: 'xlsx' }]));
  });

  it('filters by state and opens the printable QR sheet', async () => {
    answerWith({
      [LIST]: list([batch()]),
      [CODES]: {
        rcode: 0,
        result: {
          gift_id: 5,
          name: 'Opening day',
          codes: [
            {
              code: 'ABCD-EFGH-JKMN',
              status: 'downloaded',
              url: 'http://x/buy/1?gift=A',
              qr: 'data:image/svg+xml;base64,PHN2Zy8+',
            },
          ],
        },
      },
    });
    renderScreen(makeUser(), '/gift', <GiftScreen />);
    const card = await screen.findByRole('listitem', { name: 'Opening day' });
    fireEvent.click(screen.getByText('Revoked'));
    await waitFor(() =>
      expect(bodiesTo(LIST).at(-1)).toMatchObject({ pageNum: 1, condition: { status: 'revoked' } }),
    );
    // "All" brings every batch back (the list as it opened, answered from the cache).
    const chip = (label: string) => screen.getByText(label).closest('.adm-selector-item');
    expect(chip('Revoked')?.classList.contains('adm-selector-item-active')).toBe(true);
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(chip('All')?.classList.contains('adm-selector-item-active')).toBe(true));
    expect(chip('Revoked')?.classList.contains('adm-selector-item-active')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Print QR codes' }));
    const sheet = await screen.findByTestId('gift-print-sheet', {}, { timeout: 5000 });
    await within(sheet).findByRole('img', { name: 'ABCD-EFGH-JKMN' });
    expect(bodiesTo(CODES)).toEqual([{ gift_id: 5 }]);
  });

  it('adds a batch: every rule at its field, the server refusal at its field, nothing typed lost', async () => {
    let refuse = true;
    answerWith({
      [LIST]: list([]),
      [MACHINES]: list([
        { sn: '880001', title: 'Lobby', type: 'vm', alive: 1, store_name: 'Mall' },
        { sn: '880002', title: 'Gate', type: 'vm', alive: 1, store_name: '' },
      ]),
      [GOODS]: list([
        {
          goods_id: 3,
          goods_name: 'Cola',
          price: 300,
          cost_price: 100,
          goods_code: '',
          sold: 0,
          tags: '',
          goods_detail: { _id: 3, description: '', duration: 0, goods_type: '', img: '', detail_intro: '' },
          detail_imgs: [],
          created_by_me: true,
          create_time: 1,
          update_time: 1,
        },
      ]),
      [ADD]: () =>
        refuse
          ? { rcode: RCODE.GIFT_DEVICE_INVALID, msg: 'Machine 880002 is not one of yours' }
          : { rcode: 0, result: { gift_id: 9, quantity: 20 } },
    });
    renderScreen(makeUser(), '/gift', <GiftScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New gift voucher/ }))[0]!);
    const heading = await screen.findByRole('heading', { name: 'New gift voucher' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);

    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#gift-name-error')?.textContent).toBe('Name cannot be empty');
    expect(form.querySelector('#gift-quantity-error')?.textContent).toBeTruthy();
    expect(form.querySelector('#gift-machines-error')?.textContent).toBe('Choose at least one machine');
    expect(form.querySelector('#gift-goods-error')?.textContent).toBe('Choose at least one gift');
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.change(sheet.getByLabelText(/^Name/), { target: { value: 'Spring' } });
    fireEvent.change(sheet.getByLabelText(/^Number of codes/), { target: { value: '2000' } });
    fireEvent.click(await sheet.findByText(/Gate · 880002/));
    fireEvent.click(sheet.getByText('Cola'));
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    expect(form.querySelector('#gift-quantity-error')?.textContent).toBe(
      'The number of codes must be between 1 and 1000',
    );
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.change(sheet.getByLabelText(/^Number of codes/), { target: { value: '20' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(form.querySelector('#gift-machines-error')?.textContent).toBe(
        'Machine 880002 is not one of yours',
      ),
    );
    expect(bodiesTo(ADD)[0]).toMatchObject({
      name: 'Spring',
      device_sn: ['880002'],
      gifts: [3],
      quantity: 20,
      points: 0,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    // Nothing typed is lost.
    expect((sheet.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Spring');
    refuse = false;
    fireEvent.click(sheet.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(ADD)).toHaveLength(2));
  });
});
