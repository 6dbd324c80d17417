import type { RcodeEntry } from './rcode-entry';

/**
 * Funds and settlement: 1040–1079 (spec §2 /fund and /settle, §3 fund account and settlement, §4 settlement codes).
 */
export const fundRcodes = {
  1040: {
    name: 'SETTLEMENT_NOT_FOUND',
    text: {
      'zh-CN': '结算记录不存在',
      'zh-TW': '結算記錄不存在',
      'en-US': 'Settlement record does not exist',
    },
  },
  1041: {
    name: 'SETTLE_RANGE_INVALID',
    text: {
      'zh-CN': '开始日期不能晚于结束日期',
      'zh-TW': '開始日期不能晚於結束日期',
      'en-US': 'The start date cannot be after the end date',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
