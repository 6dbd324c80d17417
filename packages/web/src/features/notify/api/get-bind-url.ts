import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { getNotifyBindUrl } from '@vendo/contract/api/notify';
import { callApi } from '../../../lib/api-client';

/** A one-time link the recipient opens in the messaging app; refused at the Notification app's quota. */
export function useBindUrl() {
  return useMutation({
    mutationFn: (body: CallRequest<typeof getNotifyBindUrl>) => callApi(getNotifyBindUrl, body),
  });
}
