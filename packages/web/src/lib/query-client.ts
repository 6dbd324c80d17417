import { QueryClient } from '@tanstack/react-query';

/**
 * Failures already reach the person as toasts from the API client, so a silent retry would only repeat the
 * toast; the in-app browsers rarely regain focus in a meaningful way, so no refetch on focus either.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
