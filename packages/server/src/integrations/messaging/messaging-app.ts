/**
 * What the product needs from the messaging app (WeChat Official Account platform): the JS-SDK configuration
 * a page signs itself in with (wx.config), and the temporary media the JS-SDK uploads from the phone
 * (wx.uploadImage answers a serverId; the server downloads the file by it). A real adapter calls the platform's
 * HTTP API with the account's credentials; the sandbox is the default and is labelled wherever a person sees it.
 */
export interface MessagingApp {
  readonly name: string;
  readonly sandbox: boolean;
  /** wx.config parameters for the page at `url` (its fragment is ignored, as the platform signs without it). */
  jssdkConfig(url: string): Promise<JssdkConfig>;
  /** A temporary media file by its serverId; null when unknown or expired (the platform keeps them 3 days). */
  downloadMedia(serverId: string): Promise<MediaFile | null>;
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
