import { useMutation } from '@tanstack/react-query';
import { exportRestockBill } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';

/** The restock bill as an .xlsx file (base64) to save. */
export function useExportRestockBill() {
  return useMutation({ mutationFn: (store: number) => callApi(exportRestockBill, { store }) });
}
