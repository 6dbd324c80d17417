import { QueryCache, QueryClient } from '@tanstack/react-query';
import { announceFailure } from './api-client';
import { isShownByList } from './query-keys';

/**
 * Failures already reach the person as toasts from the API client, so a silent retry would only repeat the
 * toast; the in-app browsers rarely regain focus in a meaningful way, so no refetch on focus either.
 *
 * A list's query (listQuery, lib/query-keys.ts) is quiet: its ListState says a first load refused, in the server's
 * words, so the person reads it once. A refetch of it that fails keeps the rows it had and no failed state shows,
 * so that failure is said here, as the API client would have.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isShownByList(query.meta) && query.state.data !== undefined) announceFailure(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
