import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGoods, importGoods } from '@vendo/contract/api/catalog';
import { uploadCall } from '../../../lib/upload';
import { invalidateCalls } from '../../../lib/query-keys';

/** An .xlsx or .csv file of goods; the answer is the per-row report (nothing is imported if a row fails). */
export function useImportGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCall(importGoods, { file: { file } }),
    onSuccess: (report) => (report.imported > 0 ? invalidateCalls(queryClient, getGoods) : undefined),
  });
}
