import { z } from 'zod';
import { zText, zBit } from './fields';
import { defineCall, emptyBody, emptyResult } from './call';
import { userInfo } from './account';

/*
 * Logging in with the messaging app and the accounts linked to one messaging-app identity (spec §2 /BindPassport,
 * /PassportLoading, third-party login hand-over; §5 link account; §7 linked login).
 *
 * The browser flow, all GETs (pages, not calls):
 *   1. `/wxlogin/{agentId}` on the pay site (getAppConfig's wechatLogin.url; default agent 888888) redirects to the
 *      messaging app's OAuth page (the sandbox's, unless a real one is configured).
 *   2. The messaging app sends the browser back to OAUTH_CALLBACK_PATH with `code` and `state`; the server trades
 *      the code for the identity (openid, nickname, avatar).
 *   3. The hand-over: `/PassportLoading?token=..&secret=..` with a session of the linked account used last, or,
 *      while none is linked, `/BindPassport?token=..&secret=..` with a bind ticket (1 hour). A failure goes to
 *      `/error?msg=..&enMsg=..`.
 * The `passport` calls below take that token and secret as headers (either kind). Without them they answer
 * USER_INFO_FAILED ("failed to get user info"); with a session that did not come through the messaging app,
 * NOT_PASSPORT_LOGIN; with unknown or expired ones, 604.
 */

export const WXLOGIN_PATH_PREFIX = '/wxlogin/';
export const OAUTH_CALLBACK_PATH = '/p/v1/wxoauth/callback';
/** Where a notification recipient's bind link points (`?ticket=..`). */
export const NOTIFY_BIND_PATH = '/p/v1/wxnotify/bind';
/** The sandbox messaging app's OAuth page (the real flow's `connect/oauth2/authorize`). */
export const SANDBOX_OAUTH_AUTHORIZE_PATH = '/p/v1/dev/oauth2/authorize';
/** A bind ticket is good this long. */
export const PASSPORT_TICKET_MS = 60 * 60 * 1000;

/** Account and password both required: "please fill in account and password" (spec §5). */
const linkField = z.string({ error: 'linkAccountEmpty' }).max(128, { error: 'invalidValue' });

/** One account linked to the identity (spec §3 linked login account). */
export const passportAccount = z.object({
  /** The login name: the phone for a main account, account@suffix for staff. */
  account: z.string(),
  /** 1: a main (merchant) account; 0: a staff account. */
  is_main: zBit,
  remarks: z.string(),
  merchant_name: z.string(),
  /** Whether the calling session is logged in to this account. */
  current: z.boolean(),
  linked_at: z.number(),
});
export type PassportAccount = z.infer<typeof passportAccount>;

/** Links an account (its login name and password) to the identity and logs in to it. */
export const bindPassportAccount = defineCall({
  path: '/api/v1/u/bindPassportAccount',
  auth: 'passport',
  request: z
    .object({ account: linkField.default(''), password: linkField.default('') })
    .superRefine((v, ctx) => {
      if (v.account.trim() === '' || v.password === '') {
        ctx.addIssue({ code: 'custom', message: 'linkAccountEmpty', path: ['account'] });
      }
    })
    .transform((v) => ({ account: v.account.trim(), password: v.password })),
  response: userInfo,
});

export const getPassportLoginInfo = defineCall({
  path: '/api/v1/u/getPassportLoginInfo',
  auth: 'passport',
  request: emptyBody,
  response: z.object({
    account_list: z.array(passportAccount),
    login_info: z.object({
      nickname: z.string(),
      headimgurl: z.string(),
      /** The account of the calling session; '' for a bind ticket. */
      account: z.string(),
      login_type: z.literal('wechat'),
    }),
  }),
});

const accountRef = z.object({
  account: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(128),
});

/** Logs in to another linked account: the answer is that account's user info (a new session). */
export const switchAccount = defineCall({
  path: '/api/v1/u/switchAccount',
  auth: 'passport',
  request: accountRef,
  response: userInfo,
});

export const setPassportRemarks = defineCall({
  path: '/api/v1/u/setPassportRemarks',
  auth: 'passport',
  request: accountRef.extend({ remarks: zText(50) }),
  response: emptyResult,
});

/** Unlinks an account; the sessions the identity opened on it end. */
export const unbindPassport = defineCall({
  path: '/api/v1/u/unbindPassport',
  auth: 'passport',
  request: accountRef,
  response: emptyResult,
});
