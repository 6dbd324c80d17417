import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NOTIFY_BIND_PATH,
  OAUTH_CALLBACK_PATH,
  SANDBOX_OAUTH_AUTHORIZE_PATH,
  WXLOGIN_PATH_PREFIX,
} from '@vendo/contract/api/passport';
import { DEFAULT_AGENT } from '@vendo/contract/constants';
import { interpolate } from '@vendo/contract/locales';
import { RCODE, rcodeText, type Rcode } from '@vendo/contract/rcodes';
import { SandboxMessaging } from '../../integrations/messaging/sandbox-messaging';
import type { MessagingApp } from '../../integrations/messaging/messaging-app';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import { cookieOf, publicOrigin } from '../../platform/public-origin';
import type { Agents } from '../agents/agents';
import type { NotifyService } from '../notifications/notify-service';
import { OAUTH_COOKIE, OAUTH_COOKIE_MS, openIntent, sealIntent, type OAuthIntent } from './oauth-cookie';
import type { PassportService } from './passport-service';

export interface OAuthRouteDeps {
  messaging: MessagingApp;
  /** The routes of demo and test mode only: the sandbox's authorize page is one. */
  dev: DevRoutes;
  passport: PassportService;
  notify: NotifyService;
  agents: Agents;
  platformSecret: string;
  publicUrl: string | undefined;
  clock: () => number;
}

const SANDBOX_USER_COOKIE = 'vendo_sandbox_wx';

/**
 * The browser side of the messaging app's OAuth (pages, not calls; api/passport.ts describes the flow): the
 * login entry on the pay site, the bind link of a notification recipient, the callback both come back to, and
 * the sandbox's own authorize page.
 */
export function oauthRoutes(app: FastifyInstance, d: OAuthRouteDeps): void {
  const webPage = (request: FastifyRequest, path: string) =>
    d.publicUrl ? `${publicOrigin(d.publicUrl, request)}${path}` : path;
  const errorPage = (request: FastifyRequest, code: Rcode, params?: Record<string, string | number>) => {
    const text = rcodeText(code);
    const query = new URLSearchParams({
      msg: interpolate(text?.['zh-CN'] ?? '', params),
      enMsg: interpolate(text?.['en-US'] ?? '', params),
    });
    return webPage(request, `/error?${query.toString()}`);
  };
  const secure = (request: FastifyRequest) => (request.protocol === 'https' ? '; Secure' : '');

  const startOAuth = (request: FastifyRequest, reply: FastifyReply, intent: OAuthIntent) => {
    const { cookie, state } = sealIntent(d.platformSecret, intent, d.clock());
    const redirectUri = `${publicOrigin(d.publicUrl, request)}${OAUTH_CALLBACK_PATH}`;
    reply.header(
      'set-cookie',
      `${OAUTH_COOKIE}=${cookie}; Path=/; Max-Age=${OAUTH_COOKIE_MS / 1000}; HttpOnly; SameSite=Lax${secure(request)}`,
    );
    return reply.redirect(d.messaging.oauthAuthorizeUrl({ redirectUri, state, scope: 'snsapi_userinfo' }));
  };

  // 1. The messaging-app login entry (spec §7: the pay site's wxlogin/{agentId}, default agent 888888).
  app.get<{ Params: { agentId: string } }>(`${WXLOGIN_PATH_PREFIX}:agentId`, async (request, reply) => {
    const agent = await d.agents.brand(
      /^\w{1,32}$/.test(request.params.agentId) ? request.params.agentId : DEFAULT_AGENT,
    );
    return startOAuth(request, reply, { purpose: 'login', value: agent.id });
  });

  // 1'. A notification recipient's bind link.
  app.get<{ Querystring: { ticket?: string } }>(NOTIFY_BIND_PATH, async (request, reply) => {
    const ticket = String(request.query.ticket ?? '');
    if (!/^[0-9a-f]{64}$/.test(ticket) || !(await d.notify.bindTicketValid(ticket))) {
      return reply.redirect(errorPage(request, RCODE.NOTIFY_BIND_EXPIRED));
    }
    return startOAuth(request, reply, { purpose: 'notify', value: ticket });
  });

  // 2. Back from the messaging app with a code (or without one, when the person refused).
  app.get<{ Querystring: { code?: string; state?: string } }>(OAUTH_CALLBACK_PATH, async (request, reply) => {
    reply.header(
      'set-cookie',
      `${OAUTH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`,
    );
    const intent = openIntent(
      d.platformSecret,
      cookieOf(request, OAUTH_COOKIE),
      String(request.query.state ?? ''),
      d.clock(),
    );
    const code = String(request.query.code ?? '');
    if (!intent || !code) return reply.redirect(errorPage(request, RCODE.OAUTH_FAILED));
    const token = await d.messaging.oauthExchangeCode(code);
    const who = token ? await d.messaging.oauthUserInfo(token) : null;
    if (!who) return reply.redirect(errorPage(request, RCODE.OAUTH_FAILED));
    try {
      if (intent.purpose === 'notify') {
        await d.notify.completeBind(intent.value, who);
        const done = new URLSearchParams({ msg: '绑定成功', enMsg: 'Bind success' });
        return reply.redirect(webPage(request, `/success?${done.toString()}`));
      }
      // 3. The hand-over: token and secret for /PassportLoading, or a bind ticket for /BindPassport.
      const caller = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
      const handed = await d.passport.handOver(who, caller);
      const query = new URLSearchParams({ token: handed.token, secret: handed.secret });
      const page = handed.kind === 'session' ? '/PassportLoading' : '/BindPassport';
      return reply.redirect(webPage(request, `${page}?${query.toString()}`));
    } catch (error) {
      if (error instanceof AppError) return reply.redirect(errorPage(request, error.rcode, error.params));
      throw error;
    }
  });

  // The sandbox messaging app's authorize page: approves at once for the browser's sandbox user, any user the
  // browser names, so a dev route (demo and test mode only).
  const messaging = d.messaging;
  if (messaging instanceof SandboxMessaging) {
    d.dev.add('GET', SANDBOX_OAUTH_AUTHORIZE_PATH, () =>
      sandboxAuthorizePage(app, messaging, d.publicUrl, secure),
    );
  }
}

function sandboxAuthorizePage(
  app: FastifyInstance,
  messaging: SandboxMessaging,
  publicUrl: string | undefined,
  secure: (request: FastifyRequest) => string,
): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    SANDBOX_OAUTH_AUTHORIZE_PATH,
    async (request, reply) => {
      const q = request.query;
      const redirectUri = q['redirect_uri'] ?? '';
      // Like the platform's authorized domains: the code goes back to this server only.
      if (!redirectUri.startsWith(`${publicOrigin(publicUrl, request)}/`)) {
        return reply.status(400).type('text/plain; charset=utf-8').send('redirect_uri not allowed');
      }
      const answer = messaging.authorize({
        appid: q['appid'] ?? '',
        redirectUri,
        responseType: q['response_type'] ?? '',
        scope: q['scope'] ?? '',
        state: q['state'] ?? '',
        user: q['sandbox_user'] ?? cookieOf(request, SANDBOX_USER_COOKIE),
        nickname: q['nickname'],
      });
      if ('error' in answer) return reply.status(400).type('text/plain; charset=utf-8').send(answer.error);
      reply.header(
        'set-cookie',
        `${SANDBOX_USER_COOKIE}=${answer.openid}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure(request)}`,
      );
      return reply.redirect(answer.redirect);
    },
  );
}
