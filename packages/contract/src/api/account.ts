import { z } from 'zod';
import { zBit } from './fields';
import { defineCall, emptyBody, emptyResult } from './call';
import { TEXT_MAX } from '../constants';
import { RCODE } from '../rcodes';
import { zLoginPassword, zMobile, zOperPwdMd5, zRequiredString } from '../validation';

/** One app module the merchant holds (spec §3 app entry). expire_at is epoch ms. */
export const appEntry = z.object({
  app_module_name: z.string(),
  expire_at: z.number(),
  extend: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type AppEntry = z.infer<typeof appEntry>;

export const agentBrand = z.object({ id: z.string(), name: z.string(), logo: z.string() });
export type AgentBrand = z.infer<typeof agentBrand>;

/** The user info of a session (spec §3). */
export const userInfo = z.object({
  username: z.string(),
  nickname: z.string(),
  token: z.string(),
  secret: z.string(),
  isMain: z.boolean(),
  business: z.string(),
  merchantName: z.string(),
  havePerms: z.array(z.number().int()),
  /**
   * false: staff limited to listed stores (spec §6), who may change only those stores, not areas or the list of
   * stores, so the region screen offers neither. Left out by a login stored before it existed: read as true.
   */
  allStores: z.boolean().optional(),
  /** epoch ms when the session ends (3 days after login). */
  expiry: z.number(),
  payDomain: z.string(),
  /**
   * Whether the account has a phone its own password-reset codes go to: the main account's username, a staff
   * member's phone (spec §6: without one the main account adds it). Left out by a login stored before it existed:
   * read as true.
   */
  hasPhone: z.boolean().optional(),
  /** 0: the operation password is not activated for this user. */
  isOperPwd: zBit,
  subUserSuffix: z.string(),
  appList: z.array(appEntry),
  loginType: z.enum(['wechat', 'common']),
  agent: agentBrand,
});
export type UserInfo = z.infer<typeof userInfo>;

// Left empty it says so ("code cannot be empty"), not "does not match" (no code was typed to match).
const smsCode = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .regex(/^\d{6}$/, { message: 'codeMismatch' })
  .max(6);
/** An agent id as the link or the sign-up form carries it. */
const agentId = z.string().trim().max(TEXT_MAX.agent);

export const health = defineCall({
  path: '/p/v1/health',
  auth: 'public',
  request: emptyBody,
  response: z.object({ status: z.literal('ok'), version: z.string(), time: z.number(), db: z.string() }),
});

/** What the web app needs to know before anyone logs in. */
export const getAppConfig = defineCall({
  path: '/p/v1/getAppConfig',
  auth: 'public',
  request: z
    .object({ agent: agentId.optional() })
    .optional()
    .transform((v) => v ?? {}),
  response: z.object({
    /** test: production's behaviour with the sandboxes' test pages on (the server's test suites). */
    mode: z.enum(['demo', 'test', 'production']),
    /** Whether the web app refuses to run outside the WeChat / Alipay in-app browser. */
    browserGate: z.boolean(),
    /** Integrations running against a sandbox, to be labelled as such wherever a person sees them. */
    sandbox: z.object({
      sms: z.boolean(),
      /** The payment provider (WeChat Pay / Alipay) is the sandbox: bills and refunds move no real money. */
      payments: z.boolean().optional(),
      /** The messaging app (OAuth login, template notifications, JS-SDK) is the sandbox. */
      messaging: z.boolean().optional(),
    }),
    /** The messaging-app login: url is the pay site's wxlogin/{agentId} (api/passport.ts). */
    wechatLogin: z.object({ configured: z.boolean(), url: z.string() }),
    agent: agentBrand,
  }),
});

export const login = defineCall({
  path: '/p/v1/login',
  auth: 'public',
  request: z.object({
    username: z
      .string({ message: 'loginEmpty' })
      .trim()
      .min(1, { message: 'loginEmpty' })
      .max(TEXT_MAX.login),
    password: z.string({ message: 'loginEmpty' }).min(1, { message: 'loginEmpty' }).max(TEXT_MAX.password),
  }),
  response: userInfo,
});

/** Sign-up step one: the phone is free, so an SMS code goes out; sign ties the code to this phone. */
export const checkAccount = defineCall({
  path: '/p/v1/checkAccount',
  auth: 'public',
  request: z.object({ phone: zMobile, agentid: agentId.optional() }),
  response: z.object({ sign: z.string() }),
});

export const checkSmsCode = defineCall({
  path: '/p/v1/checkSmsCode',
  auth: 'public',
  request: z.object({
    sign: zRequiredString.max(TEXT_MAX.token),
    code: z.coerce.string().trim().max(TEXT_MAX.word),
  }),
  response: z.object({ isRight: z.boolean() }),
});

export const signUp = defineCall({
  path: '/p/v1/signUp',
  auth: 'public',
  request: z.object({
    mchName: zRequiredString.max(TEXT_MAX.longName),
    phone: zMobile,
    password: zLoginPassword,
    business: zRequiredString.max(TEXT_MAX.word),
    sign: zRequiredString.max(TEXT_MAX.token),
    code: smsCode,
    agent: agentId.optional(),
  }),
  response: userInfo,
});

export const sendPwdSMS = defineCall({
  path: '/p/v1/sendPwdSMS',
  auth: 'public',
  request: z.object({ phone: zMobile }),
  response: emptyResult,
});

export const resetPwd = defineCall({
  path: '/p/v1/resetPwd',
  auth: 'public',
  request: z.object({ phone: zMobile, password: zLoginPassword, code: smsCode }),
  response: emptyResult,
});

export const getAgent = defineCall({
  path: '/p/v1/getAgent',
  auth: 'public',
  request: z.object({ agent: agentId.optional() }),
  response: agentBrand,
});

/** Sandbox only: the latest SMS sent to a phone, so tests and demos can read codes. */
export const smsOutbox = defineCall({
  path: '/p/v1/dev/smsOutbox',
  auth: 'public',
  request: z.object({ phone: zMobile }),
  response: z.object({ code: z.string(), text: z.string(), sent_at: z.number() }),
});

export const getUserInfo = defineCall({
  path: '/api/v1/u/getUserInfo',
  auth: 'session',
  request: emptyBody,
  response: userInfo,
});

export const logout = defineCall({
  path: '/api/v1/u/logout',
  auth: 'session',
  request: emptyBody,
  response: emptyResult,
});

/** Sends a code to the logged-in user's own phone for a login-password change. */
export const sendOwnPwdSMS = defineCall({
  path: '/api/v1/u/sendPwdSMS',
  auth: 'session',
  request: emptyBody,
  response: z.object({ phone: z.string() }),
});

export const changePwd = defineCall({
  path: '/api/v1/u/changePwd',
  auth: 'session',
  request: z.object({ code: smsCode, password: zLoginPassword }),
  response: emptyResult,
});

export const sendChangeInfoSMS = defineCall({
  path: '/api/v1/u/sendChangeInfoSMS',
  auth: 'session',
  mainOnly: true,
  request: emptyBody,
  response: z.object({ phone: z.string() }),
});

/** The main account's own operation password; a staff member's is the main account's to set (spec §6). */
export const editOprPwd = defineCall({
  path: '/api/v1/u/editOprPwd',
  auth: 'session',
  mainOnly: true,
  staffRefusal: RCODE.CONTACT_MAIN_ACCOUNT,
  request: z
    .object({
      /** md5 hex of the old 6 digits; empty while no operation password was ever set. */
      old_oper_pwd: z.union([zOperPwdMd5, z.literal('')]).default(''),
      new_oper_pwd: zOperPwdMd5,
    })
    .refine((v) => v.old_oper_pwd !== v.new_oper_pwd, {
      message: 'operPwdSameAsOld',
      path: ['new_oper_pwd'],
    }),
  response: emptyResult,
});

/** Verifies the operation password and yields the operator sign that refund, remote control and unbind need. */
export const checkOprPwd = defineCall({
  path: '/api/v1/u/checkOprPwd',
  auth: 'session',
  request: z.object({ password: zOperPwdMd5 }),
  response: z.object({ sign: z.string(), expire_at: z.number() }),
});

export const permissionGroup = z.object({
  group: z.string(),
  perms: z.array(z.object({ code: z.number().int(), name: z.string() })),
});

export const getPermission = defineCall({
  path: '/api/v1/a/getPermission',
  auth: 'session',
  request: emptyBody,
  response: z.object({ data: z.array(permissionGroup), havePerms: z.array(z.number().int()) }),
});

export const accountSummary = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  is_main: z.boolean(),
});

