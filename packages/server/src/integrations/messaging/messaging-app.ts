/**
 * What the product needs from the messaging app (WeChat Official Account platform): the JS-SDK configuration
 * a page signs itself in with (wx.config), the temporary media the JS-SDK uploads from the phone
 * (wx.uploadImage answers a serverId; the server downloads the file by it), the OAuth web login (the
 * messaging-app login and the binding of notification recipients) and template messages (notifications).
 * A real adapter calls the platform's HTTP API with the account's credentials; the sandbox is the default and is
 * labelled wherever a person sees it.
 */
export interface MessagingApp extends MessagingOAuth {
  readonly name: string;
  readonly sandbox: boolean;
  /** wx.config parameters for the page at `url` (its fragment is ignored, as the platform signs without it). */
  jssdkConfig(url: string): Promise<JssdkConfig>;
  /**
   * A temporary media file by its serverId; null when unknown or expired (the platform keeps them 3 days);
   * 'too-large' past `maxBytes`, which an adapter reading from the network stops at rather than reads on.
   */
  downloadMedia(serverId: string, maxBytes: number): Promise<MediaFile | 'too-large' | null>;
}

export interface JssdkConfig {
  appId: string;
  /** Seconds since the epoch, as the platform wants it. */
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

export interface MediaFile {
  data: Buffer;
  /** What the platform claims; callers check the bytes themselves. */
  contentType: string;
}

/** The JS-SDK functions the web app uses: image upload and QR scan. */
export const JS_API_LIST = ['chooseImage', 'uploadImage', 'previewImage', 'scanQRCode'];

/**
 * The messaging app's OAuth web login and its template messages (the Official Account platform's
 * `connect/oauth2/authorize` → `sns/oauth2/access_token` → `sns/userinfo`, and `message/template/send`).
 */
export interface MessagingOAuth {
  /**
   * Where to send the browser: the platform's authorize page, which comes back to `redirectUri` with `code` and
   * `state` (or without a code when the person refuses).
   */
  oauthAuthorizeUrl(input: { redirectUri: string; state: string; scope: OAuthScope }): string;
  /** Trades a code (single use, minutes) for an access token and the openid; null when unknown or spent. */
  oauthExchangeCode(code: string): Promise<OAuthToken | null>;
  /** Nickname and avatar of the person behind a token (scope snsapi_userinfo); null when the token is dead. */
  oauthUserInfo(token: OAuthToken): Promise<OAuthUser | null>;
  /** Sends one template message; the answer says whether trying again could help. */
  sendTemplate(message: TemplateMessage): Promise<TemplateSendResult>;
}

export type OAuthScope = 'snsapi_base' | 'snsapi_userinfo';

export interface OAuthToken {
  accessToken: string;
  openid: string;
  unionid: string;
  /** epoch ms */
  expiresAt: number;
}

export interface OAuthUser {
  openid: string;
  unionid: string;
  nickname: string;
  headimgurl: string;
}

export interface TemplateMessage {
  openid: string;
  /** The platform's template id; the sandbox takes our template names. */
  templateId: string;
  /** Where tapping the message leads ('' for nowhere). */
  url: string;
  data: Record<string, { value: string }>;
}

export type TemplateSendResult = { ok: true; msgid: string } | { ok: false; error: string; retry: boolean };
