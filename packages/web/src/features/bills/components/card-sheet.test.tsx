import { QueryClientProvider } from '@tanstack/react-query';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { setApiNavigator } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { createQueryClient } from '../../../lib/query-client';
import { CardSheet } from './card-sheet';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const FIRST = Date.UTC(2026, 9, 2, 1, 0);
const LAST = Date.UTC(2026, 10, 25, 6, 0);

const CARD = {
  cardno: 'C-001',
  client: 'iccard',
  client_text: 'IC card',
  count: 2,
  amount: 630,
  refund: 280,
  first_time: FIRST,
  last_time: LAST,
  orders: [
    { orderno: 'card-2', sn: '8600000001', amount: 350, status: 3, status_text: 'Success', time: LAST },
    {
      orderno: 'card-1',
      sn: '8600000002',
      amount: 280,
      status: 9,
      status_text: 'Manual refund',
      time: FIRST,
    },
  ],
};

const NEVER = { ...CARD, cardno: 'C-404', client: '', client_text: '', count: 0, amount: 0, refund: 0 };

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const envelope = (rcode: number, msg: string, result: unknown = null) =>
  new Response(JSON.stringify({ rcode, msg, result }), { headers: { 'content-type': 'application/json' } });
const asked = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)) as { cardno: string });

function renderLookup(cardno: string) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <CardSheet visible cardno={cardno} onClose={() => undefined} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  registerNamespace('bills', billsTexts);
  await i18n.changeLanguage('en-US');
  fetchMock.mockImplementation((_input, init) => {
    const { cardno } = JSON.parse(String(init.body)) as { cardno: string };
    if (cardno === 'C-001') return Promise.resolve(envelope(0, 'OK', CARD));
    if (cardno === 'C-404') return Promise.resolve(envelope(0, 'OK', { ...NEVER, orders: [] }));
    return Promise.resolve(envelope(RCODE.INVALID_PARAM, 'Card number: Invalid value'));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('card lookup', () => {
  it("shows a tapped card's totals and latest orders at once", async () => {
    renderLookup('C-001');
    const card = await screen.findByRole('region', { name: 'C-001' });
    expect(asked()).toEqual([{ cardno: 'C-001' }]);
    expect(card.textContent).toContain('IC card');
    expect(screen.getByText('Uses').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Spent').nextSibling?.textContent).toBe('¥6.30');
    expect(screen.getByText('Refunded').nextSibling?.textContent).toBe('¥2.80');
    expect(screen.getByText('First use').nextSibling?.textContent).toBe(formatDateTime(FIRST));
    // A refunded sale reads as refunded, not in the success colour its sale had.
    expect(screen.getByText('Manual refund').getAttribute('data-tone')).toBe('refunded');
    expect(screen.getByText('Success').getAttribute('data-tone')).toBe('success');
    // Each order opens the sales bills of its day (Shanghai) narrowed to it, where it can be refunded.
    expect(screen.getByText('card-2').closest('a')?.getAttribute('href')).toBe(
      '/buyBill?range=day&from=2026-11-25&order_no=card-2',
    );
    expect(screen.getByText('card-1').closest('a')?.getAttribute('href')).toBe(
      '/buyBill?range=day&from=2026-10-02&order_no=card-1',
    );
  });

  it('opens on the search box, then looks a card up, one that was never used, and a refused number', async () => {
    renderLookup('');
    expect(await screen.findByText(billsTexts['en-US'].card.intro)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const box = screen.getByPlaceholderText('Card number');
    fireEvent.change(box, { target: { value: ' C-404 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText(billsTexts['en-US'].card.none)).toBeTruthy();
    expect(asked()).toEqual([{ cardno: 'C-404' }]);
    fireEvent.change(box, { target: { value: 'x'.repeat(65) } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Card number: Invalid value'),
    );
  });
});
