import type { FastifyRequest } from 'fastify';

/**
 * The origin people reach this server at, for links the server writes (bind links, OAuth redirects): PUBLIC_URL
 * when set, otherwise the origin of the request itself (behind a proxy, its X-Forwarded-* headers, trusted as
 * app.ts configures).
 */
export function publicOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** A cookie of the request by name. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
