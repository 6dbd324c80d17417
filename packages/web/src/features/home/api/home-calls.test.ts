import { QueryClient } from '@tanstack/react-query';
import { overview } from '@vendo/contract/api/analytics';
import { isBindBank } from '@vendo/contract/api/bank-cards';
import { devOnlineCount } from '@vendo/contract/api/devices';
import { abnormalCount } from '@vendo/contract/api/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeyOf } from '../../../lib/query-keys';
import type { Endpoint } from '../../../lib/api-client';
import { abnormalCountCall, devOnlineCountCall, homeQuery, isBindBankCall, overviewCall } from './home-calls';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const day = {
  income: 1000,
  costPrice: 480,
  profit: 520,
  successCount: 2,
  refundCount: 0,
  price: 500,
  refund: 0,
  abnormalCount: 1,
};
const bank = {
  has_approved: true,
  cards: 1,
  approved: 1,
  reviewing: 0,
  rejected: 0,
  incomplete: 0,
  devices: 3,
  unbound_devices: 1,
  own_only: false,
};

/** Each call's valid answer and what a reader must refuse or strip around it. */
function samplesOf(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 1 }, null, [], 'x', {}];
  for (const key of Object.keys(valid)) {
    const { [key]: _left, ...without } = valid;
    out.push(without);
    for (const wrong of [null, '1', 1.5, -1, 2 ** 60, true, Infinity, 0, {}, day])
      out.push({ ...valid, [key]: wrong });
  }
  return out;
}

// Home's calls are checked by hand (no zod on home); they must be the contract's calls.
describe("home's calls without zod", () => {
  const calls: [
    string,
    Endpoint<unknown>,
    typeof overview | typeof devOnlineCount | typeof abnormalCount | typeof isBindBank,
    Record<string, unknown>,
  ][] = [
    [
      'overview',
      overviewCall,
      overview,
      { today: day, yesterday: { ...day, costPrice: null, profit: null }, device: { online: 3, offline: 0 } },
    ],
    ['devOnlineCount', devOnlineCountCall, devOnlineCount, { online: 3, offline: 0, total: 3 }],
    ['abnormalCount', abnormalCountCall, abnormalCount, { count: 3, oldest: 1764201600000.5 }],
    ['isBindBank', isBindBankCall, isBindBank, bank],
  ];

  it.each(calls)('%s uses the contract path and access', (_name, call, contract) => {
    expect([call.path, call.auth]).toEqual([contract.path, contract.auth]);
  });

  it.each(calls)(
    '%s accepts what the contract schema accepts, with the same result',
    (_name, call, contract, valid) => {
      const samples = samplesOf(valid);
      if (valid['today']) samples.push(...samplesOf(day).map((today) => ({ ...valid, today })));
      if (valid['device'])
        samples.push(...samplesOf({ online: 1, offline: 2 }).map((device) => ({ ...valid, device })));
      for (const sample of samples) {
        const ours = call.response.safeParse(sample);
        const theirs = contract.response.safeParse(sample);
        expect(ours.success, JSON.stringify(sample)).toBe(theirs.success);
        if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
      }
    },
  );

  it.each(calls)('%s shares its cache entry with the contract call', (_name, call, contract) => {
    expect(homeQuery(call, true).queryKey).toEqual(queryKeyOf(contract, {}));
  });

  it('answers a card at once, without loading a schema', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ rcode: 0, msg: 'OK', result: { count: 2, oldest: null } }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    await expect(client.fetchQuery(homeQuery(abnormalCountCall, true))).resolves.toEqual({
      count: 2,
      oldest: null,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
