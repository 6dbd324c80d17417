import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delArea } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { catalogKeys } from './query-keys';

/** Refused by the server (with the count) while the area still has stores or machines. */
export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delArea, { _id: id }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.areas }),
  });
}
