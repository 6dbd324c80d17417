import { useQuery } from '@tanstack/react-query';
import { getOneCard } from '@vendo/contract/api/orders';
import { callApi } from '../../../lib/api-client';
import { billKeys } from './query-keys';

/** One card's use on the caller's machines (/c/getOneCard): its totals and latest orders; '' asks nothing. */
export function useCard(cardno: string) {
  return useQuery({
    queryKey: [...billKeys.card, cardno],
    queryFn: () => callApi(getOneCard, { cardno }, { quiet: true }),
    enabled: cardno !== '',
  });
}
