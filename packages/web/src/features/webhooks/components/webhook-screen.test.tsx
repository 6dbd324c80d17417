import type { WebhookDelivery, WebhookEndpoint } from '@vendo/contract/api/webhooks';
import { RCODE } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import WebhookScreen from './webhook-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../components/dialog/confirm', () => ({ confirmAction: vi.fn(async () => true) }));

const LIST = '/api/v1/b/getWebhooks';
const ADD = '/api/v1/b/addWebhook';
const DELIVERIES = '/api/v1/b/getWebhookDeliveries';
const REPLAY = '/api/v1/b/replayWebhookDelivery';
const SECRET = `whsec_${'ab'.repeat(32)}`;

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 3,
    url: 'https://erp.example.com/vendo',
    events: ['order.paid', 'machine.offline'],
    enabled: 1,
    remarks: 'ERP',
    secret_hint: 'c0de',
    created_at: Date.UTC(2026, 10, 20, 2),
    pending: 1,
    failed: 2,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 41,
    event_id: 'evt_77',
    event_type: 'order.paid',
    status: 'failed',
    attempts: [
      { at: Date.UTC(2026, 10, 20, 2), status_code: 500, error: 'HTTP 500', duration_ms: 31 },
      { at: Date.UTC(2026, 10, 20, 3), status_code: 0, error: 'connect ECONNREFUSED', duration_ms: 2 },
    ],
    next_at: null,
    created_at: Date.UTC(2026, 10, 20, 2),
    manual: 0,
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

describe('/webhooks', () => {
  it('lists endpoints with their events, the secret’s hint and failed deliveries; shows attempts and replays', async () => {
    answerWith({
      [LIST]: { rcode: 0, result: { data: [endpoint()], max: 10 } },
      [DELIVERIES]: { rcode: 0, result: { data: [delivery()], count: 1 } },
      [REPLAY]: {
        rcode: 0,
        result: { delivery: delivery({ id: 42, status: 'pending', attempts: [], manual: 1 }) },
      },
    });
    renderScreen(makeUser(), '/webhooks', <WebhookScreen />);
    const card = await screen.findByRole('listitem', { name: 'https://erp.example.com/vendo' });
    expect(card.textContent).toContain('Order paid, Machine offline');
    expect(card.textContent).toContain('whsec_…c0de');
    expect(card.textContent).toContain('Failed 2');
    fireEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const sheet = (await screen.findByRole('heading', { name: 'Deliveries' })).closest('section')!;
    await within(sheet).findByText('evt_77');
    expect(sheet.textContent).toContain('HTTP 500 · 31 ms');
    expect(sheet.textContent).toContain('No answer · 2 ms');
    expect(sheet.textContent).toContain('connect ECONNREFUSED');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(bodiesTo(REPLAY)).toEqual([{ delivery_id: 41 }]));
  });

  it('adds an endpoint with the events chosen and shows its secret once; a refusal stays in the form', async () => {
    let refuse = true;
    answerWith({
      [LIST]: { rcode: 0, result: { data: [], max: 10 } },
      [ADD]: () =>
        refuse
          ? { rcode: RCODE.WEBHOOK_URL_HTTPS_REQUIRED, msg: 'The URL must use https://' }
          : { rcode: 0, result: { endpoint: endpoint({ events: ['order.paid'] }), secret: SECRET } },
    });
    renderScreen(makeUser(), '/webhooks', <WebhookScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /Add endpoint/ }))[0]!);
    const form = (await screen.findByRole('heading', { name: 'Add endpoint' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText(/^URL/), {
      target: { value: 'http://erp.example.com/vendo' },
    });
    // Every kind starts chosen; leave only "Order paid".
    for (const name of ['Order abnormal', 'Refund succeeded', 'Refund failed', 'Machine offline']) {
      fireEvent.click(within(form).getByText(name));
    }
    for (const name of ['Machine back online', 'Low stock on a shelf', 'Settlement paid out']) {
      fireEvent.click(within(form).getByText(name));
    }
    for (const name of ['Settlement failed', 'Bank card reviewed'])
      fireEvent.click(within(form).getByText(name));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('The URL must use https://');
    expect(bodiesTo(ADD)).toEqual([
      { url: 'http://erp.example.com/vendo', events: ['order.paid'], remarks: '', enabled: 1 },
    ]);
    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Signing secret' });
    expect(screen.getByText(SECRET).tagName).toBe('CODE');
  });
});
