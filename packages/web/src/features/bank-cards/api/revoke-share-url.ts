import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getShareList, revokeShareUrl } from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Revokes an invitation link: it stops working at once. */
export function useRevokeShareUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => callApi(revokeShareUrl, { share_id: shareId }),
    onSuccess: () => invalidateCalls(queryClient, getShareList),
  });
}
