import { detail, overview } from '@vendo/contract/api/analytics';
import { isBindBank } from '@vendo/contract/api/bank-cards';
import { devOnlineCount } from '@vendo/contract/api/devices';
import { abnormalCount } from '@vendo/contract/api/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_MODES,
  forgetPrefetchedRange,
  prefetchedRange,
  salesDetailBody,
} from '../features/analytics/api/dashboard-calls';
import { rangeFromParams } from '../features/analytics/utils/range';
import { createQueryClient } from '../lib/query-client';
import { queryKeyOf } from '../lib/query-keys';
import { clearLogin, saveLogin } from '../lib/session';
import { makeUser } from '../lib/test-fixtures';
import { prefetchRoute } from './route-prefetch';

vi.mock('../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(() =>
  Promise.resolve(new Response(JSON.stringify({ rcode: 1, msg: 'no', result: null }))),
);
const NOW = Date.UTC(2026, 10, 27, 4);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  clearLogin();
});

const paths = () => fetchMock.mock.calls.map(([path]) => path).sort();

describe('prefetchRoute', () => {
  it("starts home's calls at once, under the keys its cards ask", () => {
    saveLogin(makeUser({}, NOW), NOW);
    const client = createQueryClient();
    prefetchRoute(client, { pathname: '/', search: '' }, NOW);
    expect(paths()).toEqual([overview.path, devOnlineCount.path, abnormalCount.path, isBindBank.path].sort());
    for (const call of [overview, devOnlineCount, abnormalCount, isBindBank])
      expect(client.getQueryState(queryKeyOf(call, {}))).toBeDefined();
  });

  it('asks only what a staff member may see', () => {
    saveLogin(makeUser({ isMain: false, havePerms: [1020] }, NOW), NOW);
    prefetchRoute(createQueryClient(), { pathname: '/', search: '' }, NOW);
    expect(paths()).toEqual([overview.path]);
  });

  it("starts the dashboard's sales call for the range in the address", () => {
    saveLogin(makeUser({}, NOW), NOW);
    const client = createQueryClient();
    const search = '?range=none';
    prefetchRoute(client, { pathname: '/Dashboard/', search }, NOW);
    expect(paths()).toEqual([detail.path]);
    const range = rangeFromParams(new URLSearchParams(search), DASHBOARD_MODES, 'day', NOW);
    expect(client.getQueryState(queryKeyOf(detail, salesDetailBody(range)))).toBeDefined();
  });

  it("hands the screen the prefetch's range (today's ends at the prefetch) while fresh, once", () => {
    saveLogin(makeUser({}, NOW), NOW);
    prefetchRoute(createQueryClient(), { pathname: '/dashboard', search: '' }, NOW);
    const here = new URLSearchParams('');
    const range = rangeFromParams(here, DASHBOARD_MODES, 'day', NOW);
    expect(prefetchedRange(here, NOW + 5_000)).toEqual(range);
    expect(prefetchedRange(new URLSearchParams('range=week'), NOW + 5_000)).toBeNull();
    expect(prefetchedRange(here, NOW + 30_000)).toBeNull();
    forgetPrefetchedRange();
    expect(prefetchedRange(here, NOW + 5_000)).toBeNull();
  });

  it("settles once home's chunk has loaded, and at once for other screens", async () => {
    saveLogin(makeUser({}, NOW), NOW);
    await expect(prefetchRoute(createQueryClient(), { pathname: '/', search: '' }, NOW)).resolves.toBe(
      undefined,
    );
    await expect(prefetchRoute(createQueryClient(), { pathname: '/buyBill', search: '' }, NOW)).resolves.toBe(
      undefined,
    );
  });

  it('leaves the ranking tabs, other screens and a visitor without a login alone', () => {
    saveLogin(makeUser({}, NOW), NOW);
    prefetchRoute(createQueryClient(), { pathname: '/dashboard', search: '?tab=goods' }, NOW);
    prefetchRoute(createQueryClient(), { pathname: '/buyBill', search: '' }, NOW);
    clearLogin();
    prefetchRoute(createQueryClient(), { pathname: '/', search: '' }, NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
