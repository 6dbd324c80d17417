import { PERMISSIONS } from '@vendo/contract/enums';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import RegionScreen from './region-screen';
import { answerWith, bodiesTo, fetchMock, renderScreen } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const ANALYSIS = {
  count: 3,
  income: 1500,
  refund: 0,
  wxIncome: 1500,
  alipayIncome: 0,
  otherIncome: 0,
  successCount: 3,
  successRate: 10000,
  refundCount: 0,
  refundRate: 0,
  wxCount: 3,
  wxRate: 10000,
  alipayCount: 0,
  alipayRate: 0,
  otherCount: 0,
  abnormalCount: 0,
  costPrice: null,
  profit: null,
  price: 500,
};

const STORES = {
  data: [
    {
      _id: 4,
      store_name: 'Coastal City',
      area: { _id: 1, area_name: 'Nanshan' },
      dev_count: 2,
      store_address: 'Road 1',
      analysis: ANALYSIS,
    },
  ],
  count: 1,
  range: { start_time: 0, end_time: 1 },
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/sicRegion', () => {
  it('shows staff with store analysis only (1026) the stores, no area tab, and links each to its detail', async () => {
    answerWith({ '/api/v1/a/store': { rcode: 0, result: STORES } });
    renderScreen(
      makeUser({ isMain: false, havePerms: [PERMISSIONS.SicStore] }),
      '/sicRegion?tab=area&range=week',
      <RegionScreen />,
    );
    const card = await screen.findByRole('link', { name: /Coastal City/ });
    expect(card.getAttribute('href')).toMatch(/^\/sicAnalysisDetail\?range=week(&start=\d+)?&store=4$/);
    expect(card.textContent).toContain('Nanshan');
    expect(card.textContent).toContain('¥15.00');
    expect(screen.queryByRole('tab', { name: 'Areas' })).toBeNull();
    expect(screen.getByText('Stores: 1')).toBeTruthy();
    expect(bodiesTo('/api/v1/a/area')).toEqual([]);
    expect(bodiesTo('/api/v1/a/store')).toEqual([
      expect.objectContaining({ pageNum: 1, pageSize: 10, step: 'start' }),
    ]);
  });

  it('gives the main account both tabs, areas first', async () => {
    answerWith({
      '/api/v1/a/area': {
        rcode: 0,
        result: { data: [], count: 0, range: { start_time: 0, end_time: 1 } },
      },
    });
    renderScreen(makeUser(), '/sicRegion', <RegionScreen />);
    const [pageTabs] = screen.getAllByRole('tablist');
    expect(
      within(pageTabs!)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Areas', 'Stores']);
    expect(
      await screen.findByText('No areas yet. Add areas under Areas & stores and their sales show here.'),
    ).toBeTruthy();
  });
});
