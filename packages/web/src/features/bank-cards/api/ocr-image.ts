import { ocrImage, ocrImageForShare, type OCR_IMAGE_FIELDS } from '@vendo/contract/api/bank-cards';
import { callApi } from '../../../lib/api-client';
import type { ShareCredentials } from './add-bank';

/** Reads an uploaded card or ID front (sandbox OCR unless one is configured); OCR_FAILED when it cannot. */
export function readPhoto(
  imageId: string,
  type: (typeof OCR_IMAGE_FIELDS)[number],
  share: ShareCredentials | null,
) {
  return share
    ? callApi(ocrImageForShare, { ...share, image_id: imageId, type }, { quiet: true })
    : callApi(ocrImage, { image_id: imageId, type }, { quiet: true });
}
