import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DevRoutes } from '../../platform/dev-routes';

/*
 * The pages a customer sees: the machine's purchase page (/buy/<sn>, what its QR code opens) and the sandbox
 * payment provider's cashier (/sandbox-pay/<tx>). Both are the web app's second entry (packages/web/buy.html and
 * src/buy, decision 029): one built HTML for every sn and tx, whose script reads them from the address and talks
 * to the public purchase calls of the contract. Its scripts and stylesheet are the web app's hashed assets, served
 * with the console's (app.ts, serveWebApp), under the same content security policy.
 */

/** The built page; without a build (the server's tests) the routes answer 503 and say how to build it. */
function builtPage(dist: string): string | null {
  const file = path.join(dist, 'buy.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** The cashier is a dev route (decision 019): production on the sandbox has no cashier. */
export function customerPages(
  app: FastifyInstance,
  options: { dist: string; sandbox: () => boolean; dev: DevRoutes },
): void {
  const html = builtPage(options.dist);
  const send = (reply: FastifyReply) =>
    html === null
      ? reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The customer page is not built: npm run build')
      : reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.get('/buy/:sn', async (_request, reply) => send(reply));
  options.dev.add('GET', '/sandbox-pay/:tx', () =>
    app.get('/sandbox-pay/:tx', async (_request, reply) =>
      options.sandbox() ? send(reply) : reply.callNotFound(),
    ),
  );
}
