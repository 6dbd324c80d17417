import { QueryClientProvider } from '@tanstack/react-query';
import { PERMISSIONS } from '@vendo/contract/enums';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import homeTexts from '../../../i18n/resources/home';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { saveLogin } from '../../../lib/session';
import { makeUser } from '../../../lib/test-fixtures';
import { FiguresCard } from './figures-card';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

const day = (income: number, profit: number | null) => ({
  income,
  costPrice: profit === null ? null : income - profit,
  profit,
  successCount: 12,
  refundCount: 2,
  price: Math.round(income / 12),
  refund: 350,
  abnormalCount: 1,
});

function answer(result: unknown) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ rcode: 0, msg: 'OK', result }), {
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <FiguresCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  registerNamespace('home', homeTexts);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('home figures', () => {
  it("shows today's figures from /a/overview and yesterday's on the toggle", async () => {
    saveLogin(makeUser());
    answer({ today: day(12000, 5000), yesterday: day(30000, 9000), device: { online: 2, offline: 1 } });
    renderCard();
    expect(await screen.findByText('¥120.00')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/a/overview');
    expect(screen.getByText('Paid orders').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Avg. order value').nextElementSibling?.textContent).toBe('¥10.00');
    expect(screen.getByText('Refunded').nextElementSibling?.textContent).toBe('¥3.50');
    expect(screen.getByText('Profit').nextElementSibling?.textContent).toBe('¥50.00');
    fireEvent.click(screen.getByRole('tab', { name: 'Yesterday' }));
    expect(screen.getByText('¥300.00')).toBeTruthy();
    expect(screen.getByText('Profit').nextElementSibling?.textContent).toBe('¥90.00');
    expect(screen.getByRole('link', { name: 'Open the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('leaves profit out when the answer has none (no profit view)', async () => {
    saveLogin(makeUser({ isMain: false, havePerms: [PERMISSIONS.Dashboard] }));
    answer({ today: day(12000, null), yesterday: day(0, null), device: { online: 0, offline: 0 } });
    renderCard();
    await screen.findByText('¥120.00');
    expect(screen.queryByText('Profit')).toBeNull();
  });

  it('is not shown to staff without the dashboard permission', () => {
    saveLogin(makeUser({ isMain: false, havePerms: [PERMISSIONS.BuyBill] }));
    const { container } = renderCard();
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
