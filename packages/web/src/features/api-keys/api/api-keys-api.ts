import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addApiKey, getApiKeys, revokeApiKey } from '@vendo/contract/api/api-keys';
import type { CallRequest } from '@vendo/contract/api/call';
import { getAllStore } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

export type ApiKeyBody = CallRequest<typeof addApiKey>;

/** The merchant's keys, live first (a merchant has at most 20 live ones: one list, no pages). */
export function useApiKeys() {
  return useQuery(listQuery(getApiKeys, {}));
}

/** A new key; the answer holds the key itself, the only time it is ever shown. Quiet: the form shows refusals. */
export function useAddApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyBody) => callApi(addApiKey, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getApiKeys),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => callApi(revokeApiKey, { key_id: keyId }),
    onSuccess: () => invalidateCalls(queryClient, getApiKeys),
  });
}

/** Every store of the merchant, for the key's stores. */
export function useStores() {
  return useQuery(callQuery(getAllStore, {}));
}
