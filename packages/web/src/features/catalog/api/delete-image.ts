import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delImg } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

/** Removes the library entry; goods showing the image keep it. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imgId: number) => callApi(delImg, { img_id: imgId }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.images }),
  });
}
