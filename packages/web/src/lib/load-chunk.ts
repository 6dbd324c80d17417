import { CHUNK_RELOAD_RETRIES } from '@vendo/contract/constants';
import { session, SESSION_KEYS } from './storage';

/**
 * Loads a route chunk. After a deploy the old chunk names vanish, and in-app browsers drop requests on weak
 * networks; a reload fetches the new index and usually cures both. The count lives in sessionStorage so that
 * a chunk that is truly gone stops after CHUNK_RELOAD_RETRIES reloads instead of looping (spec §4).
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  try {
    const loaded = await load();
    session.remove(SESSION_KEYS.chunkReloads);
    return loaded;
  } catch (error) {
    const reloads = Number(session.get(SESSION_KEYS.chunkReloads) ?? '0') || 0;
    if (reloads < CHUNK_RELOAD_RETRIES) {
      session.set(SESSION_KEYS.chunkReloads, String(reloads + 1));
      reload();
      // The page is going away; never settle, so nothing renders an error in the meantime.
      return new Promise<T>(() => undefined);
    }
    session.remove(SESSION_KEYS.chunkReloads);
    throw error;
  }
}
