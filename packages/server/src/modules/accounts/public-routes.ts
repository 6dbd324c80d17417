import { sql, type Kysely } from 'kysely';
import * as api from '@vendo/contract/api/account';
import { RCODE } from '@vendo/contract/rcodes';
import type { Config } from '../../config';
import type { Dialect } from '../../db/create-db';
import type { Database } from '../../db/database';
import type { Providers } from '../../integrations/providers';
import { AppError } from '../../platform/app-error';
import type { DevRoutes } from '../../platform/dev-routes';
import type { CallRegistrar } from '../../platform/route';
import type { Agents } from '../agents/agents';

/**
 * The calls a phone makes before anyone logs in: health, the app's configuration (mode, browser gate, which
 * integrations are sandboxes, the messaging-app login entry, the agent's brand) and, in demo and test mode, the
 * sandbox SMS outbox.
 */
export function publicRoutes(
  r: CallRegistrar,
  d: {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Pick<Config, 'mode' | 'browserGate' | 'payDomain'>;
    providers: Providers;
    agents: Agents;
    dev: DevRoutes;
    version: string;
    clock: () => number;
  },
): void {
  const { config, providers, agents, dev } = d;
  const { sms, messaging, payments } = providers;

  /** The messaging-app login entry on the pay site (spec §7 wxlogin/{agentId}); relative without a pay domain. */
  async function wechatLogin(agentId: string | undefined): Promise<{ configured: boolean; url: string }> {
    const agent = await agents.brand(agentId);
    const domain = config.payDomain.trim().replace(/\/+$/, '');
    const base = !domain ? '' : /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
    // The sandbox's OAuth authorize page is a dev route: production on the sandbox has no messaging-app login.
    const configured = !messaging.sandbox || dev.enabled;
    return { configured, url: `${base}/wxlogin/${encodeURIComponent(agent.id)}` };
  }

  r.public(api.health, async () => {
    await sql`select 1`.execute(d.db);
    return { status: 'ok' as const, version: d.version, time: d.clock(), db: d.dialect };
  });
  r.public(api.getAppConfig, async ({ body }) => ({
    mode: config.mode,
    browserGate: config.browserGate,
    sandbox: { sms: sms.sandbox, payments: payments.sandbox, messaging: messaging.sandbox },
    wechatLogin: await wechatLogin(body.agent),
    agent: await agents.brand(body.agent),
  }));
  r.public(api.getAgent, ({ body }) => agents.brand(body.agent));
  const sandboxSms = providers.sandboxes.sms;
  if (sandboxSms) {
    dev.add('POST', api.smsOutbox.path, () =>
      r.public(api.smsOutbox, async ({ body }) => {
        const sent = sandboxSms.latest(body.phone);
        if (!sent) throw new AppError(RCODE.NOT_FOUND);
        return { code: sent.params.code, text: sent.text, sent_at: sent.sentAt };
      }),
    );
  }
}
