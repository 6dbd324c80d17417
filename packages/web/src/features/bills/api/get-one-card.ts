import { useQuery } from '@tanstack/react-query';
import { getOneCard } from '@vendo/contract/api/orders';
import { listQuery } from '../../../lib/query-keys';

/** One card's use on the caller's machines (/c/getOneCard): its totals and latest orders; '' asks nothing. */
export function useCard(cardno: string) {
  return useQuery({
    ...listQuery(getOneCard, { cardno }, { quiet: true }),
    enabled: cardno !== '',
  });
}
