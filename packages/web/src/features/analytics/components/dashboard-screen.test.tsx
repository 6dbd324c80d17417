import type { SalesSeries } from '@vendo/contract/api/analytics';
import { PERMISSIONS } from '@vendo/contract/enums';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n } from '../../../i18n/i18n';
import { downloadUrl } from '../../../lib/download';
import { makeUser } from '../../../lib/test-fixtures';
import DashboardScreen from './dashboard-screen';
import { answerWith, bodiesTo, fetchMock, renderScreen } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/download', () => ({ downloadUrl: vi.fn() }));
// uPlot draws on a canvas, which jsdom has not; the chart's box is what the screen decides about.
vi.mock('./chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const ANALYSIS = {
  count: 25,
  income: 13870,
  refund: 1990,
  wxIncome: 4380,
  alipayIncome: 5900,
  otherIncome: 3590,
  successCount: 24,
  successRate: 9600,
  refundCount: 1,
  refundRate: 400,
  wxCount: 8,
  wxRate: 3200,
  alipayCount: 11,
  alipayRate: 4400,
  otherCount: 6,
  abnormalCount: 0,
  costPrice: 5940,
  profit: 7930,
  price: 578,
};

function series(over: Partial<SalesSeries['analysis']> = {}): SalesSeries {
  return {
    bucket: 'hour',
    analysis: { ...ANALYSIS, ...over },
    records: [],
    range: { start_time: 0, end_time: 1 },
  };
}

const GOODS = (name: string, income: number, count: number, id: number) => ({
  goods_id: id,
  goods_name: name,
  img: '',
  count,
  income,
  price: Math.round(income / count),
  incomeRate: 5000,
  countRate: 5000,
  costPrice: null,
  profit: null,
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const figure = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('/dashboard', () => {
  it('shows the sales overview of today, charted by hour, with cost and profit when the answer has them', async () => {
    answerWith({ '/api/v1/a/detail': { rcode: 0, result: series() } });
    renderScreen(makeUser(), '/dashboard', <DashboardScreen />);
    await screen.findByText('¥138.70');
    expect(screen.getByText('Orders: 25 · success rate 96.00%')).toBeTruthy();
    expect(figure('Successful')).toBe('24');
    expect(figure('Offline (cash/card)')).toBe('6');
    expect(figure('Refunded')).toBe('¥19.90');
    expect(figure('Refunds')).toBe('1');
    expect(figure('Cost')).toBe('¥59.40');
    expect(figure('Profit')).toBe('¥79.30');
    expect(screen.getByText('¥35.90')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Income and refunds by hour' })).toBeTruthy();
    const [body] = bodiesTo('/api/v1/a/detail') as { condition: Record<string, unknown> }[];
    expect(body?.condition.bucket).toBe('hour');
    expect(Number(body?.condition.end_time)).toBeGreaterThan(Number(body?.condition.start_time));
  });

  it('paints both cards with their titles, labels and dashes before the figures arrive, then fills them in place', async () => {
    answerWith({ '/api/v1/a/detail': { rcode: 0, result: series() } });
    const answer = fetchMock.getMockImplementation();
    if (!answer) throw new Error('no mock API');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation((input, init) => held.then(() => answer(input, init)));
    renderScreen(makeUser(), '/dashboard', <DashboardScreen />);
    expect(await screen.findByRole('heading', { name: 'Income and refunds by hour' })).toBeTruthy();
    expect(document.querySelector('.list-loading')).toBeNull();
    expect(figure('Successful')).toBe('—');
    expect(figure('Refunded')).toBe('—');
    expect(figure('Profit')).toBe('—');
    const income = screen.getByText('—', { selector: 'strong' });
    expect(screen.getByText('Orders: — · success rate —')).toBeTruthy();
    release();
    await screen.findByText('¥138.70');
    expect(income.textContent).toBe('¥138.70');
    expect(figure('Profit')).toBe('¥79.30');
    expect(screen.getByRole('img', { name: 'Income and refunds by hour' })).toBeTruthy();
  });

  it('leaves cost and profit out without the profit view, and guides instead of charting no sales', async () => {
    answerWith({
      '/api/v1/a/detail': { rcode: 0, result: series({ costPrice: null, profit: null, count: 0 }) },
    });
    renderScreen(makeUser(), '/dashboard', <DashboardScreen />);
    await screen.findByText('¥138.70');
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByText('Profit')).toBeNull();
    expect(screen.getByText('No sales in this period. Try another one.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('ranks the Top 10 goods by amount, then by volume', async () => {
    answerWith({
      '/api/v1/a/goodSum': (body) => {
        const byCount = (body as { condition: { sort_attr: string } }).condition.sort_attr === 'count';
        const rows = [GOODS('Cola', 900, 9, 1), GOODS('Lucky bag', 4000, 2, 2)];
        return {
          rcode: 0,
          result: {
            data: byCount ? rows : [...rows].reverse(),
            count: 2,
            total: { count: 11, income: 4900 },
            range: { start_time: 0, end_time: 1 },
          },
        };
      },
    });
    renderScreen(makeUser(), '/dashboard?tab=goods', <DashboardScreen />);
    const list = await screen.findByRole('list', { name: 'Top 10 goods' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Lucky bag'), expect.stringContaining('Cola')]);
    fireEvent.click(screen.getByRole('radio', { name: 'By volume' }));
    await waitFor(() => expect(within(list).getAllByRole('link')[0]?.textContent).toContain('Cola'));
    expect(bodiesTo('/api/v1/a/goodSum')).toEqual([
      expect.objectContaining({
        pageNum: 1,
        pageSize: 10,
        condition: expect.objectContaining({ sort_attr: 'income' }),
      }),
      expect.objectContaining({
        pageNum: 1,
        pageSize: 10,
        condition: expect.objectContaining({ sort_attr: 'count' }),
      }),
    ]);
    expect(within(list).getAllByRole('link')[0]?.getAttribute('href')).toMatch(
      /^\/sicGoodsDetail\?.*goods_id=1$/,
    );
  });

  it('turns into the expired-app guide when the server answers "app expired"', async () => {
    answerWith({ '/api/v1/a/detail': { rcode: 605, msg: 'App expired, contact helper' } });
    renderScreen(makeUser(), '/dashboard', <DashboardScreen />);
    expect(await screen.findByRole('button', { name: 'Contact now' })).toBeTruthy();
  });

  it('offers the download with 1033 only, and opens the link the server answers', async () => {
    answerWith({
      '/api/v1/a/detail': { rcode: 0, result: series() },
      '/api/v1/a/report': { rcode: 0, result: { url: '/r/abc', filename: 'sales.csv', expires_at: 1 } },
    });
    const staff = renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.Dashboard] }),
      '/dashboard',
      <DashboardScreen />,
    );
    await screen.findByText('¥138.70');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    staff.unmount();

    renderScreen(makeUser(), '/dashboard', <DashboardScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('button', { name: 'CSV file' }));
    await waitFor(() => expect(downloadUrl).toHaveBeenCalledWith('/r/abc', 'sales.csv'));
    expect(bodiesTo('/api/v1/a/report')).toEqual([
      {
        kind: 'detail',
        format: 'csv',
        condition: expect.objectContaining({ start_time: expect.any(Number) }),
      },
    ]);
  });
});
