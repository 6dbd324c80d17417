import { z } from 'zod';
import { zId, zFilterId, zFilterText, pagedRequest, storeRef, zBit, zSwitch } from './fields';
import { defineCall, emptyResult, listResult } from './call';
import { INT4_MAX, PAGE_SIZE, TEXT_MAX, ROLE_NAME_MAX } from '../constants';
import { isPermissionCode, type PermissionCode } from '../enums';
import {
  checkMobile,
  checkRolePermissions,
  required,
  zLoginPassword,
  zOperPwdMd5,
  zRules,
  zStaffAccount,
  zSuffix,
} from '../validation';

/*
 * Staff (sub-accounts) and roles of /staff (spec §3, §5, §6, §7). Every call here is the main account's
 * (spec §6 "sub-accounts" is main-account only), except the staff member's own password change.
 * Staff log in as `sub_username@suffix`: the merchant's sub_user_suffix, or the main account's phone while none is
 * set. Operation passwords travel as the md5 hex of their 6 digits, like everywhere else.
 */

const zPersonName = zRules(required).pipe(z.string().max(50, { error: 'invalidValue' }));
/** Optional, but a mainland mobile when given. */
const zOptionalMobile = zRules(checkMobile)
  .pipe(z.string().max(20, { error: 'phone' }))
  .nullish()
  .transform((v) => v ?? '');

/** Confirmations: compared with the field they confirm, so as long as it may be. */
const zConfirmPassword = z.string({ error: 'passwordsDiffer' }).max(TEXT_MAX.password);
const zConfirmOperPwd = z.string({ error: 'passwordsDiffer' }).max(32);

// ---------------------------------------------------------------------------------------------------------
// Roles

/** A role's permission codes as a list or as the stored comma string (perm_detail); at least one, all known. */
export const zPermissionList = z
  .union([z.array(z.coerce.number({ error: 'invalidValue' }).max(INT4_MAX)), z.string().max(TEXT_MAX.note)], {
    error: 'roleNoPermission',
  })
  .transform((v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .filter((p) => p.trim() !== '')
          .map(Number)
      : v,
  )
  .superRefine((codes, ctx) => {
    const key = checkRolePermissions(codes);
    if (key) ctx.addIssue({ code: 'custom', message: key });
    else if (!codes.every(isPermissionCode)) ctx.addIssue({ code: 'custom', message: 'invalidValue' });
  })
  .transform((codes) => [...new Set(codes as PermissionCode[])].sort((a, b) => a - b));

export const role = z.object({
  roleid: z.number().int(),
  /** Same as name; the spec calls it both. */
  rolename: z.string(),
  name: z.string(),
  note: z.string(),
  /** Permission codes 1020–1038 (spec §6), ascending. */
  permissions: z.array(z.number().int()),
  /** The same codes comma-joined, as stored. */
  perm_detail: z.string(),
  /** Staff members holding this role. */
  staff_count: z.number().int(),
  create_time: z.number(),
});
export type Role = z.infer<typeof role>;

const roleFields = {
  name: zRules(required).pipe(z.string().max(ROLE_NAME_MAX, { error: 'invalidValue' })),
  note: zRules(required).pipe(z.string().max(TEXT_MAX.note, { error: 'invalidValue' })),
  permissions: zPermissionList,
};

export const getRole = defineCall({
  path: '/api/v1/a/getRole',
  auth: 'session',
  mainOnly: true,
  request: pagedRequest({ rolename: zFilterText }, PAGE_SIZE.role),
  response: listResult(role),
});

export const addRole = defineCall({
  path: '/api/v1/a/addRole',
  auth: 'session',
  mainOnly: true,
  request: z.object(roleFields),
  response: z.object({ roleid: z.number().int() }),
});

/** Staff holding the role get the new permissions with their next call. */
export const editRole = defineCall({
  path: '/api/v1/a/editRole',
  auth: 'session',
  mainOnly: true,
  request: z.object({ roleid: zId, ...roleFields }),
  response: emptyResult,
});

/** Refused while staff hold the role (rcode ROLE_IN_USE names how many): they need another role first. */
export const delRole = defineCall({
  path: '/api/v1/a/delRole',
  auth: 'session',
  mainOnly: true,
  request: z.object({ roleid: zId }),
  response: emptyResult,
});

// ---------------------------------------------------------------------------------------------------------
// Staff

export const subUser = z.object({
  sub_userid: z.number().int(),
  /** The account part of the login name. */
  sub_username: z.string(),
  /** What the staff member types to log in: account@suffix. */
  login_name: z.string(),
  /** The suffix in effect: the merchant's sub_user_suffix, or the main account's phone while none is set. */
  sub_user_suffix: z.string(),
  /** The staff member's name. */
  nickname: z.string(),
  phone: z.string(),
  /** null: no role, so no permission. */
  role_info: z.object({ roleid: z.number().int(), rolename: z.string() }).nullable(),
  /** 1: every store; 0: only `store`. */
  all_device: zBit,
  store: z.array(storeRef),
  /** The operation-password switch: 1 refund, remote control and unbind ask for it. */
  is_oper_pwd: zBit,
  /** Whether an operation password has been set for the staff member. */
  has_oper_pwd: z.boolean(),
  /** 1: manages only the goods they added (spec §6 "all or own items"). */
  goods_own_only: zBit,
  /** 1: manages only the bank cards they added. */
  bank_own_only: zBit,
  create_time: z.number(),
});
export type SubUser = z.infer<typeof subUser>;

/** Managed stores: all, or a list that may not be empty. */
const scopeFields = {
  all_device: zSwitch.default(1),
  store: z
    .array(zId, { error: 'invalidValue' })
    .max(999)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  goods_own_only: zSwitch.default(0),
  bank_own_only: zSwitch.default(0),
};

function storesGiven(v: { all_device: 0 | 1; store: number[] }, ctx: z.RefinementCtx): void {
  if (v.all_device === 0 && v.store.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['store'] });
  }
}

