import type { Kysely } from 'kysely';
import { IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_SIDE, type GoodsImage } from '@vendo/contract/api/catalog';
import { zonedDate } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf, type Scope } from '../../platform/scope';
import type { ImageFiles } from './image-files';
import { inspectImage } from './image-header';
import type { ImageType } from './image-type';
import type { ImageUrls } from './image-urls';
import { contains, pageWindow } from '../../db/list-query';

export interface ImageLibraryDeps {
  db: Kysely<Database>;
  files: ImageFiles;
  urls: ImageUrls;
  messaging: MessagingApp;
  maxBytes: number;
  clock: () => number;
}

interface CheckedImage {
  data: Uint8Array;
  type: ImageType;
  name: string;
}

interface ImageRow {
  id: number;
  name: string;
  path: string;
  content_type: string;
  bytes: number;
  created_at: number;
}

/**
 * The image library of /goodsManage: uploads from the desktop (multipart) and from the messaging-app browser
 * (JS-SDK serverIds), each checked by its bytes and size, stored once by content, and listed as named entries.
 * Staff limited to their own goods see and change only the images they uploaded.
 */
export class ImageLibrary {
  constructor(private readonly d: ImageLibraryDeps) {}

  async upload(
    auth: AuthContext,
    file: { filename: string; data: Uint8Array } | undefined,
    name: string,
  ): Promise<GoodsImage> {
    if (!file || file.data.length === 0) throw new AppError(RCODE.FILE_MISSING);
    const image = this.check(file.data, name || baseName(file.filename) || this.defaultName(auth));
    const [stored] = await this.store(auth, [image]);
    return stored!;
  }

  async uploadFromMessaging(auth: AuthContext, serverIds: string[]): Promise<GoodsImage[]> {
    // Everything is fetched and checked before anything is stored: all or none.
    const images: CheckedImage[] = [];
    for (const [i, serverId] of serverIds.entries()) {
      const media = await this.d.messaging.downloadMedia(serverId, this.d.maxBytes);
      if (!media) throw new AppError(RCODE.MEDIA_NOT_FOUND);
      if (media === 'too-large')
        throw new AppError(RCODE.FILE_TOO_LARGE, { max: megabytes(this.d.maxBytes) });
      const name = serverIds.length > 1 ? `${this.defaultName(auth)}-${i + 1}` : this.defaultName(auth);
      images.push(this.check(media.data, name));
    }
    return this.store(auth, images);
  }

