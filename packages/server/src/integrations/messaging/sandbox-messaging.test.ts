import { describe, expect, it } from 'vitest';
import { MEDIA_VALID_MS, OAUTH_CODE_MS, OAUTH_TOKEN_MS, SandboxMessaging } from './sandbox-messaging';

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
    expect(await sandbox.downloadMedia(first, 100)).toEqual({
      data: Buffer.from('1234'),
      contentType: 'image/png',
    });
    // A download stops at the caller's limit.
    expect(await sandbox.downloadMedia(first, 3)).toBe('too-large');
    const second = sandbox.putMedia(Buffer.from('5678'), 'image/png');
    const third = sandbox.putMedia(Buffer.from('90'), 'image/png');
    // Three items over a limit of two: the oldest went.
    expect(await sandbox.downloadMedia(first, 100)).toBeNull();
    expect(await sandbox.downloadMedia(second, 100)).not.toBeNull();
    now += MEDIA_VALID_MS;
    expect(await sandbox.downloadMedia(third, 100)).toBeNull();
    expect(await sandbox.downloadMedia('unknown', 100)).toBeNull();
  });

  it('runs OAuth like the platform: authorize URL, single-use code, token, user info by scope', async () => {
    let now = 1_800_000_000_000;
    const sandbox = new SandboxMessaging(() => now);
    const url = new URL(
      sandbox.oauthAuthorizeUrl({
        redirectUri: 'https://app.example.com/cb',
        state: 's1',
        scope: 'snsapi_userinfo',
      }),
      'https://app.example.com',
    );
    expect(url.pathname).toBe('/p/v1/dev/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    const request = {
      appid: url.searchParams.get('appid')!,
      redirectUri: url.searchParams.get('redirect_uri')!,
      responseType: url.searchParams.get('response_type')!,
      scope: url.searchParams.get('scope')!,
      state: url.searchParams.get('state')!,
      user: 'sbx_alice_0001',
      nickname: 'Alice',
    };
    expect(sandbox.authorize({ ...request, appid: 'wrong' })).toEqual({ error: 'invalid appid' });
    expect(sandbox.authorize({ ...request, scope: 'all' })).toEqual({ error: 'invalid scope' });
    const answer = sandbox.authorize(request);
    if ('error' in answer) throw new Error(answer.error);
    const back = new URL(answer.redirect);
    expect(back.origin + back.pathname).toBe('https://app.example.com/cb');
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code')!;
    const token = await sandbox.oauthExchangeCode(code);
    expect(token).toMatchObject({ openid: 'sbx_alice_0001', expiresAt: now + OAUTH_TOKEN_MS });
    expect(await sandbox.oauthExchangeCode(code)).toBeNull();
    expect(await sandbox.oauthUserInfo(token!)).toMatchObject({
      openid: 'sbx_alice_0001',
      nickname: 'Alice',
    });
    now += OAUTH_TOKEN_MS;
    expect(await sandbox.oauthUserInfo(token!)).toBeNull();

    const base = sandbox.authorize({ ...request, scope: 'snsapi_base' });
    if ('error' in base) throw new Error(base.error);
    const late = new URL(base.redirect).searchParams.get('code')!;
    now += OAUTH_CODE_MS;
    expect(await sandbox.oauthExchangeCode(late)).toBeNull();
    const fresh = sandbox.authorize({ ...request, scope: 'snsapi_base' });
    if ('error' in fresh) throw new Error(fresh.error);
    const baseToken = await sandbox.oauthExchangeCode(new URL(fresh.redirect).searchParams.get('code')!);
    // snsapi_base names the person but does not show who they are.
    expect(await sandbox.oauthUserInfo(baseToken!)).toBeNull();
  });

  it('delivers template messages to its outbox, newest first, and refuses whom it is told to', async () => {
    const sandbox = new SandboxMessaging(() => 1);
    const message = { openid: 'a', templateId: 'lowStock', url: '', data: { first: { value: 'x' } } };
    expect(await sandbox.sendTemplate(message)).toMatchObject({ ok: true });
    expect(await sandbox.sendTemplate({ ...message, openid: 'b' })).toMatchObject({ ok: true });
    expect(sandbox.sentTemplates().map((m) => m.openid)).toEqual(['b', 'a']);
    expect(sandbox.sentTemplates('a')).toHaveLength(1);
    sandbox.refuseMessagesTo('a');
    expect(await sandbox.sendTemplate(message)).toEqual({
      ok: false,
      error: '43004 require subscribe',
      retry: false,
    });
  });
});
