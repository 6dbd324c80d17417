import { describe, expect, it } from 'vitest';
import { MEDIA_VALID_MS, SandboxMessaging } from './sandbox-messaging';

describe('sandbox messaging app', () => {
  it('signs the JS-SDK config over the page without its fragment', async () => {
    const sandbox = new SandboxMessaging(() => 1_800_000_000_123);
    const a = await sandbox.jssdkConfig('https://app.example.com/goodsManage?x=1#top');
    const b = await sandbox.jssdkConfig('https://app.example.com/goodsManage?x=1');
    expect(a).toMatchObject({ appId: sandbox.appId, timestamp: 1_800_000_000 });
    expect(a.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(a.jsApiList).toContain('uploadImage');
    expect(a.nonceStr).not.toBe(b.nonceStr);
  });

  it('keeps uploaded media for 3 days and within its bounds', async () => {
    let now = 0;
    const sandbox = new SandboxMessaging(() => now, { items: 2, bytes: 10 });
    const first = sandbox.putMedia(Buffer.from('1234'), 'image/png');
    expect(await sandbox.downloadMedia(first)).toEqual({
      data: Buffer.from('1234'),
      contentType: 'image/png',
    });
    const second = sandbox.putMedia(Buffer.from('5678'), 'image/png');
    const third = sandbox.putMedia(Buffer.from('90'), 'image/png');
    // Three items over a limit of two: the oldest went.
    expect(await sandbox.downloadMedia(first)).toBeNull();
    expect(await sandbox.downloadMedia(second)).not.toBeNull();
    now += MEDIA_VALID_MS;
    expect(await sandbox.downloadMedia(third)).toBeNull();
    expect(await sandbox.downloadMedia('unknown')).toBeNull();
  });
});
