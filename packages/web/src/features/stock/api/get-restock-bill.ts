import { useQuery } from '@tanstack/react-query';
import { getRestockBill } from '@vendo/contract/api/stock';
import { callQuery } from '../../../lib/query-keys';

/** What to bring to fill every enabled shelf of the store's machines; fresh each time it is opened. */
export function useRestockBill(store: number) {
  return useQuery({
    ...callQuery(getRestockBill, { store }),
    staleTime: 0,
  });
}
