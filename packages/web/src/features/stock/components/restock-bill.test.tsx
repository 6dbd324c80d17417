import { QueryClientProvider } from '@tanstack/react-query';
import type { RestockBill as Bill } from '@vendo/contract/api/stock';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import stockTexts from '../../../i18n/resources/stock';
import { setApiNavigator } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { createQueryClient } from '../../../lib/query-client';
import { RestockBill } from './restock-bill';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/download', () => ({ saveFile: vi.fn() }));

const cola = { goods_id: 1, goods_name: 'Cola', img: '', price: 350 };
const chips = { goods_id: 2, goods_name: 'Chips', img: '', price: 500 };

const BILL: Bill = {
  store: { _id: 9, store_name: 'Coastal City' },
  area: { _id: 3, area_name: 'Nanshan' },
  generated_at: Date.UTC(2026, 0, 2, 4, 5, 6),
  devices: [
    {
      sn: '860000000001',
      title: 'Lobby',
      need: 7,
      lines: [
        { channel_sn: '1', name: 'A1', goods_detail: cola, quantity: 2, capacity: 8, need: 6 },
        { channel_sn: '2', name: 'A2', goods_detail: chips, quantity: 9, capacity: 10, need: 1 },
      ],
    },
  ],
  goods: [
    { goods_detail: cola, need: 6, store_stock: 24 },
    { goods_detail: chips, need: 1, store_stock: 0 },
  ],
  need: 7,
};

const FILE = { filename: 'restock.xlsx', content_type: 'application/x-test', data: 'UEs=' };

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const answer = (result: unknown) =>
  new Response(JSON.stringify({ rcode: 0, msg: 'OK', result }), {
    headers: { 'content-type': 'application/json' },
  });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  registerNamespace('stock', stockTexts);
  await i18n.changeLanguage('en-US');
  fetchMock.mockImplementation((input) =>
    Promise.resolve(answer(input === '/api/v1/i/exportRestockBill' ? FILE : BILL)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('restock bill', () => {
  it('lists what to bring per goods and per machine shelf, and downloads the spreadsheet', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RestockBill store={9} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    await screen.findByRole('region', { name: 'Restock bill: Coastal City' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({ store: 9 });
    expect(screen.getByText('Nanshan · Coastal City')).toBeTruthy();
    expect(screen.getByText('Store keeps 24')).toBeTruthy();
    // The packing list and the machine round both name each line's quantity.
    expect(screen.getAllByText('×6')).toHaveLength(2);
    expect(screen.getAllByText('×7')).toHaveLength(1);
    expect(screen.getByText('holds 2/8')).toBeTruthy();
    expect(screen.queryByText('Every shelf is full: nothing to bring.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Download the restock bill/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(FILE));
  });
});
