import type { LocaleText } from './locales';
import type { RcodeEntry } from './rcode-entry';
import { bankCardRcodes } from './rcodes-bank-cards';
import { catalogRcodes } from './rcodes-catalog';
import { deviceRcodes } from './rcodes-devices';
import { staffRcodes } from './rcodes-staff';
import { orderRcodes } from './rcodes-orders';
import { splitRcodes } from './rcodes-splits';
import { fundRcodes } from './rcodes-funds';
import { couponRcodes } from './rcodes-coupons';
import { giftRcodes } from './rcodes-gifts';
import { referrerRcodes } from './rcodes-referrers';
import { memberRcodes } from './rcodes-members';
import { advertRcodes } from './rcodes-adverts';
import { apiKeyRcodes } from './rcodes-api-keys';
import { webhookRcodes } from './rcodes-webhooks';
import { operationsRcodes } from './rcodes-operations';

/**
 * Every rcode the product answers, with its text in each language (spec §7–8).
 * The numbers 0, 102, 515 and 604 are fixed by the spec; the others are ours and stable once shipped.
 * Ranges: 0–199 platform and accounts, 403/404/500 generic, 500–599 machines (rcodes-devices.ts),
 * 600–699 sessions and apps, 700–799 catalog (rcodes-catalog.ts), 800–899 orders and payments (rcodes-orders.ts),
 * 900–999 analytics and staff (rcodes-staff.ts), 1000–1039 bank cards (rcodes-bank-cards.ts), 1040–1079 funds and
 * settlement (rcodes-funds.ts), 1080–1099 fee splitting (rcodes-splits.ts), 1100–1119 coupons (rcodes-coupons.ts), 1120–1139 gift vouchers
 * (rcodes-gifts.ts), 1140–1159 referrers and records
 * (rcodes-referrers.ts), 1160–1179 members and points (rcodes-members.ts), 1180–1199 advertisements
 * (rcodes-adverts.ts), 1220–1239 API keys (rcodes-api-keys.ts), 1240–1259 webhooks (rcodes-webhooks.ts),
 * 1260–1269 operations: the service unavailable (rcodes-operations.ts).
 * Append, never renumber.
 */