/**
 * The merchant's accounts (main and staff), for the main account's pickers (the audit log's who). Main account only:
 * spec §6 makes sub-accounts the main account's, so staff may not list them (FORBIDDEN).
 */
export const getUserList = defineCall({
  path: '/api/v1/u/getUserList',
  auth: 'session',
  mainOnly: true,
  request: emptyBody,
  response: z.object({ data: z.array(accountSummary), count: z.number().int() }),
});

/** One app of the side menu's my apps (spec §2, §4): the entry plus what the rules of §4 make of it. */
export const myApp = appEntry.extend({
  /** expire_at is in the future. */
  usable: z.boolean(),
  /** Usable with under 30 days left: the warning shows. */
  expires_soon: z.boolean(),
  /** Whole days left, 0 once expired. */
  days_left: z.number().int(),
});
export type MyApp = z.infer<typeof myApp>;

/** The merchant's apps as they stand now (the user info holds the list of login time). Main account only. */
export const getMyApps = defineCall({
  path: '/api/v1/u/getMyApps',
  auth: 'session',
  mainOnly: true,
  request: emptyBody,
  response: z.object({ data: z.array(myApp), count: z.number().int() }),
});

/** The hidden /overview screen (spec §2): who is logged in, until when, the version, apps and server health. */
export const getOverview = defineCall({
  path: '/api/v1/u/getOverview',
  auth: 'session',
  request: emptyBody,
  response: z.object({
    account: z.object({
      username: z.string(),
      nickname: z.string(),
      is_main: z.boolean(),
      merchant_name: z.string(),
      /** The merchant's own login suffix; '' while none is set. */
      sub_user_suffix: z.string(),
      /** The suffix staff log in with (account@login_suffix): sub_user_suffix, or the main account's phone. */
      login_suffix: z.string(),
      login_type: z.enum(['wechat', 'common']),
      user_id: z.number().int(),
      merchant_id: z.number().int(),
      time_zone: z.string(),
    }),
    session: z.object({
      /** epoch ms when the session ends. */
      expiry: z.number(),
      /** epoch ms when the operator sign ends; null without one. */
      oper_expire_at: z.number().nullable(),
    }),
    version: z.string(),
    server_time: z.number(),
    app_list: z.array(myApp),
    health: z.object({
      status: z.enum(['ok', 'degraded']),
      db: z.string(),
      db_ok: z.boolean(),
      /** Whether this process's device gateway is connected to its broker. */
      gateway: z.enum(['running', 'stopped']),
      sandbox: z.object({ sms: z.boolean(), messaging: z.boolean() }),
      uptime_ms: z.number().int(),
    }),
  }),
});
