import type { Kysely } from 'kysely';
import type { Mode } from '../../config';
import type { Database } from '../../db/database';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { JobLease } from '../../jobs/job-lease';
import { WebhookRepository } from './webhook-repository';
import { postJson, WebhookSender, type Poster } from './webhook-sender';
import { WebhookService } from './webhook-service';

export interface WebhooksModule {
  /** The event stream and the endpoints' calls. */
  webhooks: WebhookService;
  /** Fan-out, sending and retention: jobs() for the JobRunner. */
  sender: WebhookSender;
}

/**
 * Webhooks and the event stream (issue 20, docs/webhooks.md, decision 048): reads the events the producing
 * modules wrote through the events module's outbox, sends them to the merchants' endpoints.
 */
export function createWebhooks(deps: {
  db: Kysely<Database>;
  mode: Mode;
  clock: () => number;
  log: GatewayLog;
  /** This process's job lease (the sending job runs under it; claims name its holder). */
  lease: Pick<JobLease, 'holder'>;
  /** Tests may send through their own poster; default node's http(s). */
  post?: Poster;
}): WebhooksModule {
  const repo = new WebhookRepository(deps.db);
  return {
    webhooks: new WebhookService({ db: deps.db, repo, mode: deps.mode, clock: deps.clock }),
    sender: new WebhookSender({
      repo,
      clock: deps.clock,
      log: deps.log,
      post: deps.post ?? postJson(deps.mode),
      holder: deps.lease.holder,
    }),
  };
}
