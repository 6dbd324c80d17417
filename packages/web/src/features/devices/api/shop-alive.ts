import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { onlineShopAlive } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';

/** /d/onlineShopAlive: asks the machine's shop app whether it answers; the sheet shows a refusal's rcode and msg. */
export function useShopAlive() {
  return useMutation({
    mutationFn: (body: CallRequest<typeof onlineShopAlive>) =>
      callApi(onlineShopAlive, body, { quiet: true }),
  });
}
