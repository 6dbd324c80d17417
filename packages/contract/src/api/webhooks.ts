import { z } from 'zod';
import { defineCall, emptyBody, PAGE_NUM_MAX } from './call';
import { zId } from './fields';
import { ID_MAX } from '../constants';
import { PERMISSIONS, type PermissionCode } from '../permissions';
import type { LocaleText } from '../locales';

/*
 * Webhooks and the event stream (issue 20, docs/webhooks.md, decision 048).
 *
 * What happens at a merchant (an order paid, a machine going offline, a settlement paid out...) is written as an
 * event in the same transaction as the action. Events are read by cursor (`/b/getEvents`, kept 30 days) and sent
 * to the webhook endpoints the main account registers, signed with the endpoint's secret (`Vendo-Signature`).
 */

// ---------------------------------------------------------------------------------------------------------
// Events

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.abnormal',
  'refund.succeeded',
  'refund.failed',
  'machine.offline',
  'machine.online',
  'stock.low',
  'settlement.succeeded',
  'settlement.failed',
  'bank_card.reviewed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The payload version every event of this contract carries; a changed payload gets a new version. */
export const EVENT_VERSION = 1;
/** Events are kept (and readable by cursor) this long. */
export const EVENT_KEEP_MS = 30 * 86_400_000;
/** Events one getEvents answers at most. */
export const EVENTS_PAGE_MAX = 200;
/** Endpoints per merchant. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 500;
/** The header carrying the signature of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'Vendo-Signature';
/** Receivers reject signatures older than this (docs/webhooks.md). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * The permission an event stream reader needs for each kind (spec §6's codes): a staff member (or an API key)
 * reads only the kinds its permissions cover; the main account reads every kind.
 */
export const EVENT_PERMISSION: Record<WebhookEventType, PermissionCode> = {
  'order.paid': PERMISSIONS.BuyBill,
  'order.abnormal': PERMISSIONS.BuyBill,
  'refund.succeeded': PERMISSIONS.BuyBill,
  'refund.failed': PERMISSIONS.BuyBill,
  'machine.offline': PERMISSIONS.DeviceManage,
  'machine.online': PERMISSIONS.DeviceManage,
  'stock.low': PERMISSIONS.Stock,
  'settlement.succeeded': PERMISSIONS.Settle,
  'settlement.failed': PERMISSIONS.Settle,
  'bank_card.reviewed': PERMISSIONS.BankManage,
};

export const EVENT_TYPE_LABELS: Record<WebhookEventType, LocaleText> = {
  'order.paid': { 'zh-CN': '订单已支付', 'zh-TW': '訂單已付款', 'en-US': 'Order paid' },
  'order.abnormal': { 'zh-CN': '异常订单', 'zh-TW': '異常訂單', 'en-US': 'Order abnormal' },
  'refund.succeeded': { 'zh-CN': '退款成功', 'zh-TW': '退款成功', 'en-US': 'Refund succeeded' },
  'refund.failed': { 'zh-CN': '退款失败', 'zh-TW': '退款失敗', 'en-US': 'Refund failed' },
  'machine.offline': { 'zh-CN': '设备离线', 'zh-TW': '設備離線', 'en-US': 'Machine offline' },
  'machine.online': { 'zh-CN': '设备恢复在线', 'zh-TW': '設備恢復上線', 'en-US': 'Machine back online' },
  'stock.low': { 'zh-CN': '货道库存不足', 'zh-TW': '貨道庫存不足', 'en-US': 'Low stock on a shelf' },
  'settlement.succeeded': { 'zh-CN': '结算成功', 'zh-TW': '結算成功', 'en-US': 'Settlement paid out' },
  'settlement.failed': { 'zh-CN': '结算失败', 'zh-TW': '結算失敗', 'en-US': 'Settlement failed' },
  'bank_card.reviewed': {
    'zh-CN': '银行卡审核结果',
    'zh-TW': '銀行卡審核結果',
    'en-US': 'Bank card reviewed',
  },
};

