import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getShareList, getShareUrl } from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** A new invitation link with its QR code; quiet, since the sheet words a failure ("QR creation fail"). */
export function useShareUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(getShareUrl, {}, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getShareList),
  });
}
