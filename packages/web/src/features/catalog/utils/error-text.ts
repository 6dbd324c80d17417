import { showTip } from '../../../components/dialog/app-dialog';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import type { RCODE } from '@vendo/contract/rcodes';

const SESSION_EXPIRED: (typeof RCODE)['SESSION_EXPIRED'] = 604;

/** What a failed call says to the person, worded as the API client's toasts are (spec §8: code and msg). */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('common:api.network');
  return error.rcode > 0 ? i18n.t('common:api.withCode', { code: error.rcode, msg: error.msg }) : error.msg;
}

/**
 * Shows why an action was refused in a dialog that stays until read (a delete refused because stores or machines
 * depend on it), rather than a passing toast. An expired session is the API client's business: it has already
 * gone to /login.
 */
export async function explainFailure(error: unknown, title: string): Promise<void> {
  if (error instanceof ApiError && error.rcode === SESSION_EXPIRED) return;
  await showTip(errorText(error), { title });
}
