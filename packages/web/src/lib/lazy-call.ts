import type { QueryKey } from '@tanstack/react-query';
import type { Call, CallAuth } from '@vendo/contract/api/call';
import type { z } from 'zod';
import { callEndpointLoading, type Args } from './api-client';
import { queryKeyOf } from './query-keys';

/**
 * A contract call that a first screen makes before its schemas have loaded: the schemas bring zod, which the first
 * screen paints without (see account-calls.ts). Its path and access are written here, so the request goes out at
 * once, beside the schemas' chunk (lazy-call.test.ts holds them to the contract's); `loaded` holds the call once
 * it has arrived.
 */
export interface LazyCall<C> {
  path: string;
  auth: CallAuth;
  loaded: C | undefined;
  load(): Promise<C>;
}

export function lazyCall<C>(path: string, auth: CallAuth, load: () => Promise<C>): LazyCall<C> {
  const lazy: LazyCall<C> = {
    path,
    auth,
    loaded: undefined,
    load: async () => (lazy.loaded ??= await load()),
  };
  return lazy;
}

/**
 * callQuery for a lazily loaded call: the same key (path and body), so its cache entry is the one every other
 * screen and every invalidation of that call reaches; the request leaves without waiting for the schemas, and the
 * answer is checked by them once they are in.
 */
export function lazyCallQuery<Req extends z.ZodType, Res extends z.ZodType>(
  lazy: LazyCall<Call<Req, Res>>,
  ...[body, options]: Args<Req>
): { queryKey: QueryKey; queryFn: () => Promise<z.output<Res>> } {
  return {
    queryKey: queryKeyOf<Pick<Call<Req, Res>, 'path'>>(lazy, body),
    queryFn: () => callEndpointLoading<z.output<Res>>(lazy, lazy.load(), body, options),
  };
}
