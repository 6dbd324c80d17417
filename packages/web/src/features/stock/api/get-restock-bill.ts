import { useQuery } from '@tanstack/react-query';
import { getRestockBill } from '@vendo/contract/api/stock';
import { callApi } from '../../../lib/api-client';
import { stockKeys } from './query-keys';

/** What to bring to fill every enabled shelf of the store's machines; fresh each time it is opened. */
export function useRestockBill(store: number) {
  return useQuery({
    queryKey: [...stockKeys.bill, store],
    queryFn: () => callApi(getRestockBill, { store }),
    staleTime: 0,
  });
}
