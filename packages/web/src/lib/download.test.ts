import { describe, expect, it } from 'vitest';
import { base64ToBlob } from './download';

describe('base64ToBlob', () => {
  it('turns the base64 the server answers back into the bytes of the file', async () => {
    const blob = base64ToBlob({
      filename: 'a.xlsx',
      content_type: 'application/x-test',
      data: btoa('PK\u0003\u0004'),
    });
    expect(blob.type).toBe('application/x-test');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4]);
  });
});