const accountRcodes = {
  0: { name: 'OK', text: { 'zh-CN': '成功', 'zh-TW': '成功', 'en-US': 'Success' } },
  100: {
    name: 'INVALID_PARAM',
    text: { 'zh-CN': '参数错误', 'zh-TW': '參數錯誤', 'en-US': 'Invalid parameter' },
  },
  101: {
    name: 'MALFORMED_REQUEST',
    text: {
      'zh-CN': '请求格式错误，需要 JSON',
      'zh-TW': '請求格式錯誤，需要 JSON',
      'en-US': 'Malformed request: a JSON body is expected',
    },
  },
  102: {
    name: 'WRONG_CREDENTIALS',
    text: {
      'zh-CN': '用户名或密码错误',
      'zh-TW': '使用者名稱或密碼錯誤',
      'en-US': 'Username or password wrong',
    },
  },
  103: {
    name: 'TOO_MANY_ATTEMPTS',
    text: {
      'zh-CN': '操作太频繁，请 {seconds} 秒后再试',
      'zh-TW': '操作太頻繁，請 {seconds} 秒後再試',
      'en-US': 'Too many attempts, try again in {seconds} seconds',
    },
  },
  104: {
    name: 'SMS_CODE_MISMATCH',
    text: { 'zh-CN': '验证码不匹配', 'zh-TW': '驗證碼不匹配', 'en-US': 'Verification code does not match' },
  },
  105: {
    name: 'SMS_CODE_EXPIRED',
    text: {
      'zh-CN': '验证码已失效，请重新获取',
      'zh-TW': '驗證碼已失效，請重新獲取',
      'en-US': 'Verification code expired, request a new one',
    },
  },
  106: {
    name: 'PHONE_REGISTERED',
    text: {
      'zh-CN': '该手机号已注册，请直接登录',
      'zh-TW': '該手機號已註冊，請直接登入',
      'en-US': 'This phone number is already registered, please log in',
    },
  },
  107: {
    name: 'PHONE_NOT_REGISTERED',
    text: {
      'zh-CN': '该手机号未注册',
      'zh-TW': '該手機號未註冊',
      'en-US': 'This phone number is not registered',
    },
  },
  108: {
    name: 'SMS_DAILY_LIMIT',
    text: {
      'zh-CN': '今日验证码发送次数已达上限',
      'zh-TW': '今日驗證碼發送次數已達上限',
      'en-US': 'Daily limit of verification codes reached',
    },
  },
  109: {
    name: 'SIGN_INVALID',
    text: {
      'zh-CN': '校验信息无效，请重新获取验证码',
      'zh-TW': '校驗資訊無效，請重新獲取驗證碼',
      'en-US': 'Verification sign invalid, request a new code',
    },
  },
  110: {
    name: 'OPER_PWD_WRONG',
    text: { 'zh-CN': '操作员验证失败', 'zh-TW': '操作員驗證失敗', 'en-US': 'Operator validation failure' },
  },
  111: {
    name: 'OPER_PWD_SAME',
    text: {
      'zh-CN': '新操作密码不能与旧密码相同',
      'zh-TW': '新操作密碼不能與舊密碼相同',
      'en-US': 'The new operation password must differ from the old one',
    },
  },
  112: {
    name: 'IDENTITY_EXPIRED',
    text: { 'zh-CN': '身份验证已过期', 'zh-TW': '身份驗證已過期', 'en-US': 'Identity verification expired' },
  },
  113: {
    name: 'NO_PHONE_BOUND',
    text: {
      'zh-CN': '当前账号未绑定手机号，请联系客服',
      'zh-TW': '當前帳號未綁定手機號，請聯繫客服',
      'en-US': 'Current account has no phone bound, please contact support',
    },
  },
  114: {
    name: 'CONTACT_MAIN_ACCOUNT',
    text: {
      'zh-CN': '请联系主账号修改',
      'zh-TW': '請聯繫主帳號修改',
      'en-US': 'Please contact the main account to change it',
    },
  },
  115: {
    name: 'BODY_TOO_LARGE',
    text: { 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大', 'en-US': 'Request body too large' },
  },
  116: {
    name: 'UNSUPPORTED_MEDIA_TYPE',
    text: {
      'zh-CN': '不支持的内容类型',
      'zh-TW': '不支援的內容類型',
      'en-US': 'Unsupported content type',
    },
  },
  117: {
    name: 'AGENT_NOT_FOUND',
    text: { 'zh-CN': '代理商不存在', 'zh-TW': '代理商不存在', 'en-US': 'Agent does not exist' },
  },
  118: {
    name: 'SELF_RESET_DISABLED',
    text: {
      'zh-CN': '子账号不能自行重置登录密码，请联系主账号',
      'zh-TW': '子帳號不能自行重置登入密碼，請聯繫主帳號',
      'en-US': 'Staff cannot reset their own login password, please contact the main account',
    },
  },
  119: {
    name: 'OPER_PWD_NOT_SET',
    text: {
      'zh-CN': '尚未设置操作密码，请先设置',
      'zh-TW': '尚未設定操作密碼，請先設定',
      'en-US': 'No operation password is set yet, please set one first',
    },
  },
  403: {
    name: 'FORBIDDEN',
    text: { 'zh-CN': '没有权限', 'zh-TW': '沒有權限', 'en-US': 'No permission' },
  },
  404: {
    name: 'NOT_FOUND',
    text: { 'zh-CN': '接口不存在', 'zh-TW': '介面不存在', 'en-US': 'No such call' },
  },
  500: {
    name: 'INTERNAL',
    text: {
      'zh-CN': '服务器繁忙，请稍后重试',
      'zh-TW': '伺服器繁忙，請稍後重試',
      'en-US': 'Server busy, please try again later',
    },
  },
  604: {
    name: 'SESSION_EXPIRED',
    text: {
      'zh-CN': '登录已过期，请重新登录',
      'zh-TW': '登入已過期，請重新登入',
      'en-US': 'Session expired, please log in again',
    },
  },
  605: {
    name: 'APP_EXPIRED',
    text: {
      'zh-CN': '应用已过期，请联系客服',
      'zh-TW': '應用已過期，請聯繫客服',
      'en-US': 'App expired, contact helper',
    },
  },
  606: {
    name: 'QUOTA_EXCEEDED',
    text: {
      'zh-CN': '数量已达上限（{max}）',
      'zh-TW': '數量已達上限（{max}）',
      'en-US': 'Limit reached ({max})',
    },
  },
  607: {
    name: 'INVALID_CERT',
    text: { 'zh-CN': '无效凭证', 'zh-TW': '無效憑證', 'en-US': 'Invalid cert' },
  },
} as const satisfies Record<number, RcodeEntry>;

/** The whole catalogue: each domain keeps its own range in its own file (see rcodes-*.ts). */
export const rcodeCatalogue = {
  ...accountRcodes,
  ...deviceRcodes,
  ...catalogRcodes,
  ...orderRcodes,
  ...staffRcodes,
  ...bankCardRcodes,
  ...fundRcodes,
  ...splitRcodes,
  ...couponRcodes,
  ...giftRcodes,
  ...referrerRcodes,
  ...memberRcodes,
  ...advertRcodes,
  ...apiKeyRcodes,
  ...webhookRcodes,
  ...operationsRcodes,
} as const;

export type Rcode = keyof typeof rcodeCatalogue;
type Catalogue = typeof rcodeCatalogue;
export type RcodeName = Catalogue[Rcode]['name'];

/** RCODE.SESSION_EXPIRED === 604, typed, so code never writes a bare number. */
export const RCODE = Object.fromEntries(
  Object.entries(rcodeCatalogue).map(([code, entry]) => [entry.name, Number(code)]),
) as { [K in Rcode as Catalogue[K]['name']]: K };

export function rcodeText(code: number): LocaleText | undefined {
  return (rcodeCatalogue as Record<number, { text: LocaleText }>)[code]?.text;
}
