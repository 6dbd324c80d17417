import { createHash } from 'node:crypto';
import { randomToken } from '../../platform/crypto';
import { JS_API_LIST, type JssdkConfig, type MediaFile, type MessagingApp } from './messaging-app';

/** The platform keeps temporary media 3 days. */
export const MEDIA_VALID_MS = 3 * 24 * 3600 * 1000;

interface StoredMedia extends MediaFile {
  expiresAt: number;
}

/**
 * Behaves like the messaging app without reaching it: wx.config is signed the platform's way (sha1 over the
 * jsapi_ticket, nonce, timestamp and url) with a ticket of this process, and the media store plays the platform's
 * media server: the sandbox JS-SDK in the web app uploads a chosen image here (POST /api/v1/dev/sandboxMediaUpload)
 * and gets a serverId, which /g/uploadWx then downloads like the real thing. Memory is bounded and one process
 * only, which is all a sandbox is for.
 */
export class SandboxMessaging implements MessagingApp {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly appId = 'wx00000000sandbox';
  private readonly ticket = randomToken();
  private readonly media = new Map<string, StoredMedia>();
  private storedBytes = 0;

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

  async downloadMedia(serverId: string): Promise<MediaFile | null> {
    const item = this.media.get(serverId);
    if (!item) return null;
    if (item.expiresAt <= this.clock()) {
      this.forget(serverId);
      return null;
    }
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

  private forget(serverId: string): void {
    const item = this.media.get(serverId);
    if (!item) return;
    this.storedBytes -= item.data.length;
    this.media.delete(serverId);
  }
}
