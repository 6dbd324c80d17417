import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  EVENT_PERMISSION,
  EVENT_VERSION,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type addWebhook,
  type getEvents,
  type getWebhookDeliveries,
} from '@vendo/contract/api/webhooks';
import { RCODE } from '@vendo/contract/rcodes';
import type { Mode } from '../../config';
import type { Database } from '../../db/database';
import { lockMerchant } from '../../db/list-query';
import { AppError } from '../../platform/app-error';
import type { AuthContext } from '../../platform/auth';
import { scopeOf } from '../../platform/scope';
import { permissionsOf } from '../accounts/permissions';
import { checkEndpointUrl } from './url-guard';
import type { WebhookRepository } from './webhook-repository';
import { toPayload } from './webhook-sender';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhook-tables';

type Req<C extends { request: z.ZodType }> = z.output<C['request']>;
type EndpointForm = Req<typeof addWebhook>;

/**
 * The event stream and the webhook endpoints (issue 20, docs/webhooks.md). Endpoints are the main account's
 * (declared mainOnly in the contract); the stream is read by anyone holding BuyBill, each kind filtered by its own
 * permission and, for callers limited to stores, by the machine's store.
 */
export class WebhookService {
  constructor(
    private readonly d: {
      db: Kysely<Database>;
      repo: WebhookRepository;
      mode: Mode;
      clock: () => number;
    },
  ) {}

  // -- The event stream

  async events(auth: AuthContext, req: Req<typeof getEvents>) {
    const scope = await scopeOf(this.d.db, auth);
    const held = new Set(await permissionsOf(this.d.db, auth.user));
    const types = WEBHOOK_EVENT_TYPES.filter((t) => held.has(EVENT_PERMISSION[t]));
    // The head first: every event up to it has committed (decision 048), so a short page ends the stream there.
    const head = await this.d.repo.headSeq(scope.merchantId);
    const rows = await this.d.repo.events(scope.merchantId, req.cursor, req.limit, {
      types,
      storeIds: scope.storeIds,
    });
    const full = rows.length === req.limit;
    const last = rows.length ? Number(rows[rows.length - 1]!.seq) : req.cursor;
    const next = full ? last : Math.max(req.cursor, head);
    return { events: rows.map(toPayload), next_cursor: next, has_more: full && last < head };
  }

  // -- Endpoints

  async list(auth: AuthContext): Promise<{ data: WebhookEndpoint[]; max: number }> {
    const merchantId = auth.merchant.id;
    const [rows, counts] = await Promise.all([
      this.d.repo.endpoints(merchantId),
      this.d.repo.deliveryCounts(merchantId),
    ]);
    return {
      data: rows.map((row) => present(row, counts.get(row.id))),
      max: WEBHOOK_ENDPOINTS_MAX,
    };
  }

