import { CHUNK_RELOAD_RETRIES } from '@vendo/contract/constants';
import { describe, expect, it, vi } from 'vitest';
import { loadChunk } from './load-chunk';
import { session, SESSION_KEYS } from './storage';

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('loadChunk', () => {
  it('returns the module and forgets earlier failures', async () => {
    session.set(SESSION_KEYS.chunkReloads, '2');
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
    expect(session.get(SESSION_KEYS.chunkReloads)).toBeNull();
  });

  it('reloads the page on failure, at most 4 more times, then lets the error show', async () => {
    expect(CHUNK_RELOAD_RETRIES).toBe(4);
    const reload = vi.fn();
    for (let attempt = 1; attempt <= CHUNK_RELOAD_RETRIES; attempt++) {
      // Each reload starts a fresh page: the load never settles there, so nothing renders an error.
      const pending = loadChunk(gone, reload);
      await Promise.resolve();
      await Promise.resolve();
      expect(reload).toHaveBeenCalledTimes(attempt);
      expect(session.get(SESSION_KEYS.chunkReloads)).toBe(String(attempt));
      void pending;
    }
    await expect(loadChunk(gone, reload)).rejects.toThrow('dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(CHUNK_RELOAD_RETRIES);
    // A later visit gets its retries again.
    expect(session.get(SESSION_KEYS.chunkReloads)).toBeNull();
  });
});
