import { QueryClientProvider } from '@tanstack/react-query';
import type { Channel } from '@vendo/contract/api/devices';
import type { Bill } from '@vendo/contract/api/orders';
import { RCODE } from '@vendo/contract/rcodes';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import type { OperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { setApiNavigator } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { BillSheet } from './bill-sheet';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const FAILED: Bill = {
  orderno: 'V2026112500042',
  merchant_order: '4200000042',
  client: 'wechat',
  client_text: 'WeChat Pay',
  kind: 'goods',
  status: 4,
  status_text: 'Delivery failed (Motor fault)',
  abnormal: false,
  refund: 0,
  refunding: 0,
  refundable: 350,
  refund_eligibility: 0,
  area: { _id: 1, area_name: 'North' },
  store: { _id: 2, store_name: 'Station' },
  amount: 350,
  time: Date.UTC(2026, 10, 25, 6, 0),
  sn: '8600000001',
  device_title: 'Lobby',
  cardno: '',
  payer: '',
  goods: [
    {
      goods_id: 7,
      goods_name: 'Cola',
      img: '',
      channel_sn: 1,
      price: 350,
      quantity: 1,
      delivered: 0,
      err: '1',
      err_text: 'Motor fault',
      cost_price: null,
    },
  ],
  game: null,
  remarks: '',
  refunds: [],
  cost_price: null,
  create_time: Date.UTC(2026, 10, 25, 6, 0),
  finish_time: null,
};

function shelf(id: number, name: string, quantity: number, enabled: 0 | 1 = 1): Channel {
  return {
    id,
    status: 0,
    status_text: '',
    position: id,
    channel_sn: id,
    name,
    price: 350,
    game_price: 0,
    quantity,
    capacity: 10,
    probability: 0,
    difficulty: 'normal',
    enabled,
    goods_id: 7,
    goods: { goods_id: 7, goods_name: name, img: '' },
  };
}

const SHELVES = {
  data: [shelf(1, 'Cola', 0), shelf(2, 'Cola', 4), shelf(3, 'Water', 6, 0)],
  count: 3,
  device: { sn: FAILED.sn, title: 'Lobby', type: 'vm', alive: 1 },
};

const REFUND_ANSWER = {
  orderno: FAILED.orderno,
  refund: {
    refund_no: 'RF1',
    amount: 350,
    kind: 'offline',
    status: 'success',
    status_text: 'Refunded',
    remarks: '',
    operator: null,
    fail_reason: '',
    create_time: 1,
    finish_time: 1,
  },
  order_status: 9,
  order_status_text: 'Manual refund',
  refunded: 350,
  refunding: 0,
  refundable: 0,
};

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const envelope = (rcode: number, msg: string, result: unknown = null) =>
  new Response(JSON.stringify({ rcode, msg, result }), { headers: { 'content-type': 'application/json' } });
const sent = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => input === path).map(([, init]) => JSON.parse(String(init.body)));

const guard: OperGuard = { guard: (action) => action('sign-1'), expire: vi.fn(), popup: null };

function renderSheet(bill: Bill, props: { mayRefund?: boolean; seesShelves?: boolean } = {}) {
  const onCard = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BillSheet
        visible
        bill={bill}
        mayRefund={props.mayRefund ?? true}
        seesShelves={props.seesShelves ?? true}
        guard={guard}
        onCard={onCard}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onCard, onClose };
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  registerNamespace('bills', billsTexts);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(toast).mockReset();
});

