import type { RcodeEntry } from './rcode-entry';

/** Webhooks and the event stream: 1240–1259 (issue 20, docs/webhooks.md, decision 048). */
export const webhookRcodes = {
  1240: {
    name: 'WEBHOOK_NOT_FOUND',
    text: {
      'zh-CN': '接收地址不存在',
      'zh-TW': '接收網址不存在',
      'en-US': 'Webhook endpoint does not exist',
    },
  },
  1241: {
    name: 'WEBHOOK_URL_INVALID',
    text: {
      'zh-CN': '接收地址须为 http:// 或 https:// 开头的正确网址',
      'zh-TW': '接收網址須為 http:// 或 https:// 開頭的正確網址',
      'en-US': 'The URL must be a proper address starting with http:// or https://',
    },
  },
  1242: {
    name: 'WEBHOOK_URL_HTTPS_REQUIRED',
    text: {
      'zh-CN': '接收地址须使用 https://',
      'zh-TW': '接收網址須使用 https://',
      'en-US': 'The URL must use https://',
    },
  },
  1243: {
    name: 'WEBHOOK_URL_PRIVATE',
    text: {
      'zh-CN': '接收地址不能指向内网或本机地址',
      'zh-TW': '接收網址不能指向內網或本機位址',
      'en-US': 'The URL must not point to a private or local address',
    },
  },
  1244: {
    name: 'WEBHOOK_LIMIT',
    text: {
      'zh-CN': '接收地址已达上限（10 个）',
      'zh-TW': '接收網址已達上限（10 個）',
      'en-US': 'You already have the most endpoints allowed (10)',
    },
  },
  1245: {
    name: 'WEBHOOK_DELIVERY_NOT_FOUND',
    text: { 'zh-CN': '推送记录不存在', 'zh-TW': '推送記錄不存在', 'en-US': 'Delivery does not exist' },
  },
} as const satisfies Record<number, RcodeEntry>;