  async add(auth: AuthContext, form: EndpointForm): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const merchantId = auth.merchant.id;
    const url = checkEndpointUrl(form.url, this.d.mode);
    const secret = newSecret();
    const now = this.d.clock();
    const id = await this.d.repo.transaction(async (repo, trx) => {
      await lockMerchant(trx, merchantId);
      if ((await repo.endpoints(merchantId)).length >= WEBHOOK_ENDPOINTS_MAX) {
        throw new AppError(RCODE.WEBHOOK_LIMIT);
      }
      // A new endpoint receives what happens from now on (the stream has the past).
      return repo.insertEndpoint({
        merchant_id: merchantId,
        url,
        events: form.events.join(','),
        remarks: form.remarks,
        enabled: form.enabled,
        secret,
        fanned_seq: await repo.headSeq(merchantId),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    });
    return { endpoint: present(await this.found(merchantId, id)), secret };
  }

  async edit(auth: AuthContext, form: EndpointForm & { id: number }): Promise<{ endpoint: WebhookEndpoint }> {
    const merchantId = auth.merchant.id;
    await this.found(merchantId, form.id);
    const url = checkEndpointUrl(form.url, this.d.mode);
    await this.d.repo.updateEndpoint(merchantId, form.id, {
      url,
      events: form.events.join(','),
      remarks: form.remarks,
      enabled: form.enabled,
      updated_at: this.d.clock(),
    });
    const counts = await this.d.repo.deliveryCounts(merchantId);
    return { endpoint: present(await this.found(merchantId, form.id), counts.get(form.id)) };
  }

  async remove(auth: AuthContext, id: number): Promise<Record<string, never>> {
    const merchantId = auth.merchant.id;
    await this.found(merchantId, id);
    const now = this.d.clock();
    await this.d.repo.transaction(async (repo) => {
      await repo.updateEndpoint(merchantId, id, { deleted_at: now, updated_at: now });
      await repo.failWaiting(id, now);
    });
    return {};
  }

  async rotate(auth: AuthContext, id: number): Promise<{ secret: string }> {
    const merchantId = auth.merchant.id;
    await this.found(merchantId, id);
    const secret = newSecret();
    await this.d.repo.updateEndpoint(merchantId, id, { secret, updated_at: this.d.clock() });
    return { secret };
  }

  // -- Deliveries

  async deliveries(
    auth: AuthContext,
    req: Req<typeof getWebhookDeliveries>,
  ): Promise<{ data: WebhookDelivery[]; count: number }> {
    await this.found(auth.merchant.id, req.id);
    const { rows, count } = await this.d.repo.deliveries(req.id, {
      limit: req.pageSize,
      offset: (req.pageNum - 1) * req.pageSize,
    });
    return { data: await this.presentDeliveries(rows), count };
  }

  /** The same body again, as a new delivery (the receiver dedupes by the event id inside). */
  async replay(auth: AuthContext, deliveryId: number): Promise<{ delivery: WebhookDelivery }> {
    const merchantId = auth.merchant.id;
    const original = await this.d.repo.delivery(merchantId, deliveryId);
    if (!original) throw new AppError(RCODE.WEBHOOK_DELIVERY_NOT_FOUND);
    await this.found(merchantId, original.endpoint_id);
    return this.queue(original.endpoint_id, merchantId, {
      eventId: original.event_id,
      type: original.event_type,
      body: original.body,
    });
  }

  async test(auth: AuthContext, id: number): Promise<{ delivery: WebhookDelivery }> {
    const merchantId = auth.merchant.id;
    await this.found(merchantId, id);
    const now = this.d.clock();
    const body = JSON.stringify({
      id: `evt_test_${randomBytes(8).toString('hex')}`,
      type: 'webhook.test',
      version: EVENT_VERSION,
      cursor: 0,
      merchant_id: merchantId,
      created_at: now,
      data: { endpoint_id: id },
    });
    return this.queue(id, merchantId, { eventId: null, type: 'webhook.test', body });
  }

  private async queue(
    endpointId: number,
    merchantId: number,
    what: { eventId: number | null; type: string; body: string },
  ): Promise<{ delivery: WebhookDelivery }> {
    const now = this.d.clock();
    const row = {
      merchant_id: merchantId,
      endpoint_id: endpointId,
      event_id: what.eventId,
      auto_event_id: null,
      event_type: what.type,
      body: what.body,
      status: 'pending',
      attempt_count: 0,
      next_at: now,
      claimed_at: null,
      claimed_by: null,
      manual: 1,
      created_at: now,
      finished_at: null,
    };
    const id = await this.d.repo.insertDelivery(row);
    const [delivery] = await this.presentDeliveries([{ ...row, id }]);
    return { delivery: delivery! };
  }

  private async presentDeliveries(rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await this.d.repo.attempts(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      event_id: eventIdOf(r.body),
      event_type: r.event_type,
      status: r.status,
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({
          at: Number(a.at),
          status_code: a.status_code,
          error: a.error,
          duration_ms: a.duration_ms,
        })),
      next_at: r.next_at === null ? null : Number(r.next_at),
      created_at: Number(r.created_at),
      manual: r.manual === 1 ? 1 : 0,
    }));
  }

  private async found(merchantId: number, id: number): Promise<WebhookEndpointRow> {
    const row = await this.d.repo.endpoint(merchantId, id);
    if (!row) throw new AppError(RCODE.WEBHOOK_NOT_FOUND);
    return row;
  }
}

/** 32 random bytes, shown once; prefixed so a person recognises it. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

function eventIdOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : '';
  } catch {
    return '';
  }
}

function present(row: WebhookEndpointRow, counts?: { pending: number; failed: number }): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    events: row.events.split(',').filter(Boolean),
    enabled: row.enabled === 1 ? 1 : 0,
    remarks: row.remarks,
    secret_hint: row.secret.slice(-4),
    created_at: Number(row.created_at),
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
  };
}