describe('vending a failed order again', () => {
  it('picks another shelf that holds the goods and sends /b/replaceGoods with the sign', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        input === '/api/v1/c/getDevChannel'
          ? envelope(0, 'OK', SHELVES)
          : envelope(0, 'OK', {
              orderno: FAILED.orderno,
              status: 2,
              status_text: 'Abnormal',
              items: [{ channel_sn: 2, quantity: 1, delivered: 1, fault: 0, fault_text: '' }],
            }),
      ),
    );
    const { onClose } = renderSheet(FAILED);
    expect(await screen.findByText(billsTexts['en-US'].detail.undelivered)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vend again' }));
    // The empty shelf 1 and the disabled shelf 3 cannot vend: shelf 2 is offered and chosen.
    const choice = await screen.findByRole('radio', { name: /#2 Cola · 4 left/ });
    expect((choice as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /#1 / })).toBeNull();
    expect(screen.queryByRole('radio', { name: /#3 / })).toBeNull();
    expect(sent('/api/v1/c/getDevChannel')).toEqual([{ sn: FAILED.sn }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vend' }));
    });
    await waitFor(() =>
      expect(sent('/api/v1/b/replaceGoods')).toEqual([
        { orderno: FAILED.orderno, channel_sn: 2, sign: 'sign-1' },
      ]),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Vended again', { icon: 'success' }));
    // The order is dealt with: the detail closes too, back to the list.
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the machine's refusal on screen", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        input === '/api/v1/c/getDevChannel'
          ? envelope(0, 'OK', SHELVES)
          : envelope(RCODE.DELIVERY_FAILED, 'Delivery failed: Motor fault'),
      ),
    );
    const { onClose } = renderSheet(FAILED);
    fireEvent.click(screen.getByRole('button', { name: 'Vend again' }));
    await screen.findByRole('radio', { name: /#2 Cola/ });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vend' }));
    });
    expect(await screen.findByText(/Delivery failed: Motor fault/)).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets those who cannot list shelves type a number, refusing one that is not', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(envelope(0, 'OK', { orderno: FAILED.orderno, status: 2, status_text: '', items: [] })),
    );
    renderSheet({ ...FAILED, status: 5, abnormal: true }, { seesShelves: false });
    fireEvent.click(screen.getByRole('button', { name: 'Vend again' }));
    const input = await screen.findByLabelText('Shelf number');
    fireEvent.change(input, { target: { value: 'A1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vend' }));
    expect(await screen.findByText('Enter a valid shelf number')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vend' }));
    });
    // Empty: the order's own shelf, which the server takes when channel_sn is left out.
    await waitFor(() =>
      expect(sent('/api/v1/b/replaceGoods')).toEqual([{ orderno: FAILED.orderno, sign: 'sign-1' }]),
    );
  });

  it('is not offered without the refund permission', async () => {
    renderSheet(FAILED, { mayRefund: false });
    await screen.findByText(FAILED.orderno);
    expect(screen.queryByRole('button', { name: 'Vend again' })).toBeNull();
  });

  it.each([
    ['delivered', { status: 3, status_text: 'Success', goods: [{ ...FAILED.goods[0]!, err: '' }] }],
    ['being refunded', { status: 99, refunding: 350, refundable: 0 }],
    ['failed and partly refunded', { refund: 100, refundable: 250 }],
  ])('is not offered for an order %s', async (_, change) => {
    renderSheet({ ...FAILED, ...change });
    await screen.findByText(FAILED.orderno);
    expect(screen.queryByRole('button', { name: 'Vend again' })).toBeNull();
    expect(screen.queryByText(billsTexts['en-US'].detail.undelivered)).toBeNull();
  });
});

describe('refunds', () => {
  it('records an offline refund through /b/offlineRefund', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(0, 'OK', REFUND_ANSWER)));
    const { onClose } = renderSheet(FAILED);
    expect(await screen.findByRole('button', { name: 'Confirm refund' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Offline (cash handed back)' }));
    expect(screen.getByText(billsTexts['en-US'].refund.offlineHint)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record offline refund' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = sent('/api/v1/b/offlineRefund');
    expect(body).toMatchObject({ orderno: FAILED.orderno, part_refund: false, sign: 'sign-1' });
    expect(body.idempotency_key).toMatch(/^rf-/);
    expect(body).not.toHaveProperty('offline');
    expect(sent('/api/v1/b/refund')).toEqual([]);
    expect(toast).toHaveBeenCalledWith('Offline refund recorded', { icon: 'success' });
  });

  it('refunds a custom amount through the payment channel by default', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        envelope(0, 'OK', { ...REFUND_ANSWER, refund: { ...REFUND_ANSWER.refund, kind: 'manual' } }),
      ),
    );
    renderSheet(FAILED);
    fireEvent.click(await screen.findByRole('radio', { name: 'Partial refund' }));
    fireEvent.change(screen.getByLabelText('Refund amount (yuan)'), { target: { value: '1.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
    });
    await waitFor(() =>
      expect(sent('/api/v1/b/refund')).toMatchObject([
        { orderno: FAILED.orderno, part_refund: true, refund_fee: 150, sign: 'sign-1' },
      ]),
    );
    expect(sent('/api/v1/b/offlineRefund')).toEqual([]);
  });
});

describe('a partial refund amount the form refuses', () => {
  // The amount's placeholder showed what is left ('3.50'), read as filled in: Confirm said 'Refund amount invalid'.
  it.each([
    [
      'en-US',
      'Partial refund',
      'Refund amount (yuan)',
      'Confirm refund',
      'At most 3.50',
      'Optional, e.g. the reason',
      [
        'Enter the amount to refund, at most ¥3.50',
        'The refund amount cannot be 0',
        'At most ¥3.50 can be refunded',
        'Refund amount invalid',
      ],
    ],
    [
      'zh-CN',
      '部分退款',
      '退款金额（元）',
      '确认退款',
      '最多 3.50',
      '选填，如退款原因',
      ['请输入退款金额，最多 ¥3.50', '退款金额不能为 0', '最多可退 ¥3.50', '退款金额无效'],
    ],
    [
      'zh-TW',
      '部分退款',
      '退款金額（元）',
      '確認退款',
      '最多 3.50',
      '選填，如退款原因',
      ['請輸入退款金額，最多 ¥3.50', '退款金額不能為 0', '最多可退 ¥3.50', '退款金額無效'],
    ],
  ] as const)(
    'says what is wrong with it (%s)',
    async (locale, partial, label, submit, placeholder, remarks, messages) => {
      await i18n.changeLanguage(locale);
      renderSheet(FAILED);
      fireEvent.click(await screen.findByRole('radio', { name: partial }));
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('placeholder')).toBe(placeholder);
      expect(screen.getByPlaceholderText(remarks)).not.toBeNull();
      for (const [typed, message] of [
        ['', messages[0]],
        ['0', messages[1]],
        ['3.51', messages[2]],
        ['1.005', messages[3]],
      ] as const) {
        fireEvent.change(input, { target: { value: typed } });
        fireEvent.click(screen.getByRole('button', { name: submit }));
        expect((await screen.findByText(message)).textContent, typed).toBe(message);
      }
      expect(sent('/api/v1/b/refund')).toEqual([]);
    },
  );
});

