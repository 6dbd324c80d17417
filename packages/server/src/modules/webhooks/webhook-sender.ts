import http from 'node:http';
import https from 'node:https';
import { EVENT_KEEP_MS, WEBHOOK_EVENT_TYPES, type EventPayload } from '@vendo/contract/api/webhooks';
import type { Mode } from '../../config';
import type { GatewayLog } from '../../gateway/machine-ports';
import type { Job } from '../../jobs/job-runner';
import type { EventRow } from '../events/events-tables';
import { publicOnlyLookup } from './url-guard';
import type { WebhookRepository } from './webhook-repository';
import { signatureHeader } from './webhook-signature';

/** One request's limit: a receiver slower than this counts as a failed attempt. */
export const SEND_TIMEOUT_MS = 10_000;
/** Retries wait 30 s, then twice as long each time, at most 2 hours; none starts past 24 hours. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 2 * 3600_000;
export const RETRY_FOR_MS = 24 * 3600_000;
/**
 * A claim this old is dead even if its process still holds leases (a send lasts SEND_TIMEOUT_MS at most). A killed
 * process's claims die sooner: as soon as it holds no live job lease (JOB_LEASE_MS after its last heartbeat).
 */
export const STALE_CLAIM_MS = 2 * 60_000;
/** Deliveries sent at once (one slow receiver does not hold the others). */
const PARALLEL = 8;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** An event as the stream answers it and a delivery's body carries it. */
export function toPayload(row: EventRow): EventPayload {
  return {
    id: `evt_${row.id}`,
    type: row.type,
    version: row.version,
    cursor: Number(row.seq),
    merchant_id: Number(row.merchant_id),
    created_at: Number(row.created_at),
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

export interface SendOutcome {
  statusCode: number;
  error: string;
  durationMs: number;
}

/** How a delivery is POSTed; tests may replace it, the server uses `postJson`. */
export type Poster = (url: string, body: string, headers: Record<string, string>) => Promise<SendOutcome>;

/**
 * The outbox's sending side (issue 20, decision 048), run by the JobRunner under its lease (one process):
 * `fanOut` turns new events into one delivery per subscribed endpoint (a cursor per endpoint, unique per endpoint
 * and event, so a crash repeats nothing), `dispatch` claims due deliveries, signs and POSTs them, records every
 * attempt and retries with backoff for 24 hours. A sender killed after the POST and before recording it sends again
 * after STALE_CLAIM_MS: at least once, and receivers dedupe by the event id.
 */
export class WebhookSender {
  constructor(
    private readonly d: {
      repo: WebhookRepository;
      clock: () => number;
      log: Pick<GatewayLog, 'error' | 'info'>;
      post: Poster;
      /** This process's job lease holder: claims name it. */
      holder: string;
    },
  ) {}

  async fanOut(): Promise<number> {
    let made = 0;
    for (let round = 0; round < 20; round++) {
      const behind = await this.d.repo.endpointsBehind(100);
      if (!behind.length) break;
      for (const endpoint of behind) made += await this.fanOutEndpoint(endpoint.id);
      if (behind.length < 100) break;
    }
    return made;
  }

  private async fanOutEndpoint(endpointId: number): Promise<number> {
    return this.d.repo.transaction(async (repo) => {
      const endpoint = await repo.endpointAny(endpointId);
      if (!endpoint || endpoint.deleted_at !== null) return 0;
      const from = Number(endpoint.fanned_seq);
      const types = endpoint.events.split(',').filter(Boolean);
      const all = await repo.events(Number(endpoint.merchant_id), from, 500, {
        types: WEBHOOK_EVENT_TYPES,
        storeIds: null,
      });
      if (!all.length) {
        // Events of the gap were pruned: catch the cursor up to the head.
        const head = await repo.headSeq(Number(endpoint.merchant_id));
        await repo.advanceFanned(endpoint.id, from, head);
        return 0;
      }
      const now = this.d.clock();
      const wanted = endpoint.enabled === 1 ? all.filter((e) => types.includes(e.type)) : [];
      await repo.insertAutoDeliveries(
        wanted.map((event) => ({
          merchant_id: endpoint.merchant_id,
          endpoint_id: endpoint.id,
          event_id: event.id,
          auto_event_id: event.id,
          event_type: event.type,
          body: JSON.stringify(toPayload(event)),
          status: 'pending',
          attempt_count: 0,
          next_at: now,
          claimed_at: null,
          claimed_by: null,
          manual: 0,
          created_at: now,
          finished_at: null,
        })),
      );
      const to = Number(all[all.length - 1]!.seq);
      if (!(await repo.advanceFanned(endpoint.id, from, to))) throw new Error('fan-out raced');
      return wanted.length;
    });
  }

  /** Sends what is due; answers how many were delivered. */
  async dispatch(): Promise<number> {
    let delivered = 0;
    for (let round = 0; round < 20; round++) {
      const now = this.d.clock();
      const due = await this.d.repo.due(now, now - STALE_CLAIM_MS, 100, this.d.holder);
      if (!due.length) break;
      for (let i = 0; i < due.length; i += PARALLEL) {
        const results = await Promise.all(due.slice(i, i + PARALLEL).map((row) => this.send(row, now)));
        delivered += results.filter(Boolean).length;
      }
      if (due.length < 100) break;
    }
    return delivered;
  }

  private async send(
    row: Awaited<ReturnType<WebhookRepository['due']>>[number],
    now: number,
  ): Promise<boolean> {
    if (!(await this.d.repo.claim(row, now, this.d.holder))) return false;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Vendo-Webhooks/1',
      ...signatureHeader(row.secret, row.body, Math.floor(this.d.clock() / 1000)),
    };
    const outcome = await this.d
      .post(row.url, row.body, headers)
      .catch((error: unknown): SendOutcome => ({ statusCode: 0, error: String(error), durationMs: 0 }));
    const at = this.d.clock();
    const ok = outcome.statusCode >= 200 && outcome.statusCode < 300;
    const attempts = row.attempt_count + 1;
    const nextAt = at + retryDelay(attempts);
    const giveUp = !ok && nextAt > Number(row.created_at) + RETRY_FOR_MS;
    await this.d.repo.recordAttempt(
      row.id,
      {
        delivery_id: row.id,
        at,
        status_code: outcome.statusCode,
        error: outcome.error.slice(0, 300),
        duration_ms: Math.round(outcome.durationMs),
      },
      {
        status: ok ? 'succeeded' : giveUp ? 'failed' : 'pending',
        attempt_count: attempts,
        next_at: ok || giveUp ? null : nextAt,
        finished_at: ok || giveUp ? at : null,
      },
    );
    if (giveUp)
      this.d.log.info({ delivery: row.id, url: row.url }, 'webhook delivery gave up after 24 hours');
    return ok;
  }

  /** The jobs `vendo serve` runs: fan-out and sending every tick (5 s), retention daily. */
  jobs(): Job[] {
    return [
      {
        name: 'webhooks-send',
        everyMs: 1_000,
        run: async () => {
          await this.fanOut();
          await this.dispatch();
        },
      },
      {
        name: 'webhooks-prune',
        everyMs: 3_600_000,
        run: () => this.d.repo.prune(this.d.clock() - EVENT_KEEP_MS),
      },
    ];
  }
}

/**
 * POSTs a delivery with node's http(s): a timeout for the whole request, redirects not followed (a 3xx is a
 * failed attempt), at most 4 KiB of the answer read. In production only public addresses are connected to
 * (url-guard.ts).
 */
export function postJson(mode: Mode): Poster {
  return (url, body, headers) =>
    new Promise((resolve) => {
      const started = performance.now();
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (statusCode: number, error: string) => {
        if (settled) return;
        settled = true;
        resolve({ statusCode, error, durationMs: performance.now() - started });
      };
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          timeout: SEND_TIMEOUT_MS,
          ...(mode === 'production' ? { lookup: publicOnlyLookup } : {}),
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > 4096) response.destroy();
          });
          const status = response.statusCode ?? 0;
          const done = () => finish(status, status >= 200 && status < 300 ? '' : `HTTP ${status}`);
          response.on('end', done);
          response.on('close', done);
        },
      );
      const timer = setTimeout(() => request.destroy(new Error('timed out')), SEND_TIMEOUT_MS);
      timer.unref();
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (error) => finish(0, error.message));
      request.on('close', () => clearTimeout(timer));
      request.end(body);
    });
}
