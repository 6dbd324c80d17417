import { createHash } from 'node:crypto';
import { randomToken } from '../../platform/crypto';
import {
  JS_API_LIST,
  type JssdkConfig,
  type MediaFile,
  type MessagingApp,
  type OAuthScope,
  type OAuthToken,
  type OAuthUser,
  type TemplateMessage,
  type TemplateSendResult,
} from './messaging-app';

/** The platform's OAuth codes live 5 minutes and are single use; access tokens 2 hours. */
export const OAUTH_CODE_MS = 5 * 60 * 1000;
export const OAUTH_TOKEN_MS = 2 * 3600 * 1000;

/** A template message the sandbox delivered, as the sandbox outbox shows it. */
export interface SentTemplate extends TemplateMessage {
  msgid: string;
  sentAt: number;
}

/** What the sandbox OAuth page received: the real authorize page's query, plus who the sandbox user is. */
export interface SandboxAuthorizeRequest {
  appid: string;
  redirectUri: string;
  responseType: string;
  scope: string;
  state: string;
  /** The sandbox user (an openid of this sandbox); a new one is made when absent. */
  user?: string | undefined;
  nickname?: string | undefined;
}

/** The platform keeps temporary media 3 days. */
export const MEDIA_VALID_MS = 3 * 24 * 3600 * 1000;

interface StoredMedia extends MediaFile {
  expiresAt: number;
}

/**
 * Behaves like the messaging app without reaching it: wx.config is signed the platform's way (sha1 over the
 * jsapi_ticket, nonce, timestamp and url) with a ticket of this process, and the media store plays the platform's
 * media server: the sandbox JS-SDK in the web app uploads a chosen image here (POST /api/v1/dev/sandboxMediaUpload)
 * and gets a serverId, which /g/uploadWx then downloads like the real thing. OAuth runs the real redirect, code and
 * token steps against the sandbox's own authorize page (which approves at once, as the platform does for a user
 * who consented before), and template messages land in an outbox that the sandbox-only outbox call reads.
 * Memory is bounded and one process only, which is all a sandbox is for.
 */
export class SandboxMessaging implements MessagingApp {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly appId = 'wx00000000sandbox';
  private readonly ticket = randomToken();
  private readonly media = new Map<string, StoredMedia>();
  private storedBytes = 0;
  private readonly users = new Map<string, { nickname: string; headimgurl: string }>();
  private readonly codes = new Map<string, { openid: string; scope: string; expiresAt: number }>();
  private readonly tokens = new Map<string, { openid: string; scope: string; expiresAt: number }>();
  private readonly outbox: SentTemplate[] = [];
  /** openids whose messages the sandbox refuses, as the platform does for someone who unfollowed. */
  private readonly refusing = new Set<string>();

  constructor(
    private readonly clock: () => number,
    private readonly limits = { items: 500, bytes: 200 * 1024 * 1024 },
  ) {}

  async jssdkConfig(url: string): Promise<JssdkConfig> {
    const timestamp = Math.floor(this.clock() / 1000);
    const nonceStr = randomToken().slice(0, 16);
    const page = url.split('#')[0] ?? '';
    const signature = createHash('sha1')
      .update(`jsapi_ticket=${this.ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`)
      .digest('hex');
    return { appId: this.appId, timestamp, nonceStr, signature, jsApiList: JS_API_LIST };
  }

  async downloadMedia(serverId: string, maxBytes: number): Promise<MediaFile | 'too-large' | null> {
    const item = this.media.get(serverId);
    if (!item) return null;
    if (item.expiresAt <= this.clock()) {
      this.forget(serverId);
      return null;
    }
    if (item.data.length > maxBytes) return 'too-large';
    return { data: item.data, contentType: item.contentType };
  }

  /** The sandbox JS-SDK's uploadImage: keeps the file and answers its serverId. */
  putMedia(data: Buffer, contentType: string): string {
    const serverId = randomToken();
    this.media.set(serverId, { data, contentType, expiresAt: this.clock() + MEDIA_VALID_MS });
    this.storedBytes += data.length;
    // Oldest first: a Map iterates in insertion order.
    for (const id of this.media.keys()) {
      if (this.media.size <= this.limits.items && this.storedBytes <= this.limits.bytes) break;
      if (id !== serverId) this.forget(id);
    }
    return serverId;
  }

  // -------------------------------------------------------------------------------------------------------
  // OAuth web login