describe('the form rows', () => {
  // A List.Item outside a List has neither the card nor the row padding: labels sat on the sheet's edge.
  it('sets the refund amount and remarks in a card list', async () => {
    renderSheet(FAILED);
    fireEvent.click(await screen.findByRole('radio', { name: 'Partial refund' }));
    for (const label of ['Refund amount (yuan)', 'Remarks']) {
      expect(screen.getByLabelText(label).closest('.adm-list-card')).not.toBeNull();
    }
  });

  it('sets the typed shelf number in a card list', async () => {
    renderSheet({ ...FAILED, status: 5, abnormal: true }, { seesShelves: false });
    fireEvent.click(screen.getByRole('button', { name: 'Vend again' }));
    const input = await screen.findByLabelText('Shelf number');
    expect(input.closest('.adm-list-card')).not.toBeNull();
  });
});

describe('the refund choices', () => {
  // Two radio groups one under the other read as one list of four with two ticks: each says what it chooses.
  it('heads the method and the share each with a visible name', async () => {
    renderSheet(FAILED);
    for (const name of ['Refund method', 'How much to refund']) {
      const heading = await screen.findByText(name);
      const group = screen.getByRole('radiogroup', { name });
      expect(group.getAttribute('aria-labelledby')).toBe(heading.id);
    }
  });
});

describe('the refunds of a bill', () => {
  it('says how each went: cash handed back is told from money sent back through the channel', async () => {
    const record = { ...REFUND_ANSWER.refund, status: 'success' as const };
    renderSheet({
      ...FAILED,
      refund: 350,
      refundable: 0,
      refunds: [
        { ...record, refund_no: 'RF1', amount: 100, kind: 'offline' },
        { ...record, refund_no: 'RF2', amount: 250, kind: 'manual' },
      ],
    });
    expect(await screen.findByText('¥1.00 · Offline · Refunded')).toBeTruthy();
    expect(screen.getByText('¥2.50 · To the original payment · Refunded')).toBeTruthy();
  });
});

describe('an order that cannot be refunded', () => {
  it.each([
    ['of an earlier day', 2, 'Only same-day deals refundable'],
    ['paid in cash', 3, 'Cash sales cannot be refunded'],
  ] as const)('says why when it is %s', async (_, eligibility, reason) => {
    renderSheet({ ...FAILED, refundable: 0, refund_eligibility: eligibility });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm refund' })).toBeNull();
  });

  it('says only that it cannot be refunded once refunded in full', async () => {
    renderSheet({ ...FAILED, refund: 350, refundable: 0, refund_eligibility: 0 });
    expect(await screen.findByText(billsTexts['en-US'].detail.noRefund)).toBeTruthy();
  });
});

