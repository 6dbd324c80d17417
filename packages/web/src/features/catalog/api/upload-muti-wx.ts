import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getImg, uploadMutiWx } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Several JS-SDK images at once (detail images); the server stores all or none. */
export function useUploadMutiWx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serverIds: string[]) => callApi(uploadMutiWx, { server_id_arr: serverIds }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getImg),
  });
}
