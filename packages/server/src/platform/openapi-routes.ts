import type { FastifyInstance } from 'fastify';
import { openApiDocument, type OpenApiDocument, type RegisteredCall } from './openapi';
import { API_REFERENCE_CSS, apiReferencePage } from './openapi-page';

/**
 * GET /p/v1/openapi.json (the OpenAPI 3.1 document of every registered call), /p/v1/api-docs (the same as a
 * readable page) and its stylesheet. Made on first request from the calls as registered by then (all of them:
 * the app registers these last) and kept, so a call added to the code is in the next process's document.
 */
export function openApiRoutes(
  app: FastifyInstance,
  options: { calls: readonly RegisteredCall[]; version: string },
): void {
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  const document = () => (doc ??= openApiDocument(options.calls, options.version));
  app.get('/p/v1/openapi.json', async (_request, reply) => reply.type('application/json').send(document()));
  app.get('/p/v1/api-docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send((page ??= apiReferencePage(document()))),
  );
  app.get('/p/v1/api-docs.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(API_REFERENCE_CSS),
  );
}