/** The `data` of each event type, version 1 (docs/webhooks.md has an example of each). Money in cents. */
export interface EventData {
  'order.paid': {
    order_no: string;
    sn: string;
    store_id: number | null;
    amount: number;
    /** wechat | alipay */
    client: string;
    paid_at: number;
  };
  'order.abnormal': {
    order_no: string;
    sn: string;
    store_id: number | null;
    amount: number;
    /** 4 delivery failed, 5 no result from the machine (spec §4). */
    status: 4 | 5;
    /** The machine's fault code, or 'noResult'. */
    fault: string;
  };
  'refund.succeeded': RefundEventData;
  'refund.failed': RefundEventData & { reason: string };
  'machine.offline': MachineEventData;
  'machine.online': MachineEventData;
  'stock.low': {
    sn: string;
    store_id: number | null;
    channel_sn: string;
    goods_id: number | null;
    quantity: number;
    threshold: number;
  };
  'settlement.succeeded': SettlementEventData;
  'settlement.failed': SettlementEventData & { reason: string };
  'bank_card.reviewed': {
    card_id: number;
    result: 'approved' | 'rejected';
    reason: string;
    acct_no_mask: string;
  };
}

interface RefundEventData {
  refund_id: number;
  order_no: string;
  sn: string;
  store_id: number | null;
  amount: number;
  /** auto | manual */
  kind: string;
  at: number;
}

interface MachineEventData {
  sn: string;
  title: string;
  store_id: number | null;
  at: number;
}

interface SettlementEventData {
  settlement_id: number;
  settle_date: string;
  settle_amt: number;
  acct_no_mask: string;
  attempt: number;
}

/** An event as the stream answers it and as a webhook delivers it (the body of the POST). */
export const eventPayload = z.object({
  /** Unique across all events: receivers dedupe by it (deliveries are at least once). */
  id: z.string(),
  type: z.string(),
  version: z.number().int(),
  /** The merchant's cursor of this event: getEvents with it answers the events after it. */
  cursor: z.number().int(),
  merchant_id: z.number().int(),
  /** When the action happened, epoch ms. */
  created_at: z.number(),
  data: z.record(z.string(), z.unknown()),
});
export type EventPayload = z.infer<typeof eventPayload>;

// ---------------------------------------------------------------------------------------------------------
// Calls

const zEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: 'invalidValue' });
const zUrl = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(WEBHOOK_URL_MAX, {
  error: 'invalidValue',
});
const zEvents = z
  .array(zEventType, { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(WEBHOOK_EVENT_TYPES.length, { error: 'invalidValue' })
  .transform((types) => [...new Set(types)]);

/**
 * The merchant's events after `cursor` (0: from the oldest kept), oldest first, at most `limit`; next_cursor is
 * what to ask with next time (it moves past events the caller may not read). A reader that was down catches up
 * from its last cursor for 30 days.
 */
export const getEvents = defineCall({
  path: '/api/v1/b/getEvents',
  auth: 'session',
  perm: PERMISSIONS.BuyBill,
  request: z.object({
    cursor: z.coerce
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(0)
      .max(ID_MAX, { error: 'invalidValue' })
      .default(0),
    limit: z.coerce
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(1, { error: 'invalidValue' })
      .max(EVENTS_PAGE_MAX, { error: 'invalidValue' })
      .default(100),
  }),
  response: z.object({
    events: z.array(eventPayload),
    next_cursor: z.number().int(),
    /** More events wait after next_cursor. */
    has_more: z.boolean(),
  }),
});

const main = { auth: 'session', mainOnly: true } as const;

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.union([z.literal(0), z.literal(1)]),
  remarks: z.string(),
  /** The secret's last 4 characters, to tell which one a receiver holds. */
  secret_hint: z.string(),
  created_at: z.number(),
  /** Deliveries waiting to be sent or retried, and those that gave up (last 30 days). */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const getWebhooks = defineCall({
  path: '/api/v1/b/getWebhooks',
  ...main,
  request: emptyBody,
  response: z.object({ data: z.array(webhookEndpoint), max: z.number().int() }),
});

const endpointFields = {
  url: zUrl,
  events: zEvents,
  remarks: z
    .string({ error: 'invalidValue' })
    .trim()
    .max(50, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? ''),
  enabled: z.union([z.literal(0), z.literal(1)], { error: 'invalidValue' }).default(1),
};

/** Registers an endpoint; its secret is answered this once (only a hint of it afterwards). */
export const addWebhook = defineCall({
  path: '/api/v1/b/addWebhook',
  ...main,
  request: z.object(endpointFields),
  response: z.object({ endpoint: webhookEndpoint, secret: z.string() }),
});

export const editWebhook = defineCall({
  path: '/api/v1/b/editWebhook',
  ...main,
  request: z.object({ ...endpointFields, id: zId }),
  response: z.object({ endpoint: webhookEndpoint }),
});

export const delWebhook = defineCall({
  path: '/api/v1/b/delWebhook',
  ...main,
  request: z.object({ id: zId }),
  response: z.object({}),
});

/** A new secret, answered this once; the old one stops signing at once. */
export const rotateWebhookSecret = defineCall({
  path: '/api/v1/b/rotateWebhookSecret',
  ...main,
  request: z.object({ id: zId }),
  response: z.object({ secret: z.string() }),
});

export const webhookAttempt = z.object({
  at: z.number(),
  /** The receiver's HTTP status; 0 when none came (refused, timed out). */
  status_code: z.number().int(),
  error: z.string(),
  duration_ms: z.number().int(),
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  /** pending (waiting, or retrying at next_at) | sending | succeeded | failed (gave up after 24 hours) */
  status: z.string(),
  attempts: z.array(webhookAttempt),
  next_at: z.number().nullable(),
  created_at: z.number(),
  /** 1: made by hand (a test send or a replay). */
  manual: z.union([z.literal(0), z.literal(1)]),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** An endpoint's deliveries, newest first, with every attempt. */
export const getWebhookDeliveries = defineCall({
  path: '/api/v1/b/getWebhookDeliveries',
  ...main,
  request: z.object({
    id: zId,
    pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ data: z.array(webhookDelivery), count: z.number().int() }),
});

/** Sends a delivery's event again, as a new delivery (sent by the job within seconds). */
export const replayWebhookDelivery = defineCall({
  path: '/api/v1/b/replayWebhookDelivery',
  ...main,
  request: z.object({ delivery_id: zId }),
  response: z.object({ delivery: webhookDelivery }),
});

/** Queues a `webhook.test` delivery to the endpoint (not an event of the stream). */
export const testWebhook = defineCall({
  path: '/api/v1/b/testWebhook',
  ...main,
  request: z.object({ id: zId }),
  response: z.object({ delivery: webhookDelivery }),
});

export const WEBHOOK_FIELD_LABELS: Record<string, LocaleText> = {
  url: { 'zh-CN': '接收地址', 'zh-TW': '接收網址', 'en-US': 'URL' },
  events: { 'zh-CN': '事件', 'zh-TW': '事件', 'en-US': 'Events' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  enabled: { 'zh-CN': '启用', 'zh-TW': '啟用', 'en-US': 'Enabled' },
  id: { 'zh-CN': '接收地址', 'zh-TW': '接收網址', 'en-US': 'Endpoint' },
  delivery_id: { 'zh-CN': '推送记录', 'zh-TW': '推送記錄', 'en-US': 'Delivery' },
  cursor: { 'zh-CN': '游标', 'zh-TW': '游標', 'en-US': 'Cursor' },
  limit: { 'zh-CN': '条数', 'zh-TW': '筆數', 'en-US': 'Limit' },
};

export const WEBHOOK_CALLS = [
  getEvents,
  getWebhooks,
  addWebhook,
  editWebhook,
  delWebhook,
  rotateWebhookSecret,
  getWebhookDeliveries,
  replayWebhookDelivery,
  testWebhook,
];