function passwordsMatch(v: { password: string; confirm_password: string }, ctx: z.RefinementCtx): void {
  if (v.password !== v.confirm_password) {
    ctx.addIssue({ code: 'custom', message: 'passwordsDiffer', path: ['confirm_password'] });
  }
}

function operPasswordsMatch(
  v: { oper_pwd?: string | undefined; confirm_oper_pwd?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.oper_pwd !== undefined && v.oper_pwd !== v.confirm_oper_pwd) {
    ctx.addIssue({ code: 'custom', message: 'passwordsDiffer', path: ['confirm_oper_pwd'] });
  }
}

const profileFields = {
  sub_username: zStaffAccount,
  nickname: zPersonName,
  phone: zOptionalMobile,
  /** null or left out: no role yet. */
  roleid: zId.nullish().transform((v) => v ?? null),
  ...scopeFields,
};

export const addSubUser = defineCall({
  path: '/api/v1/u/addSubUser',
  auth: 'session',
  mainOnly: true,
  request: z
    .object({
      ...profileFields,
      password: zLoginPassword,
      confirm_password: zConfirmPassword,
      /** With is_oper_pwd 1 the operation password (md5 of 6 digits) and its confirmation are required. */
      is_oper_pwd: zSwitch.default(0),
      oper_pwd: zOperPwdMd5.optional(),
      confirm_oper_pwd: zConfirmOperPwd.optional(),
    })
    .superRefine(storesGiven)
    .superRefine(passwordsMatch)
    .superRefine(operPasswordsMatch)
    .superRefine((v, ctx) => {
      if (v.is_oper_pwd === 1 && v.oper_pwd === undefined) {
        ctx.addIssue({ code: 'custom', message: 'required', path: ['oper_pwd'] });
      }
    }),
  response: z.object({ sub_userid: z.number().int(), login_name: z.string() }),
});

