import { useQuery } from '@tanstack/react-query';
import { sandboxMediaUpload } from '@vendo/contract/api/catalog';
import { callApi } from './api-client';
import { isWeChat } from './browser';
import { pickFiles, uploadCall } from './upload';

/**
 * The messaging app's JS-SDK as the screens use it: the two steps of wx.chooseImage and wx.uploadImage, and
 * wx.scanQRCode. Image upload inside the messaging-app browser goes through it (spec §1); the server then fetches
 * each serverId from the platform's media store (/g/uploadWx, /g/uploadMutiWx). /deviceBindEnter scans the bind
 * code on a machine with it.
 */
export interface MessagingSdk {
  /** True for the sandbox standing in for the platform: screens must label it so (DESIGN). */
  readonly sandbox: boolean;
  /** wx.chooseImage: the person picks up to `count` images; their local ids, [] when they cancel. */
  chooseImage(count: number): Promise<string[]>;
  /** A local id usable as an <img> src, for a preview before upload. */
  previewUrl(localId: string): string;
  /** wx.uploadImage: puts one chosen image on the platform's media server; its serverId. */
  uploadImage(localId: string): Promise<string>;
  /** wx.scanQRCode with needResult: the text the code holds, or null when the person cancels. */
  scanQRCode(): Promise<string | null>;
}

/** The sandbox scanner asks for the text by hand; its dialog (and antd-mobile's) loads on first use. */
const askScannedText = () => import('./sandbox-scan').then((m) => m.askScannedText());

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The sandbox SDK: the phone's own file chooser picks the images and the server's sandbox media store plays the
 * platform's media server (/api/v1/dev/sandboxMediaUpload answers a serverId, as wx.uploadImage does). Scanning
 * has no camera: the person pastes or types what the code holds, in a dialog labelled sandbox.
 */
export function createSandboxSdk(
  pick: typeof pickFiles = pickFiles,
  scan: () => Promise<string | null> = askScannedText,
): MessagingSdk {
  const chosen = new Map<string, File>();
  return {
    sandbox: true,
    async chooseImage(count) {
      const files = (await pick({ accept: IMAGE_ACCEPT, multiple: count > 1 })).slice(0, Math.max(1, count));
      return files.map((file) => {
        const localId = URL.createObjectURL(file);
        chosen.set(localId, file);
        return localId;
      });
    },
    previewUrl: (localId) => localId,
    async uploadImage(localId) {
      const file = chosen.get(localId);
      if (!file) throw new Error(`unknown local id ${localId}`);
      const { server_id } = await uploadCall(sandboxMediaUpload, { file: { file } }, { quiet: true });
      chosen.delete(localId);
      URL.revokeObjectURL(localId);
      return server_id;
    },
    scanQRCode: scan,
  };
}

/**
 * The SDK of this page, or null: outside the messaging-app browser there is none, and when the server is bound to
 * the real platform this build has no client for it yet, so the screens fall back to the plain upload.
 * wx.config's answer says which (sandbox: true).
 */
export async function loadMessagingSdk(userAgent: string, pageUrl: string): Promise<MessagingSdk | null> {
  if (!isWeChat(userAgent)) return null;
  // wx.config's call lives with the device calls, whose schemas only the messaging-app browser needs here.
  const { getMJssdkConfig } = await import('@vendo/contract/api/devices');
  const config = await callApi(getMJssdkConfig, { url: pageUrl.split('#')[0] ?? pageUrl }, { quiet: true });
  return config.sandbox ? createSandboxSdk() : null;
}

/**
 * Loads the SDK when the screen opens, so that a tap can open the chooser at once (choosers open only inside the
 * tap's user gesture, which a round trip could outlast). `enabled: false` for pages without a login (the shared
 * bank-card invitation): wx.config is a session call, and its 604 would send the visitor to /login.
 */
export function useMessagingSdk(enabled = true) {
  return useQuery({
    queryKey: ['messaging-sdk'],
    queryFn: () => loadMessagingSdk(navigator.userAgent, window.location.href).catch(() => null),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
}
