import { z } from 'zod';
import { zId, zText, zFilterText, pagedRequest, storeRef, zBit, zSwitch } from './fields';
import { defineCall, emptyResult, listResult } from './call';
import { PAGE_SIZE, TEXT_MAX } from '../constants';
import { NOTIFY_KINDS, isNotifyKind, type NotifyKind } from '../enums';
import { checkClockTime, zRules } from '../validation';

/*
 * Notification recipients of /notification (spec §3, §7): messaging-app users who receive alerts for the
 * merchant through template messages. The main account asks for a bind link with the recipient's settings; the
 * recipient opens it in the messaging app, authorizes (OAuth), and appears in the list with nickname and avatar.
 * Main-account only (spec §6). Quota: the Notification app's Notification_max_count.
 */

/** The kinds a recipient receives, as a list or a comma string; at least one. */
export const zNotifyKinds = z
  .union([z.array(z.string().max(TEXT_MAX.word)), z.string().max(TEXT_MAX.filter)], { error: 'required' })
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((k) => k.trim()).filter(Boolean))
  .superRefine((kinds, ctx) => {
    if (kinds.length === 0) ctx.addIssue({ code: 'custom', message: 'required' });
    else if (!kinds.every(isNotifyKind)) ctx.addIssue({ code: 'custom', message: 'invalidValue' });
  })
  .transform((kinds) => NOTIFY_KINDS.filter((k) => kinds.includes(k)) as NotifyKind[]);

/** 'HH:mm' in the merchant's time zone; '' when do-not-disturb is off. */
const zOptionalClock = zRules(checkClockTime)
  .max(5)
  .nullish()
  .transform((v) => v ?? '');

/** The settings a recipient carries (spec §7 getNotifyBindUrl). */
const settingsFields = {
  remarks: zText(50),
  /** 1: do-not-disturb between start_notify and end_notify (the window may cross midnight). */
  not_disture: zSwitch.default(0),
  start_notify: zOptionalClock,
  end_notify: zOptionalClock,
  permission: zNotifyKinds,
  /** 1: machines of every store; 0: only those standing in `store`. */
  all_device: zSwitch.default(1),
  store: z
    .array(zId, { error: 'invalidValue' })
    .max(999)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
};

type Settings = {
  not_disture: 0 | 1;
  start_notify: string;
  end_notify: string;
  all_device: 0 | 1;
  store: number[];
};

function settingsComplete(v: Settings, ctx: z.RefinementCtx): void {
  if (v.not_disture === 1) {
    if (!v.start_notify) ctx.addIssue({ code: 'custom', message: 'required', path: ['start_notify'] });
    else if (!v.end_notify) ctx.addIssue({ code: 'custom', message: 'required', path: ['end_notify'] });
    // A window ending when it starts holds nothing (dnd.ts); a start after the end is an overnight window.
    else if (v.start_notify === v.end_notify)
      ctx.addIssue({ code: 'custom', message: 'dndSameTime', path: ['end_notify'] });
  }
  if (v.all_device === 0 && v.store.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['store'] });
  }
}

export const notifyRecipient = z.object({
  notify_id: z.number().int(),
  /** From the messaging app at binding: nickname and avatar URL. */
  wechat_detail: z.object({ nickname: z.string(), headimgurl: z.string() }),
  remarks: z.string(),
  /** 1: receives notifications; 0: paused. */
  notice: zBit,
  not_disture: zBit,
  start_notify: z.string(),
  end_notify: z.string(),
  permission: z.array(z.enum(NOTIFY_KINDS)),
  all_device: zBit,
  store: z.array(storeRef),
  bound_at: z.number(),
  create_time: z.number(),
});
export type NotifyRecipient = z.infer<typeof notifyRecipient>;

export const getNotifyList = defineCall({
  path: '/api/v1/u/getNotifyList',
  auth: 'session',
  mainOnly: true,
  request: pagedRequest({ remarks: zFilterText }, PAGE_SIZE.notification),
  response: listResult(notifyRecipient),
});

/**
 * A link for the recipient to open in the messaging app (shown as a QR code), valid until expire_at and used
 * once. Refused at the quota (NOTIFY_QUOTA_EXCEEDED).
 */
export const getNotifyBindUrl = defineCall({
  path: '/api/v1/u/getNotifyBindUrl',
  auth: 'session',
  mainOnly: true,
  request: z.object(settingsFields).superRefine(settingsComplete),
  response: z.object({ bind_url: z.string(), expire_at: z.number() }),
});

export const editNotify = defineCall({
  path: '/api/v1/u/editNotify',
  auth: 'session',
  mainOnly: true,
  request: z
    .object({ notify_id: zId, ...settingsFields, notice: zSwitch.default(1) })
    .superRefine(settingsComplete),
  response: emptyResult,
});

/** Removes the recipient; messages not yet sent to them are dropped. */
export const delNotify = defineCall({
  path: '/api/v1/u/delNotify',
  auth: 'session',
  mainOnly: true,
  request: z.object({ notify_id: zId }),
  response: emptyResult,
});

export const templateMessage = z.object({
  msgid: z.string(),
  openid: z.string(),
  template: z.string(),
  url: z.string(),
  data: z.record(z.string(), z.object({ value: z.string() })),
  sent_at: z.number(),
});

/**
 * Sandbox only: the template messages the sandbox messaging app "delivered", newest first (all, or one openid's),
 * so tests and demos can read them. 404 when a real messaging app is configured.
 */
export const templateOutbox = defineCall({
  path: '/p/v1/dev/templateOutbox',
  auth: 'public',
  request: z
    .object({ openid: z.string().trim().max(64).optional() })
    .optional()
    .transform((v) => v ?? {}),
  response: listResult(templateMessage),
});
