import { useQuery } from '@tanstack/react-query';
import type { getAppConfig } from '@vendo/contract/api/account';
import type { CallResult } from '@vendo/contract/api/call';
import { loadAccountCalls } from './account-calls';
import { callApi } from './api-client';

export type AppConfig = CallResult<typeof getAppConfig>;

/**
 * The server's answer to "how should the app behave here": the in-app browser gate, sandbox labels, the
 * messaging-app login and the agent's brand. One query per agent for the life of the page.
 */
export function useAppConfig(agent: string) {
  return useQuery({
    queryKey: ['app-config', agent],
    queryFn: async () => callApi((await loadAccountCalls()).getAppConfig, { agent }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
