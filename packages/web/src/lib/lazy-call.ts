import { skipToken, type QueryKey } from '@tanstack/react-query';
import type { Call } from '@vendo/contract/api/call';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Args } from './api-client';
import { callQuery } from './query-keys';

/**
 * A contract call that a first screen loads on first use: the contract's schemas bring zod, which the first
 * screen paints without (see account-calls.ts). `loaded` holds it once it has arrived, for the next screen.
 */
export interface LazyCall<C> {
  loaded: C | undefined;
  load(): Promise<C>;
}

export function lazyCall<C>(load: () => Promise<C>): LazyCall<C> {
  const lazy: LazyCall<C> = {
    loaded: undefined,
    load: async () => (lazy.loaded ??= await load()),
  };
  return lazy;
}

/** The call once loaded; undefined on the render that starts loading it. */
export function useLazyCall<C>(lazy: LazyCall<C>): C | undefined {
  const [call, setCall] = useState(lazy.loaded);
  useEffect(() => {
    if (call) return undefined;
    let live = true;
    void lazy.load().then((loaded) => {
      if (live) setCall(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [lazy, call]);
  return call;
}

/** While a call loads (or when `enabled` is false) its query waits: no key of its own yet, no request. */
const WAITING: QueryKey = ['call-loading'];

/**
 * callQuery for a lazily loaded call: the same key (path and body) and request once it has arrived, so its cache
 * entry is the one every other screen and every invalidation of that call reaches.
 */
export function useLazyCallQuery<Req extends z.ZodType, Res extends z.ZodType>(
  lazy: LazyCall<Call<Req, Res>>,
  enabled: boolean,
  ...args: Args<Req>
): { queryKey: QueryKey; queryFn: (() => Promise<z.output<Res>>) | typeof skipToken } {
  const call = useLazyCall(lazy);
  return call && enabled ? callQuery(call, ...args) : { queryKey: WAITING, queryFn: skipToken };
}
