import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { setApiNavigator } from './api-client';
import { createSandboxSdk, loadMessagingSdk } from './messaging-sdk';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const WECHAT = 'Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.48.2580 WeChat/arm64';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const answer = (result: unknown) =>
  new Response(JSON.stringify({ rcode: 0, msg: 'OK', result }), {
    headers: { 'content-type': 'application/json' },
  });
const config = (sandbox: boolean) => ({
  appId: 'wx0',
  timestamp: 1,
  nonceStr: 'n',
  signature: 's',
  jsApiList: ['chooseImage'],
  sandbox,
});

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs.
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:local-${++n}`, revokeObjectURL: vi.fn() }),
  );
  setApiNavigator(() => undefined);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('loadMessagingSdk', () => {
  it('has no SDK outside the messaging-app browser and asks nothing', async () => {
    await expect(loadMessagingSdk(DESKTOP, 'https://x.test/goodsManage')).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives the sandbox when wx.config says the platform is simulated, for the page without its #fragment', async () => {
    fetchMock.mockResolvedValue(answer(config(true)));
    const sdk = await loadMessagingSdk(WECHAT, 'https://x.test/goodsManage?tab=images#top');
    expect(sdk?.sandbox).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/p/getMJssdkConfig');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://x.test/goodsManage?tab=images' });
  });

  it('has no client for the real platform yet, so the screens use the plain upload', async () => {
    fetchMock.mockResolvedValue(answer(config(false)));
    await expect(loadMessagingSdk(WECHAT, 'https://x.test/')).resolves.toBeNull();
  });
});

describe('the sandbox SDK', () => {
  it('chooses images with the file chooser and uploads each to the sandbox media store for a serverId', async () => {
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png'), new File(['c'], 'c.png')];
    const pick = vi.fn(() => Promise.resolve(files));
    const sdk = createSandboxSdk(pick);
    const localIds = await sdk.chooseImage(2);
    expect(pick).toHaveBeenCalledWith({ accept: expect.stringContaining('image/png'), multiple: true });
    expect(localIds).toHaveLength(2);
    expect(sdk.previewUrl(localIds[0] ?? '')).toBe(localIds[0]);

    fetchMock.mockResolvedValue(answer({ server_id: 'media-1' }));
    await expect(sdk.uploadImage(localIds[0] ?? '')).resolves.toBe('media-1');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/dev/sandboxMediaUpload');
    expect(((init?.body as FormData).get('file') as File).name).toBe('a.png');
    // A local id is used once.
    await expect(sdk.uploadImage(localIds[0] ?? '')).rejects.toThrow();
  });

  it('answers no ids when the person cancels', async () => {
    const sdk = createSandboxSdk(() => Promise.resolve([]));
    await expect(sdk.chooseImage(1)).resolves.toEqual([]);
  });

  it('scans by asking for the text the code holds (no camera in the sandbox), null when cancelled', async () => {
    const scan = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce('/bind?clientid=c&sn=1&sign=s');
    const sdk = createSandboxSdk(() => Promise.resolve([]), scan);
    await expect(sdk.scanQRCode()).resolves.toBe('/bind?clientid=c&sn=1&sign=s');
    scan.mockResolvedValueOnce(null);
    await expect(sdk.scanQRCode()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
