import {
  uploadImage,
  uploadImageForShare,
  uploadWxImage,
  uploadWxImageForShare,
  type BankImageField,
} from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import { uploadCall } from '../../../lib/upload';
import type { ShareCredentials } from './add-bank';

/*
 * A certificate photo, stored privately (never under /uploads): inside WeChat the JS-SDK's serverId
 * (/k/uploadWxImage), elsewhere the file itself (/k/uploadImage). The shared editor has the same two calls
 * under /p/v1 with the invitation's token and secret.
 */

export function uploadWxPhoto(type: BankImageField, serverId: string, share: ShareCredentials | null) {
  return share
    ? callApi(uploadWxImageForShare, { ...share, type, server_id: serverId }, { quiet: true })
    : callApi(uploadWxImage, { type, server_id: serverId }, { quiet: true });
}

export function uploadFilePhoto(type: BankImageField, file: File, share: ShareCredentials | null) {
  return share
    ? uploadCall(uploadImageForShare, { file: { file }, type, ...share }, { quiet: true })
    : uploadCall(uploadImage, { file: { file }, type }, { quiet: true });
}