  async list(
    auth: AuthContext,
    req: { pageNum: number; pageSize: number; condition: { name?: string | undefined } },
  ): Promise<{ data: GoodsImage[]; count: number }> {
    const scope = await scopeOf(this.d.db, auth);
    let query = this.d.db
      .selectFrom('goods_images')
      .innerJoin('uploads', 'uploads.id', 'goods_images.upload_id')
      .where('goods_images.merchant_id', '=', scope.merchantId);
    if (scope.goodsOwnOnly) query = query.where('goods_images.created_by', '=', scope.userId);
    if (req.condition.name) query = query.where(contains('goods_images.name', req.condition.name));
    const { count } = await query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(req);
    const rows = await query
      .select([
        'goods_images.id',
        'goods_images.name',
        'goods_images.created_at',
        'uploads.path',
        'uploads.content_type',
        'uploads.bytes',
      ])
      .orderBy('goods_images.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { data: rows.map((r) => this.present(r)), count: Number(count) };
  }

  /**
   * The stored path of an image URL (or path) when the merchant's library holds it, else null: what other modules
   * (advertisements) may show of the library.
   */
  async held(merchantId: number, ref: string): Promise<string | null> {
    const path = this.d.urls.toPath(ref);
    if (!path) return null;
    const row = await this.d.db
      .selectFrom('goods_images')
      .innerJoin('uploads', 'uploads.id', 'goods_images.upload_id')
      .select('uploads.path')
      .where('goods_images.merchant_id', '=', merchantId)
      .where('uploads.path', '=', path)
      .executeTakeFirst();
    return row ? row.path : null;
  }

  /** The URL an image's stored path is served at (through the image host). */
  url(storedPath: string): string {
    return this.d.urls.toUrl(storedPath);
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<void> {
    const scope = await scopeOf(this.d.db, auth);
    await this.entry(scope, id);
    await this.d.db.updateTable('goods_images').set({ name }).where('id', '=', id).execute();
  }

  /**
   * Removes the library entry. The file stays: goods may show it and other entries may hold the same content,
   * and a content-named file never changes, so keeping it is always safe.
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const scope = await scopeOf(this.d.db, auth);
    await this.entry(scope, id);
    await this.d.db.deleteFrom('goods_images').where('id', '=', id).execute();
  }

  private async entry(scope: Scope, id: number): Promise<void> {
    const row = await this.d.db
      .selectFrom('goods_images')
      .select(['id', 'created_by'])
      .where('merchant_id', '=', scope.merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || (scope.goodsOwnOnly && row.created_by !== scope.userId)) {
      throw new AppError(RCODE.IMAGE_NOT_FOUND);
    }
  }

  /** The bytes decide: one of the four types, whole (structure read to its end), and not too big to show. */
  private check(data: Uint8Array, name: string): CheckedImage {
    if (data.length === 0) throw new AppError(RCODE.FILE_MISSING);
    if (data.length > this.d.maxBytes)
      throw new AppError(RCODE.FILE_TOO_LARGE, { max: megabytes(this.d.maxBytes) });
    const image = inspectImage(data);
    if (image.kind === 'not-image') throw new AppError(RCODE.IMAGE_TYPE_REFUSED);
    if (image.kind === 'damaged') throw new AppError(RCODE.IMAGE_DAMAGED);
    const { width, height } = image;
    if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_MEGAPIXELS * 1e6) {
      throw new AppError(RCODE.IMAGE_TOO_MANY_PIXELS, {
        side: IMAGE_MAX_SIDE,
        megapixels: IMAGE_MAX_MEGAPIXELS,
      });
    }
    return { data, type: image.type, name: name.slice(0, 50) };
  }

  /** Files first (content-named, so a rollback leaves at most an unused file), then the rows in one transaction. */
  private async store(auth: AuthContext, images: CheckedImage[]): Promise<GoodsImage[]> {
    const stored = await Promise.all(images.map((img) => this.d.files.put(img.data, img.type)));
    const now = this.d.clock();
    const rows = await this.d.db.transaction().execute(async (trx) => {
      const out: ImageRow[] = [];
      for (const [i, image] of images.entries()) {
        const file = stored[i]!;
        await trx
          .insertInto('uploads')
          .values({
            sha256: file.sha256,
            path: file.path,
            content_type: image.type,
            bytes: image.data.length,
            created_at: now,
          })
          .onConflict((oc) => oc.column('sha256').doNothing())
          .execute();
        const upload = await trx
          .selectFrom('uploads')
          .select(['id', 'path', 'content_type', 'bytes'])
          .where('sha256', '=', file.sha256)
          .executeTakeFirstOrThrow();
        const entry = await trx
          .insertInto('goods_images')
          .values({
            merchant_id: auth.merchant.id,
            upload_id: upload.id,
            name: image.name,
            created_by: auth.user.id,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out.push({
          id: entry.id,
          name: image.name,
          path: upload.path,
          content_type: upload.content_type,
          bytes: upload.bytes,
          created_at: now,
        });
      }
      return out;
    });
    return rows.map((r) => this.present(r));
  }

  private present(row: ImageRow): GoodsImage {
    return {
      img_id: row.id,
      name: row.name,
      url: this.d.urls.toUrl(row.path),
      content_type: row.content_type,
      bytes: Number(row.bytes),
      create_time: row.created_at,
    };
  }

  /** 'IMG_20261122_103000' in the merchant's zone, for images that arrive without a name. */
  private defaultName(auth: AuthContext): string {
    const d = zonedDate(this.d.clock(), auth.merchant.time_zone);
    const two = (n: number) => String(n).padStart(2, '0');
    return `IMG_${d.year}${two(d.month)}${two(d.day)}_${two(d.hour)}${two(d.minute)}${two(d.second)}`;
  }
}

function baseName(filename: string): string {
  return filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();
}

export function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 10) / 10);
}
