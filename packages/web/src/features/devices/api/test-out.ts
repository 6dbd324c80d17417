import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@vendo/contract/api/call';
import { testOut } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';

/** /d/testOut: runs one shelf's motor, nothing is sold; the sheet shows a refusal's rcode and msg. */
export function useTestOut() {
  return useMutation({
    mutationFn: (body: CallRequest<typeof testOut>) => callApi(testOut, body, { quiet: true }),
  });
}
