import type { Generated, Selectable } from 'kysely';

/** Webhook endpoints, their deliveries and every attempt (issue 20, docs/webhooks.md, decision 048). */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  merchant_id: number;
  url: string;
  /** Event types comma-joined. */
  events: string;
  remarks: string;
  enabled: number;
  /** The signing secret: readable (it signs), answered only when made. */
  secret: string;
  /** The merchant's event seq up to which this endpoint's deliveries were made. */
  fanned_seq: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/**
 * One event (or test send) to one endpoint. Automatic deliveries are unique per endpoint and event
 * (auto_event_id), so a fan-out repeated after a crash makes none twice. `body` is the JSON as sent.
 */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  merchant_id: number;
  endpoint_id: number;
  event_id: number | null;
  auto_event_id: number | null;
  event_type: string;
  body: string;
  /** pending | sending | succeeded | failed */
  status: string;
  attempt_count: number;
  next_at: number | null;
  claimed_at: number | null;
  /** The JobLease holder of the process sending it (status sending). */
  claimed_by: string | null;
  manual: number;
  created_at: number;
  finished_at: number | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  at: number;
  status_code: number;
  error: string;
  duration_ms: number;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
