import type { GoodsImage } from '@vendo/contract/api/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { isWeChat } from '../../../lib/browser';
import { IMAGE_ACCEPT, useMessagingSdk } from '../../../lib/messaging-sdk';
import { toast } from '../../../lib/notify';
import { pickFiles } from '../../../lib/upload';
import { useUploadImage } from '../api/upload-image';
import { useUploadMutiWx } from '../api/upload-muti-wx';
import { useUploadWx } from '../api/upload-wx';

/**
 * Getting images into the library (spec §1, §7). Inside the messaging-app browser: its JS-SDK (choose, upload
 * to the platform, then /g/uploadWx or /g/uploadMutiWx). Elsewhere the plain multipart /g/upload, which desktop
 * browsers keep using. Both report "upload image success" or "upload image failed" (spec §7).
 */
export function useImageUpload() {
  const { t } = useTranslation('catalog');
  const [inWeChat] = useState(() => isWeChat(navigator.userAgent));
  const sdk = useMessagingSdk();
  const plain = useUploadImage();
  const one = useUploadWx();
  const many = useUploadMutiWx();
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown) =>
    toast(t('image.uploadFailedWith', { reason: errorText(error) }), { icon: 'fail', duration: 3000 });

  /** Through the messaging app: all chosen images or none (uploadMutiWx stores all or none). */
  const throughSdk = async (max: number): Promise<GoodsImage[]> => {
    const messaging = sdk.data;
    if (!messaging) return [];
    const localIds = await messaging.chooseImage(max);
    if (localIds.length === 0) return [];
    setBusy(true);
    try {
      const serverIds: string[] = [];
      for (const localId of localIds) serverIds.push(await messaging.uploadImage(localId));
      const images =
        serverIds.length === 1
          ? [await one.mutateAsync(serverIds[0] ?? '')]
          : (await many.mutateAsync(serverIds)).data;
      toast(t('image.uploadSuccess'), { icon: 'success' });
      return images;
    } catch (error) {
      failed(error);
      return [];
    } finally {
      setBusy(false);
    }
  };

  /** The plain upload, one file after another; what arrived before a failure stays. */
  const fromDevice = async (max: number): Promise<GoodsImage[]> => {
    const files = (await pickFiles({ accept: IMAGE_ACCEPT, multiple: max > 1 })).slice(0, max);
    if (files.length === 0) return [];
    setBusy(true);
    const images: GoodsImage[] = [];
    try {
      for (const file of files) images.push(await plain.mutateAsync(file));
      toast(t('image.uploadSuccess'), { icon: 'success' });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
    return images;
  };

  return {
    /** 'sdk': the messaging app's chooser; 'plain': a file input; 'pending': still asking wx.config. */
    mode: sdk.data ? ('sdk' as const) : inWeChat && sdk.isPending ? ('pending' as const) : ('plain' as const),
    sandbox: sdk.data?.sandbox ?? false,
    /** Outside the messaging-app browser: the prompt to use it (spec §1) shows beside the plain upload. */
    promptMessagingApp: !inWeChat,
    busy,
    upload: (max: number) => (sdk.data ? throughSdk(max) : fromDevice(max)),
  };
}
