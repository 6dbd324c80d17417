/**
 * Recognises an image by its first bytes. The file name and the browser's content type are the sender's claims;
 * the bytes are what a browser will decode, so only they decide.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

function startsWith(data: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