  /** The sandbox's authorize page (api/passport.ts SANDBOX_OAUTH_AUTHORIZE_PATH) on this server. */
  oauthAuthorizeUrl(input: { redirectUri: string; state: string; scope: OAuthScope }): string {
    const query = new URLSearchParams({
      appid: this.appId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: input.scope,
      state: input.state,
    });
    return `/p/v1/dev/oauth2/authorize?${query.toString()}#wechat_redirect`;
  }

  /**
   * The authorize page: checks the request like the platform (app id, response type, scope), approves for the
   * sandbox user and answers where to send the browser: redirect_uri with code and state.
   */
  authorize(request: SandboxAuthorizeRequest): { redirect: string; openid: string } | { error: string } {
    if (request.appid !== this.appId) return { error: 'invalid appid' };
    if (request.responseType !== 'code') return { error: 'invalid response_type' };
    if (request.scope !== 'snsapi_base' && request.scope !== 'snsapi_userinfo')
      return { error: 'invalid scope' };
    let target: URL;
    try {
      target = new URL(request.redirectUri);
    } catch {
      return { error: 'invalid redirect_uri' };
    }
    const openid =
      request.user && /^[A-Za-z0-9_-]{6,64}$/.test(request.user) ? request.user : this.newOpenid();
    if (!this.users.has(openid) || request.nickname) {
      this.users.set(openid, {
        nickname: request.nickname?.slice(0, 50) || `沙箱用户${openid.slice(-4)}`,
        headimgurl: sandboxAvatar(openid),
      });
    }
    this.sweep(this.codes);
    const code = randomToken().slice(0, 32);
    this.codes.set(code, { openid, scope: request.scope, expiresAt: this.clock() + OAUTH_CODE_MS });
    target.searchParams.set('code', code);
    target.searchParams.set('state', request.state);
    return { redirect: target.toString(), openid };
  }

  async oauthExchangeCode(code: string): Promise<OAuthToken | null> {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt <= this.clock()) return null;
    this.sweep(this.tokens);
    const accessToken = randomToken();
    const expiresAt = this.clock() + OAUTH_TOKEN_MS;
    this.tokens.set(accessToken, { openid: grant.openid, scope: grant.scope, expiresAt });
    return { accessToken, openid: grant.openid, unionid: '', expiresAt };
  }

  async oauthUserInfo(token: OAuthToken): Promise<OAuthUser | null> {
    const grant = this.tokens.get(token.accessToken);
    if (!grant || grant.expiresAt <= this.clock() || grant.openid !== token.openid) return null;
    if (grant.scope !== 'snsapi_userinfo') return null;
    const user = this.users.get(grant.openid);
    if (!user) return null;
    return { openid: grant.openid, unionid: '', nickname: user.nickname, headimgurl: user.headimgurl };
  }

  // -------------------------------------------------------------------------------------------------------
  // Template messages

  async sendTemplate(message: TemplateMessage): Promise<TemplateSendResult> {
    if (this.refusing.has(message.openid)) {
      return { ok: false, error: '43004 require subscribe', retry: false };
    }
    const msgid = randomToken().slice(0, 20);
    this.outbox.push({ ...message, msgid, sentAt: this.clock() });
    if (this.outbox.length > this.limits.items) this.outbox.shift();
    return { ok: true, msgid };
  }

  /** Delivered template messages, newest first; only one person's when openid is given. */
  sentTemplates(openid?: string): SentTemplate[] {
    return this.outbox.filter((m) => !openid || m.openid === openid).reverse();
  }

  /** Makes the sandbox refuse (or accept again) messages to someone, as when a person unfollows the account. */
  refuseMessagesTo(openid: string, refuse = true): void {
    if (refuse) this.refusing.add(openid);
    else this.refusing.delete(openid);
  }

  private newOpenid(): string {
    return `sbx_${randomToken().slice(0, 24)}`;
  }

  private sweep(map: Map<string, { expiresAt: number }>): void {
    const now = this.clock();
    for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key);
    // Bounded like the media store: the oldest go first.
    for (const key of map.keys()) {
      if (map.size <= this.limits.items) break;
      map.delete(key);
    }
  }

  private forget(serverId: string): void {
    const item = this.media.get(serverId);
    if (!item) return;
    this.storedBytes -= item.data.length;
    this.media.delete(serverId);
  }
}

const AVATAR_COLOURS = ['#1677ff', '#00b578', '#ff8f1f', '#ff3141', '#7c3aed'];

/** A small SVG avatar as a data URL: a coloured circle with the openid's last character, like a default head. */
export function sandboxAvatar(openid: string): string {
  const digest = createHash('sha1').update(openid).digest();
  const colour = AVATAR_COLOURS[digest[0]! % AVATAR_COLOURS.length];
  const letter = openid
    .slice(-1)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'S');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
