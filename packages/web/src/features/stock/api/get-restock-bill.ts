import { useQuery } from '@tanstack/react-query';
import { getRestockBill } from '@vendo/contract/api/stock';
import { listQuery } from '../../../lib/query-keys';

/** What to bring to fill every enabled shelf of the store's machines; fresh each time it is opened. */
export function useRestockBill(store: number) {
  return useQuery({
    ...listQuery(getRestockBill, { store }),
    staleTime: 0,
  });
}
