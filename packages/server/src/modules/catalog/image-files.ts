import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_EXTENSIONS, type ImageType } from './image-type';

/** Stored paths look like '/uploads/ab/<sha256>.jpg'; nothing else is ever read from disk. */
export const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{2})\/([0-9a-f]{64})\.(jpg|png|gif|webp)$/;

const CONTENT_TYPES: Record<string, ImageType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface StoredFile {
  sha256: string;
  /** '/uploads/ab/<sha256>.<ext>' */
  path: string;
}

/**
 * Image files under DATA_DIR/uploads, named by the SHA-256 of their content: the same image uploaded twice is
 * stored once, a name never changes meaning, so they can be cached forever (by browsers and by a CDN in front).
 */
export class ImageFiles {
  constructor(private readonly root: string) {}

  /** Writes the file unless it is there already; a temporary name and a rename keep readers from half files. */
  async put(data: Uint8Array, type: ImageType): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const dir = sha256.slice(0, 2);
    const name = `${sha256}.${IMAGE_EXTENSIONS[type]}`;
    const target = path.join(this.root, dir, name);
    if (!fs.existsSync(target)) {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.rename(temp, target);
    }
    return { sha256, path: `/uploads/${dir}/${name}` };
  }

  /** The file behind a stored path, or null for anything that is not one of ours. */
  locate(urlPath: string): { file: string; contentType: ImageType; sha256: string } | null {
    const m = UPLOAD_PATH.exec(urlPath);
    if (!m) return null;
    const [, dir = '', sha256 = '', ext = ''] = m;
    const contentType = CONTENT_TYPES[ext];
    if (!contentType || !sha256.startsWith(dir)) return null;
    return { file: path.join(this.root, dir, `${sha256}.${ext}`), contentType, sha256 };
  }
}
