import { useMutation } from '@tanstack/react-query';
import { queryTradeRoute } from '@vendo/contract/api/splits';
import { callApi } from '../../../lib/api-client';

/** Which accounts an order's money went to. Quiet: the refusal shows at the order number. */
export function useTradeRoute() {
  return useMutation({
    mutationFn: (orderno: string) => callApi(queryTradeRoute, { orderno }, { quiet: true }),
  });
}
