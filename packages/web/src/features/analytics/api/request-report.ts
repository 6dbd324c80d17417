import { useMutation } from '@tanstack/react-query';
import { report } from '@vendo/contract/api/analytics';
import type { CallRequest } from '@vendo/contract/api/call';
import { callApi } from '../../../lib/api-client';

/** Asks for a report file (1033); the answer is a short-lived link that streams it. Failures toast. */
export function useRequestReport() {
  return useMutation({ mutationFn: (body: CallRequest<typeof report>) => callApi(report, body) });
}
