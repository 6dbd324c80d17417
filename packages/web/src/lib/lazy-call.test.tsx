import { skipToken } from '@tanstack/react-query';
import { abnormalCount } from '@vendo/contract/api/orders';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyCall, useLazyCallQuery } from './lazy-call';
import { queryKeyOf } from './query-keys';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

describe('useLazyCallQuery', () => {
  it('waits without a request until the call has loaded, then keys it as callQuery does', async () => {
    const load = vi.fn(() => Promise.resolve(abnormalCount));
    const lazy = lazyCall(load);
    const { result } = renderHook(() => useLazyCallQuery(lazy, true, {}));
    expect(result.current.queryFn).toBe(skipToken);
    await waitFor(() => expect(result.current.queryKey).toEqual(queryKeyOf(abnormalCount, {})));
    expect(result.current.queryFn).not.toBe(skipToken);

    // The next screen has it at once, without loading it again.
    const again = renderHook(() => useLazyCallQuery(lazy, true, {}));
    expect(again.result.current.queryKey).toEqual(queryKeyOf(abnormalCount, {}));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('makes no request while not enabled', async () => {
    const lazy = lazyCall(() => Promise.resolve(abnormalCount));
    await lazy.load();
    const { result } = renderHook(() => useLazyCallQuery(lazy, false, {}));
    expect(result.current.queryFn).toBe(skipToken);
  });
});
