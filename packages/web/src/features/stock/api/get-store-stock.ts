import { useQuery } from '@tanstack/react-query';
import { getStoreStockGroupByDev } from '@vendo/contract/api/stock';
import { listQuery } from '../../../lib/query-keys';

/** One store's own stock and, per machine, every shelf (spec §7 /i/getStoreStockGroupByDev). */
export function useStoreStock(store: number | null) {
  return useQuery({
    ...listQuery(getStoreStockGroupByDev, { store: store ?? 0 }),
    enabled: store !== null,
  });
}
