import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delArea, getArea } from '@vendo/contract/api/catalog';
import { callApi } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';

/** Refused by the server (with the count) while the area still has stores or machines. */
export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delArea, { _id: id }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getArea),
  });
}
