import * as analytics from '@vendo/contract/api/analytics';
import { abnormalCount } from '@vendo/contract/api/orders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailCall } from '../features/analytics/api/dashboard-calls';
import { lazyCall, lazyCallQuery } from './lazy-call';
import { queryKeyOf } from './query-keys';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('lazyCallQuery', () => {
  it('keys the call as callQuery does, before its schema has loaded', () => {
    const load = vi.fn(() => Promise.resolve(abnormalCount));
    const lazy = lazyCall(abnormalCount.path, abnormalCount.auth, load);
    expect(lazyCallQuery(lazy, {}).queryKey).toEqual(queryKeyOf(abnormalCount, {}));
    expect(load).not.toHaveBeenCalled();
  });

  it('sends the request while the schema loads, and checks the answer with it', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(
      answer({ rcode: 0, msg: 'OK', result: { count: 3, oldest: null, extra: 1 } }),
    );
    let loaded: (call: typeof abnormalCount) => void = () => undefined;
    const lazy = lazyCall(
      abnormalCount.path,
      abnormalCount.auth,
      () => new Promise<typeof abnormalCount>((resolve) => (loaded = resolve)),
    );
    const result = lazyCallQuery(lazy, {}, { quiet: true }).queryFn();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(abnormalCount.path);
    loaded(abnormalCount);
    // The schema strips what the contract does not name.
    await expect(result).resolves.toEqual({ count: 3, oldest: null });
    expect(lazy.loaded).toBe(abnormalCount);
  });

  it('fails the call quietly when the answer does not pass the schema', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: { count: 'many' } }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lazy = lazyCall(abnormalCount.path, abnormalCount.auth, () => Promise.resolve(abnormalCount));
    await expect(lazyCallQuery(lazy, {}, { quiet: true }).queryFn()).rejects.toMatchObject({ rcode: -3 });
    error.mockRestore();
  });
});

// Their paths and access are written by hand, for the request to leave before the schemas load.
describe("the first screens' lazy calls", () => {
  it.each([[detailCall, analytics.detail]])('%# names the contract call it loads', async (lazy, call) => {
    expect([lazy.path, lazy.auth]).toEqual([call.path, call.auth]);
    await expect(lazy.load()).resolves.toBe(call);
  });
});
