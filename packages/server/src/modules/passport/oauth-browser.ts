import type { FastifyInstance } from 'fastify';
import { SANDBOX_OAUTH_AUTHORIZE_PATH } from '@vendo/contract/api/passport';

/*
 * A browser walking the messaging app's OAuth pages inside this process (app.inject): how the tests follow the
 * login and bind links, and how the demo's notification recipient follows its bind link in the sandbox.
 */

/** Where the pages are served: the app (a TestApp is one). */
type Pages = { app: FastifyInstance };

/** A browser's cookies, by name. */
export type CookieJar = Map<string, string>;

/** One GET as a browser makes it: with the jar's cookies, keeping the ones the answer sets. */
export async function browse(
  t: Pages,
  url: string,
  jar: CookieJar,
): Promise<{ status: number; location: string; body: string }> {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.inject({
    method: 'GET',
    url: url.split('#')[0]!,
    headers: cookie ? { cookie } : {},
  });
  const set = response.headers['set-cookie'];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    if (/Max-Age=0/.test(line)) jar.delete(name!.trim());
    else jar.set(name!.trim(), value.join('='));
  }
  return {
    status: response.statusCode,
    location: String(response.headers.location ?? ''),
    body: response.body,
  };
}

/**
 * Follows a browser through the messaging app's OAuth from `start` (the login entry or a bind link) until it lands
 * on a page of the web app; at the sandbox's authorize page it is the sandbox user `user`. Answers that page.
 */
export async function followOAuth(
  t: Pages,
  start: string,
  options: { user?: string; nickname?: string; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = options.jar ?? new Map();
  let url = start;
  for (let hop = 0; hop < 6; hop++) {
    const target = new URL(url, 'http://localhost');
    if (target.pathname === SANDBOX_OAUTH_AUTHORIZE_PATH) {
      if (options.user) target.searchParams.set('sandbox_user', options.user);
      if (options.nickname) target.searchParams.set('nickname', options.nickname);
    }
    const answer = await browse(t, `${target.pathname}${target.search}`, jar);
    if (answer.status !== 302) throw new Error(`${target.pathname}: ${answer.status} ${answer.body}`);
    const next = new URL(answer.location, 'http://localhost');
    if (!next.pathname.startsWith('/p/') && !next.pathname.startsWith('/wxlogin/')) return next;
    url = `${next.pathname}${next.search}`;
  }
  throw new Error('too many redirects');
}
