import { useQuery } from '@tanstack/react-query';
import { getImage, IMAGE_URL_VALID_MS } from '@vendo/contract/api/bank-cards';
import { callQuery, listQuery } from '../../../lib/query-keys';

/**
 * A card's photos as signed URLs; asked again before the URLs stop working. `shownBy`: 'list' where a failed state
 * shows a refusal (the editor of a stored card), 'toast' elsewhere (the detail sheet).
 */
export function useBankImages(merchantId: string, enabled = true, shownBy: 'list' | 'toast' = 'toast') {
  const body = { merchant_id: merchantId };
  return useQuery({
    ...(shownBy === 'list' ? listQuery(getImage, body) : callQuery(getImage, body)),
    enabled,
    staleTime: IMAGE_URL_VALID_MS / 2,
  });
}