/** Name, phone, account, role and managed stores; passwords and the switch have their own calls. */
export const editSubUser = defineCall({
  path: '/api/v1/u/editSubUser',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_userid: zId, ...profileFields }).superRefine(storesGiven),
  response: emptyResult,
});

export const getSubUser = defineCall({
  path: '/api/v1/u/getSubUser',
  auth: 'session',
  mainOnly: true,
  request: pagedRequest(
    {
      /** Matches any part of the account, the name or the phone. */
      keyword: zFilterText,
      roleid: zFilterId,
    },
    PAGE_SIZE.staff,
  ),
  response: listResult(subUser),
});

/** Removes the staff member; their sessions end at once. Their past records keep their name. */
export const delSubUser = defineCall({
  path: '/api/v1/u/delSubUser',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_userid: zId }),
  response: emptyResult,
});

/** Whether the merchant already has a staff member with this account. */
export const isExistSubUser = defineCall({
  path: '/api/v1/u/isExistSubUser',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_username: zStaffAccount }),
  response: z.object({ exist: z.boolean() }),
});

/** Whether a login suffix is taken (by another merchant's suffix or main phone); the merchant's own is free. */
export const isExistSuffix = defineCall({
  path: '/api/v1/u/isExistSuffix',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_user_suffix: zSuffix }),
  response: z.object({ exist: z.boolean() }),
});

/** Sets the merchant's login suffix: staff then log in as account@suffix (sessions stay). */
export const setSubUserSuffix = defineCall({
  path: '/api/v1/u/setSubUserSuffix',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_user_suffix: zSuffix }),
  response: z.object({ sub_user_suffix: z.string() }),
});

const operPwdPair = {
  oper_pwd: zOperPwdMd5,
  confirm_oper_pwd: zConfirmOperPwd,
};

/** The main account sets a staff member's operation password; the staff member's operator signs end. */
export const resetSubUserOprPwd = defineCall({
  path: '/api/v1/u/resetSubUserOprPwd',
  auth: 'session',
  mainOnly: true,
  request: z.object({ sub_userid: zId, ...operPwdPair }).superRefine(operPasswordsMatch),
  response: emptyResult,
});

/**
 * The operation-password switch of a staff member. Turning it on needs a password: the one set before, or
 * oper_pwd (with its confirmation) given here; otherwise rcode STAFF_OPER_PWD_NOT_SET.
 */
export const changeIsOperPwd = defineCall({
  path: '/api/v1/u/changeIsOperPwd',
  auth: 'session',
  mainOnly: true,
  request: z
    .object({
      sub_userid: zId,
      is_oper_pwd: zSwitch,
      oper_pwd: zOperPwdMd5.optional(),
      confirm_oper_pwd: zConfirmOperPwd.optional(),
    })
    .superRefine(operPasswordsMatch),
  response: z.object({ is_oper_pwd: zBit }),
});

/** The main account sets a staff member's login password; every session of the staff member ends at once. */
export const resetSubUserPwd = defineCall({
  path: '/api/v1/u/resetSubUserPwd',
  auth: 'session',
  mainOnly: true,
  request: z
    .object({
      sub_userid: zId,
      password: zLoginPassword,
      confirm_password: zConfirmPassword,
    })
    .superRefine(passwordsMatch),
  response: emptyResult,
});

/**
 * A staff member changes their own login password with the current one, only while the Account app's extend
 * subuser_self_reset_password is 1 (otherwise rcode SELF_RESET_DISABLED). Every session of theirs ends, this one
 * too. The main account changes its password through /u/changePwd (SMS) instead: FORBIDDEN here.
 */
export const changePwdForSubUser = defineCall({
  path: '/api/v1/u/changePwdForSubUser',
  auth: 'session',
  staffOnly: true,
  request: z
    .object({
      old_password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(TEXT_MAX.password),
      password: zLoginPassword,
      confirm_password: zConfirmPassword,
    })
    .superRefine(passwordsMatch),
  response: emptyResult,
});
