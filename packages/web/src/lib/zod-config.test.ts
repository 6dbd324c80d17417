import { describe, expect, it } from 'vitest';
import './zod-config';
import { config, z } from 'zod';

describe('zod-config', () => {
  it('makes zod jitless through its shared settings, so it never probes eval', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
