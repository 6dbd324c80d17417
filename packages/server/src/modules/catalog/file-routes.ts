import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import * as api from '@vendo/contract/api/catalog';
import { REGIONS_PATH } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import { SandboxMessaging } from '../../integrations/messaging/sandbox-messaging';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import type { CallRegistrar } from '../../platform/route';
import type { Catalog } from './catalog-module';
import { sniffImageType } from './image-type';
import { multipartForm } from './multipart-form';

export interface FileRouteDeps {
  catalog: Catalog;
  messaging: MessagingApp;
  maxBytes: number;
  /** A registrar for another Fastify scope, guarding calls exactly like the app's own. */
  registrar: (scope: FastifyInstance) => CallRegistrar;
  /** The app's list of registered calls, which the multipart calls join. */
  calls: CallRegistrar['registered'];
  dev: DevRoutes;
}

/**
 * Everything that is not a JSON call: the multipart uploads (in their own scope, so that the rest of the app keeps
 * accepting JSON only), the stored images, and the region tree.
 */
export function catalogFileRoutes(app: FastifyInstance, d: FileRouteDeps): void {
  void app.register(async (scope) => {
    await multipartForm(scope, d.maxBytes);
    const r = d.registrar(scope);
    r.session(api.upload, ({ auth, body }) => d.catalog.images.upload(auth, body.file, body.name));
    r.session(api.importGoods, ({ auth, body, locale }) =>
      d.catalog.importer.import(auth, body.file, locale),
    );
    // The sandbox JS-SDK's media store plays the platform's media server: a dev route like the sandbox's others.
    const messaging = d.messaging;
    if (messaging instanceof SandboxMessaging) {
      d.dev.add('POST', api.sandboxMediaUpload.path, () =>
        r.session(api.sandboxMediaUpload, async ({ body }) => {
          if (!body.file || body.file.data.length === 0) throw new AppError(RCODE.FILE_MISSING);
          const data = Buffer.from(body.file.data);
          return { server_id: messaging.putMedia(data, sniffImageType(data) ?? body.file.mimetype) };
        }),
      );
    }
    d.calls.push(...r.registered);
  });

  // Content-named files never change: cached for a year, revalidated by their hash.
  app.get<{ Params: { dir: string; file: string } }>('/uploads/:dir/:file', async (request, reply) => {
    const located = d.catalog.files.locate(`/uploads/${request.params.dir}/${request.params.file}`);
    const stat = located ? await fs.promises.stat(located.file).catch(() => null) : null;
    if (!located || !stat?.isFile()) return reply.callNotFound();
    const etag = `"${located.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .type(located.contentType)
      .header('content-length', stat.size)
      .send(fs.createReadStream(located.file));
  });

  // The picker's region tree: one static document, gzip-compressed ahead of time, revalidated by ETag.
  app.get(REGIONS_PATH, async (request, reply) => {
    const { json, gzip, etag } = d.catalog.regions.asset;
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzip);
    }
    return reply.send(json);
  });
}
