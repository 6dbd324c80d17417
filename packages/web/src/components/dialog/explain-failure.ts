import type { RCODE } from '@vendo/contract/rcodes';
import { ApiError, errorText } from '../../lib/api-client';
import { loadDialogs } from './load-dialogs';

// Typed against the contract's catalogue (a renumbering fails typecheck) without loading the catalogue's texts.
const SESSION_EXPIRED: (typeof RCODE)['SESSION_EXPIRED'] = 604;

/**
 * Shows why an action was refused in a dialog that stays until read, rather than a passing toast. An expired
 * session is the API client's business: it has already gone to /login.
 */
export async function explainFailure(error: unknown, title: string): Promise<void> {
  if (error instanceof ApiError && error.rcode === SESSION_EXPIRED) return;
  const { showTip } = await loadDialogs();
  await showTip(errorText(error), { title });
}
