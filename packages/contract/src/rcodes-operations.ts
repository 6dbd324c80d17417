import type { RcodeEntry } from './rcode-entry';

/**
 * Operations: 1260–1269 (issue 19, faults; decision 044). What a caller is told when the service itself cannot
 * answer for a moment — the database unreachable or too busy — instead of the generic 500: the call's transaction
 * was rolled back, and trying again shortly works once the database is back.
 */
export const operationsRcodes = {
  1260: {
    name: 'DATABASE_UNAVAILABLE',
    text: {
      'zh-CN': '服务暂时不可用（数据库无法访问），请稍后重试',
      'zh-TW': '服務暫時無法使用（資料庫無法存取），請稍後重試',
      'en-US': 'Service temporarily unavailable (the database cannot be reached), please try again shortly',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
