import { describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

// The helper itself: a compiled `vendo serve` on SQLite and its embedded broker starts, answers, and dies on kill -9.
describe('startServerProcess', () => {
  it('starts vendo serve from the build, ready, and kills it', async () => {
    const server = await startServerProcess();
    try {
      expect(server.pid).toBeGreaterThan(0);
      const health = await server.call('/p/v1/health');
      expect(health).toMatchObject({ status: 200, rcode: 0 });
      expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await server.stop();
    }
  });
});
