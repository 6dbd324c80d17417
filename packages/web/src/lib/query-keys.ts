import type { QueryClient, QueryKey, QueryMeta } from '@tanstack/react-query';
import type { Call } from '@vendo/contract/api/call';
import type { z } from 'zod';
import { callApi, type Args } from './api-client';

type AnyCall = Call<z.ZodType, z.ZodType>;

/** What a key needs of a call: its path (a contract call, or an endpoint described by hand). */
type Keyed = Pick<AnyCall, 'path'>;

/** The body a call takes: typed for contract calls, anything for an endpoint described by hand. */
type BodyOf<C> = C extends Call<infer Req, z.ZodType> ? z.input<Req> : unknown;

/**
 * A query's key is the call it makes and the body it sends: `[path, body]`. Two screens asking the same call
 * with the same body share one cache entry; a different page or filter is a different body, so a different key.
 * A missing body is `{}`, as the server reads it.
 */
export function queryKeyOf<C extends Keyed>(call: C, body?: BodyOf<C>): readonly [string, unknown] {
  return [call.path, body ?? {}];
}

/** Every query of a call, whatever its body (all pages and filters): the prefix to invalidate. */
export function resourceKey(call: Keyed): readonly [string] {
  return [call.path];
}

/**
 * The query options of one call: its key from queryKeyOf and a queryFn posting that same body, so the key can
 * never describe a request other than the one made. Spread into useQuery with the screen's own options.
 */
export function callQuery<Req extends z.ZodType, Res extends z.ZodType>(
  call: Call<Req, Res>,
  ...args: Args<Req>
): { queryKey: QueryKey; queryFn: () => Promise<z.output<Res>> } {
  return { queryKey: queryKeyOf<Keyed>(call, args[0]), queryFn: () => callApi(call, ...args) };
}

/**
 * The meta of a query whose failure its screen shows in a ListState (the failed state with the server's words and
 * a retry): a first load refused is said there, once, and not as a toast as well. A refetch that fails keeps the
 * rows on screen and the list no failed state, so lib/query-client.ts says that one as a toast.
 */
export const SHOWN_BY_LIST = { failureShownByList: true } as const satisfies QueryMeta;

export function isShownByList(meta: QueryMeta | undefined): boolean {
  return meta?.failureShownByList === true;
}

/**
 * callQuery for a list shown in a ListState: the call is quiet (the list says a refusal) and its meta says so, for
 * the query client's toast on a failed refetch.
 */
export function listQuery<Req extends z.ZodType, Res extends z.ZodType>(
  call: Call<Req, Res>,
  ...[body, options]: Args<Req>
): { queryKey: QueryKey; queryFn: () => Promise<z.output<Res>>; meta: QueryMeta } {
  return { ...callQuery(call, ...([body, { ...options, quiet: true }] as Args<Req>)), meta: SHOWN_BY_LIST };
}

/**
 * After a change, every query of the calls whose data it changed is stale, on every screen that shows them:
 * invalidation follows the resource (the calls), not the screen that made the change.
 */
export async function invalidateCalls(queryClient: QueryClient, ...calls: Keyed[]): Promise<void> {
  await Promise.all(calls.map((call) => queryClient.invalidateQueries({ queryKey: resourceKey(call) })));
}
