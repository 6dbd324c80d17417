import type { FastifyInstance } from 'fastify';

/*
 * How many bytes a request body may have (decision 042). JSON calls are small: the largest a form sends is a goods
 * item with its 5,000-character detail text (about 30 KB even with every character escaped), so 64 KiB is the
 * default and a body past it answers 413 BODY_TOO_LARGE before any handler runs (nothing changes). The calls named
 * here get more. The multipart uploads (catalog and bank-card files) are not read by this limit: their form reader
 * keeps its own (UPLOAD_MAX_BYTES for the file, a few short fields; decision 020).
 */

/** Every route's body limit unless LARGER_BODY_LIMITS names it. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** Routes that need more than JSON_BODY_LIMIT, by path. */
export const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  // A goods item: the detail text (5,000 characters) beside the description, tags and image references.
  '/api/v1/g/addPrivate': 128 * 1024,
  '/api/v1/g/editPrivate': 128 * 1024,
};

/** Gives the routes LARGER_BODY_LIMITS names their limit; call it before any route is registered. */
export function bodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const larger = LARGER_BODY_LIMITS[route.url];
    if (larger !== undefined && route.bodyLimit === undefined) route.bodyLimit = larger;
  });
}
