import type { MarketingRecord } from '@vendo/contract/api/marketing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import ActivityCenterScreen from './activity-center-screen';
import RecordScreen from './record-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/download', () => ({ downloadUrl: vi.fn() }));

const CENTER = '/api/v1/b/getActivityCenter';
const RECORDS = '/api/v1/b/getRecord';
const REPORT = '/api/v1/b/recordReport';
const DEVICES = '/api/v1/d/getDev';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/activityCenter', () => {
  it('leads to each entry with its count and what runs now; a missing module says so', async () => {
    answerWith({
      [CENTER]: {
        rcode: 0,
        result: {
          entries: [
            { key: 'activity', count: 0, active: 0, available: false },
            { key: 'gift', count: 3, active: 1, available: true },
            { key: 'referrer', count: 2, active: 1, available: true },
            { key: 'record', count: 7, active: null, available: true },
          ],
        },
      },
    });
    renderScreen(makeUser(), '/activityCenter', <ActivityCenterScreen />);
    const referrers = await screen.findByRole('link', { name: /Referrers/ });
    expect(referrers.getAttribute('href')).toBe('/referrer');
    expect(referrers.textContent).toContain('Referrers: 2 · sold today: 1');
    expect(screen.getByRole('link', { name: /Gift vouchers/ }).textContent).toContain(
      'Voucher batches: 3 · redeemable: 1',
    );
    expect(screen.getByRole('link', { name: /Records/ }).textContent).toContain('Records today: 7');
    expect(screen.queryByRole('link', { name: /Coupons/ })).toBeNull();
    expect(screen.getByText('Not available yet')).toBeTruthy();
  });
});

describe('/record', () => {
  const line = (over: Partial<MarketingRecord>): MarketingRecord => ({
    id: 'referrer_sale:1',
    kind: 'referrer_sale',
    time: Date.UTC(2026, 10, 26, 3),
    sn: '880001',
    orderno: 'V123',
    name: 'Li Lei',
    customer: '',
    amount: 300,
    commission: 37,
    ...over,
  });

  it('lists the kinds with their amounts and downloads the range', async () => {
    answerWith({
      [RECORDS]: {
        rcode: 0,
        result: {
          data: [
            line({}),
            line({
              id: 'gift_redeem:1',
              kind: 'gift_redeem',
              name: 'Spring (ABCD)',
              amount: 0,
              commission: null,
            }),
          ],
          count: 2,
          range: { start_time: 0, end_time: 1 },
        },
      },
      [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
      [REPORT]: { rcode: 0, result: { url: 'http://x/f.csv', filename: 'f.csv', expires_at: 1 } },
    });
    renderScreen(makeUser(), '/record', <RecordScreen />);
    const list = await screen.findByRole('list', { name: 'Marketing records' });
    expect(list.textContent).toContain('Referrer sale');
    expect(list.textContent).toContain('Order V123');
    expect(list.textContent).toContain('Amount ¥3.00 · Commission ¥0.37');
    expect(list.textContent).toContain('Voucher redeemed');
    expect(list.textContent).toContain('Spring (ABCD)');

    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    const csv = await screen.findByRole('button', { name: 'CSV file' }, { timeout: 5000 });
    fireEvent.click(csv);
    await waitFor(() => expect(bodiesTo(REPORT)).toHaveLength(1));
    const asked = bodiesTo(REPORT)[0] as { format: string; condition: { start_time: number } };
    expect(asked.format).toBe('csv');
    expect(asked.condition.start_time).toBeGreaterThan(0);
  });

  it('asks for the kind and machine the address names', async () => {
    answerWith({
      [RECORDS]: { rcode: 0, result: { data: [], count: 0, range: { start_time: 0, end_time: 1 } } },
      [DEVICES]: { rcode: 0, result: { data: [], count: 0 } },
    });
    renderScreen(makeUser(), '/record?kind=referrer_sale&sn=880001', <RecordScreen />);
    expect(await screen.findByText('No records in this period.')).toBeTruthy();
    const asked = bodiesTo(RECORDS)[0] as { condition: Record<string, unknown> };
    expect(asked.condition).toMatchObject({ kind: 'referrer_sale', sn: '880001' });
    expect(screen.getByRole('button', { name: /Kind/ }).textContent).toContain('Referrer sale');
  });
});
