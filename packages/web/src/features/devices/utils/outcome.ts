import type { PushOutcome } from '@vendo/contract/api/devices';
import type { RCODE } from '@vendo/contract/rcodes';
import { i18n } from '../../../i18n/i18n';
import { ApiError, CLIENT_RCODE } from '../../../lib/api-client';

// Typed against the contract's catalogue without loading its texts (as lib/api-client.ts does).
export const APP_EXPIRED: (typeof RCODE)['APP_EXPIRED'] = 605;

/** What happened, as the screens show it (spec §7: "remote-control actions store rcode and msg for display"). */
export interface CallOutcome {
  rcode: number;
  msg: string;
}

/** The rcode and msg of a failed call; a failure that never reached the server reads as the network's. */
export function failureOf(error: unknown): CallOutcome {
  if (error instanceof ApiError) return { rcode: error.rcode, msg: error.msg };
  return { rcode: CLIENT_RCODE.NETWORK, msg: i18n.t('common:api.network') };
}

export type Tone = 'success' | 'warning' | 'danger';

/** How a saved change reached the machine: applied, kept for later (offline), unanswered, or refused. */
export function pushTone(status: PushOutcome['status']): Tone {
  if (status === 'acked') return 'success';
  return status === 'offline' || status === 'timeout' ? 'warning' : 'danger';
}
