import { hashKey, QueryClient } from '@tanstack/react-query';
import { getGoods, getStore } from '@vendo/contract/api/catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageRequest } from './paging';
import { callQuery, invalidateCalls, queryKeyOf, resourceKey } from './query-keys';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const page = (n: number, goods_name?: string) => ({ ...pageRequest(n), condition: { goods_name } });

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryHash)
    .sort();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('queryKeyOf', () => {
  it('is the same for the same call and body, wherever it is written', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeyOf(getGoods, page(2, 'cola')), 'cached');
    // Another screen, building an equal body its own way (other key order, an undefined field left out).
    const body = { condition: { goods_name: 'cola' }, step: null, pageSize: 10, pageNum: 2 };
    expect(client.getQueryData(queryKeyOf(getGoods, body))).toBe('cached');
  });

  it('differs for another body or another call', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeyOf(getGoods, page(1)), 'page 1');
    expect(client.getQueryData(queryKeyOf(getGoods, page(2)))).toBeUndefined();
    expect(client.getQueryData(queryKeyOf(getGoods, page(1, 'cola')))).toBeUndefined();
    expect(client.getQueryData(queryKeyOf(getStore, page(1)))).toBeUndefined();
  });

  it('starts with the path, and reads a missing body as the empty one', () => {
    expect(queryKeyOf(getGoods, page(1))[0]).toBe(getGoods.path);
    expect(resourceKey(getGoods)).toEqual([getGoods.path]);
    expect(queryKeyOf(getStore)).toEqual([getStore.path, {}]);
  });
});

describe('invalidateCalls', () => {
  it('marks every page and filter of the changed calls stale, and nothing else', async () => {
    const client = new QueryClient();
    const goods = [page(1), page(2), page(1, 'cola')].map((body) => queryKeyOf(getGoods, body));
    const stores = queryKeyOf(getStore, page(1));
    for (const key of [...goods, stores]) client.setQueryData(key, 'cached');

    await invalidateCalls(client, getGoods);
    expect(invalidated(client)).toEqual(goods.map((key) => hashKey(key)).sort());

    await invalidateCalls(client, getStore, getGoods);
    expect(invalidated(client)).toHaveLength(4);
  });
});

describe('callQuery', () => {
  it('keys the query by the very body it posts', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ rcode: 0, msg: 'OK', result: { data: [], count: 0 } }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const body = page(3, 'tea');
    const options = callQuery(getGoods, body);
    expect(options.queryKey).toEqual(queryKeyOf(getGoods, body));

    await expect(options.queryFn()).resolves.toEqual({ data: [], count: 0 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(getGoods.path);
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });
});
