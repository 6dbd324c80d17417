import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delImg, getImg } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Removes the library entry; goods showing the image keep it. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imgId: number) => callApi(delImg, { img_id: imgId }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getImg),
  });
}
