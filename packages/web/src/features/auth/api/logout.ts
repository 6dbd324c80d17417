import { loadAccountCalls } from '../../../lib/account-calls';
import { callApi } from '../../../lib/api-client';
import { clearLogin } from '../../../lib/session';

/** Revokes the session on the server and forgets it here; the local login goes even if the server is unreachable. */
export async function signOut(): Promise<void> {
  try {
    await callApi((await loadAccountCalls()).logout, undefined, { quiet: true });
  } catch {
    // Nothing to tell the person: they asked to leave and they do.
  }
  clearLogin();
}
