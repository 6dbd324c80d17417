import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/*
 * The headers every answer carries (decision 017). HTML pages — the console's index.html, the customer pages —
 * get a content security policy that allows scripts and styles from this server only; every answer gets nosniff,
 * a referrer policy and frame denial. Nothing here depends on a route: one onSend hook sees them all, the files
 * and the errors included.
 */

/** What the policy reads from the configuration. */
export type SecurityConfig = Pick<Config, 'imageHost' | 'webDist'>;

/** Answers of every kind. */
const EVERY_ANSWER = {
  // A file is what its Content-Type says, never what a browser guesses from its bytes.
  'x-content-type-options': 'nosniff',
  // Only the origin leaves, never a path or a query: /BindPassport and /PassportLoading carry a token and a
  // secret in theirs. Not no-referrer: a payment page may check that the customer came from the pay domain.
  'referrer-policy': 'strict-origin',
  // frame-ancestors 'none' for browsers that predate it.
  'x-frame-options': 'DENY',
} as const;

/** sha256 sources for the inline <style> elements of an HTML document (Vite's index.html has the boot screen's). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`,
  );
}

/** The origin of IMAGE_HOST, where goods images are served when it is set. */
function imageOrigin(imageHost: string | undefined): string[] {
  return imageHost ? [new URL(imageHost).origin] : [];
}

/** The content security policy of every HTML answer. */
export function contentSecurityPolicy(config: SecurityConfig): string {
  const index = path.join(config.webDist, 'index.html');
  const bootStyles = fs.existsSync(index) ? inlineStyleHashes(fs.readFileSync(index, 'utf8')) : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No inline script anywhere: the console is Vite's modules, the customer pages load theirs as files.
    'script-src': ["'self'"],
    // Stylesheets from here and the hashed <style> of index.html; React and antd-mobile style elements through
    // the CSSOM, which a policy does not restrict.
    'style-src': ["'self'", ...bootStyles],
    // Pictures: this server, IMAGE_HOST, data: (the favicon) and blob: (a picked photo's preview before upload).
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigin(config.imageHost)],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Sets the headers on every answer of the app; call it before any route is registered. */
export function securityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const policy = contentSecurityPolicy(config);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(EVERY_ANSWER);
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });
}
