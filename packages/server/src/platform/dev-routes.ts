import type { FastifyInstance } from 'fastify';
import type { Mode } from '../config';

export interface DevRoute {
  method: 'GET' | 'POST';
  url: string;
}

/**
 * A path that reads as a sandbox's or a developer's, so must be registered through DevRoutes: one under `/dev/` or
 * with a segment naming a sandbox. Files aside (a name with an extension): the built web app serves its own
 * sandbox JS-SDK's script (/assets/sandbox-scan-….js), which is no route of the server's sandboxes.
 */
function readsLikeDev(url: string): boolean {
  return url.includes('/dev/') || url.split('/').some((s) => /sandbox/i.test(s) && !/\.\w+$/.test(s));
}

/**
 * The routes only demo and test mode have: the sandboxes' back doors and the pages where a person plays the outside
 * service (the SMS and template outboxes, the sandbox OAuth authorize page, the sandbox cashier and its calls, the
 * sandbox JS-SDK's media store). Production answers them 404 like any unknown path (decision 019).
 *
 * Every such route is declared here when its module registers it, in every mode, so `all` is the one list the
 * production test walks; `guard` makes the app refuse, at registration, a route whose path reads like one but
 * was not declared, so a new one cannot be forgotten.
 */
export class DevRoutes {
  private readonly declared: DevRoute[] = [];

  constructor(readonly enabled: boolean) {}

  static forMode(mode: Mode): DevRoutes {
    return new DevRoutes(mode === 'demo' || mode === 'test');
  }

  /** Every dev route the app declares, registered or not. */
  get all(): readonly DevRoute[] {
    return this.declared;
  }

  /** Declares `route` and runs `register` (which adds exactly that route) only when dev routes are on. */
  add(method: DevRoute['method'], url: string, register: () => void): void {
    this.declared.push({ method, url });
    if (this.enabled) register();
  }

  /** Call before any route is added: every route is checked against the declared ones as it is added. */
  guard(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const declared = this.declared.some((d) => d.url === route.url);
      if (declared && !this.enabled) throw new Error(`dev route ${route.url} added while dev routes are off`);
      if (!declared && readsLikeDev(route.url)) {
        throw new Error(`${route.url} reads like a dev route: register it through DevRoutes.add`);
      }
    });
  }
}
