import { UPLOAD_PATH } from './image-files';

/**
 * Images are stored as paths ('/uploads/ab/….jpg') and leave the server as URLs on the image host, so a CDN can
 * serve them and the host can change without touching stored rows. Without an image host the path itself is the
 * URL (same origin as the app). Coming back in, a URL on the image host or on the public URL is turned back into
 * its path; anything else is not one of our images.
 */
export class ImageUrls {
  private readonly prefixes: string[];

  constructor(
    private readonly imageHost: string | undefined,
    publicUrl: string | undefined,
  ) {
    this.prefixes = [imageHost, publicUrl?.replace(/\/+$/, '')].filter((p): p is string => !!p);
  }

  toUrl(storedPath: string): string {
    return storedPath ? `${this.imageHost ?? ''}${storedPath}` : '';
  }

  /** The stored path of an image URL or path we served, or null. */
  toPath(input: string): string | null {
    let candidate = input.trim();
    for (const prefix of this.prefixes) {
      if (candidate.startsWith(`${prefix}/`)) {
        candidate = candidate.slice(prefix.length);
        break;
      }
    }
    return UPLOAD_PATH.test(candidate) ? candidate : null;
  }
}
