import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import {
  addWebhook,
  delWebhook,
  editWebhook,
  getWebhookDeliveries,
  getWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
} from '@vendo/contract/api/webhooks';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls, listQuery } from '../../../lib/query-keys';

export type WebhookBody = CallRequest<typeof addWebhook>;

/** The merchant's endpoints (at most 10: one list, no pages). */
export function useWebhooks() {
  return useQuery(listQuery(getWebhooks, {}));
}

/** Add or change an endpoint; a new one's answer holds its secret, the only time it is shown. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookBody & { id?: number }) => {
      if (body.id === undefined) return callApi(addWebhook, body, { quiet: true });
      const saved = await callApi(editWebhook, { ...body, id: body.id }, { quiet: true });
      return { ...saved, secret: null };
    },
    onSuccess: () => invalidateCalls(queryClient, getWebhooks),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delWebhook, { id }),
    onSuccess: () => invalidateCalls(queryClient, getWebhooks),
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(rotateWebhookSecret, { id }),
    onSuccess: () => invalidateCalls(queryClient, getWebhooks),
  });
}

/** An endpoint's last deliveries with their attempts; refreshed while some wait to be sent. */
export function useDeliveries(id: number) {
  return useQuery({
    ...listQuery(getWebhookDeliveries, { id, pageNum: 1, pageSize: 20 }),
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending' || d.status === 'sending') ? 3000 : false,
  });
}

export function useReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => callApi(replayWebhookDelivery, { delivery_id: deliveryId }),
    onSuccess: () => invalidateCalls(queryClient, getWebhookDeliveries, getWebhooks),
  });
}

export function useTestSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(testWebhook, { id }),
    onSuccess: () => invalidateCalls(queryClient, getWebhookDeliveries, getWebhooks),
  });
}
