import type { AppEntry, UserInfo } from '@vendo/contract/api/account';

/*
 * A shape check of the user info kept in localStorage and refreshed at start. The contract's zod schema would
 * do it too, but both happen on the first screen, which paints without zod (see account-calls.ts). The mapped
 * type makes this check name every field of UserInfo, so a field added to the contract fails typecheck here.
 */

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isAppEntry(v: unknown): v is AppEntry {
  return (
    isObject(v) &&
    isString(v.app_module_name) &&
    isNumber(v.expire_at) &&
    Array.isArray(v.extend) &&
    v.extend.every((e: unknown) => isObject(e) && isString(e.name) && isString(e.value))
  );
}

const FIELDS: { [K in keyof UserInfo]-?: (v: unknown) => boolean } = {
  username: isString,
  nickname: isString,
  token: (v) => isString(v) && v.length > 0,
  secret: (v) => isString(v) && v.length > 0,
  isMain: (v) => typeof v === 'boolean',
  business: isString,
  merchantName: isString,
  havePerms: (v) => Array.isArray(v) && v.every((p) => Number.isInteger(p)),
  allStores: (v) => v === undefined || typeof v === 'boolean',
  hasPhone: (v) => v === undefined || typeof v === 'boolean',
  expiry: isNumber,
  payDomain: isString,
  isOperPwd: (v) => v === 0 || v === 1,
  subUserSuffix: isString,
  appList: (v) => Array.isArray(v) && v.every(isAppEntry),
  loginType: (v) => v === 'wechat' || v === 'common',
  agent: (v) => isObject(v) && isString(v.id) && isString(v.name) && isString(v.logo),
};

export function isUserInfo(value: unknown): value is UserInfo {
  if (!isObject(value)) return false;
  return (Object.keys(FIELDS) as (keyof UserInfo)[]).every((key) => FIELDS[key](value[key]));
}