describe('the card of a bill', () => {
  it('opens the card lookup when its number is tapped', async () => {
    const { onCard } = renderSheet({ ...FAILED, client: 'iccard', client_text: 'IC card', cardno: 'C-001' });
    fireEvent.click(await screen.findByRole('button', { name: 'Look up card C-001' }));
    expect(onCard).toHaveBeenCalledWith('C-001');
  });
});

describe('a discounted sale (issue 17)', () => {
  it('shows the original price, the discount and the coupon', async () => {
    renderSheet({ ...FAILED, amount: 255, original_amount: 300, discount: 45, coupon_name: 'Opening 8.5' });
    expect(await screen.findByText('Original price')).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Discount');
    expect(text).toContain('0.45');
    expect(text).toContain('Opening 8.5');
  });

  it('shows nothing of it without a discount', async () => {
    renderSheet(FAILED);
    await screen.findByText('Order details');
    expect(screen.queryByText('Original price')).toBeNull();
  });
});

describe('the cost of a sale refunded in full', () => {
  const SOLD: Bill = {
    ...FAILED,
    status: 3,
    status_text: '',
    refundable: 0,
    cost_price: 120,
    goods: FAILED.goods.map((g) => ({ ...g, delivered: 1, err: '', err_text: '', cost_price: 120 })),
  };

  it.each([
    ['en-US', 'Not counted (refunded in full)', 'Cost'],
    ['zh-CN', '不计（已全额退款）', '成本'],
    ['zh-TW', '不計（已全額退款）', '成本'],
  ] as const)('is not counted, as the analysis counts it (%s)', async (locale, text, label) => {
    await i18n.changeLanguage(locale);
    for (const status of [8, 9]) {
      const { unmount } = renderWithUnmount({ ...SOLD, status, refund: 350 });
      const row = await screen.findByText(label);
      expect(row.nextSibling?.textContent, String(status)).toBe(text);
      unmount();
    }
    // Sold, or refunded in part (10, 11 keep their cost): the cost as it is.
    for (const status of [3, 10]) {
      const { unmount } = renderWithUnmount({ ...SOLD, status, refund: status === 10 ? 100 : 0 });
      expect((await screen.findByText(label)).nextSibling?.textContent, String(status)).toContain('1.20');
      unmount();
    }
  });
});

describe('cost and profit only where the analysis counts the cost', () => {
  const SOLD: Bill = { ...FAILED, status_text: '', refundable: 0, amount: 350, cost_price: 120 };

  it.each([
    ['en-US', 'Cost', 'Profit'],
    ['zh-CN', '成本', '利润'],
    ['zh-TW', '成本', '利潤'],
  ] as const)('abnormal, failed and refunding orders show neither (%s)', async (locale, cost, profit) => {
    await i18n.changeLanguage(locale);
    for (const status of [1, 2, 4, 5, 99]) {
      const { unmount } = renderWithUnmount({ ...SOLD, status });
      await screen.findByText(SOLD.orderno);
      expect(screen.queryByText(cost), String(status)).toBeNull();
      expect(screen.queryByText(profit), String(status)).toBeNull();
      unmount();
    }
  });

  it.each([
    ['en-US', 'Cost', 'Profit'],
    ['zh-CN', '成本', '利润'],
    ['zh-TW', '成本', '利潤'],
  ] as const)(
    'sales, games and partial refunds show the cost and what the order took less refunds and cost (%s)',
    async (locale, cost, profit) => {
      await i18n.changeLanguage(locale);
      for (const [status, refund, expected] of [
        [3, 0, '2.30'],
        [6, 0, '2.30'],
        [7, 0, '2.30'],
        [10, 100, '1.30'],
        [11, 100, '1.30'],
      ] as const) {
        const { unmount } = renderWithUnmount({ ...SOLD, status, refund });
        expect((await screen.findByText(cost)).nextSibling?.textContent, String(status)).toContain('1.20');
        expect(screen.getByText(profit).nextSibling?.textContent, String(status)).toContain(expected);
        unmount();
      }
    },
  );

  it('without the profit view (no cost_price) there is no cost or profit', async () => {
    await i18n.changeLanguage('en-US');
    renderWithUnmount({ ...SOLD, status: 3, cost_price: null });
    await screen.findByText(SOLD.orderno);
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByText('Profit')).toBeNull();
  });
});

function renderWithUnmount(bill: Bill) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BillSheet visible bill={bill} mayRefund seesShelves guard={guard} onCard={vi.fn()} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}
