import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getImg, uploadWx } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** One image the messaging-app JS-SDK uploaded (its serverId) into the library. */
export function useUploadWx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serverId: string) => callApi(uploadWx, { server_id: serverId }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getImg),
  });
}
