import type { RcodeEntry } from './rcode-entry';

/**
 * Referrers, the activity center and its records: 1140–1159 (spec §2 /referrer, /activityCenter, /record; §3
 * Referrer; §7 /b/getReferrer, /b/addReferrer, /b/editReferrer, /b/delReferrer; issue 17). Commission is read as
 * a percentage with up to 2 decimals.
 */
export const referrerRcodes = {
  1140: {
    name: 'REFERRER_NOT_FOUND',
    text: {
      'zh-CN': '推荐人不存在',
      'zh-TW': '推薦人不存在',
      'en-US': 'Referrer does not exist',
    },
  },
  1141: {
    name: 'REFERRER_NO_TAKEN',
    text: {
      'zh-CN': '推荐人编号 {no} 已被其他推荐人使用',
      'zh-TW': '推薦人編號 {no} 已被其他推薦人使用',
      'en-US': 'Referrer number {no} is already used by another referrer',
    },
  },
  1142: {
    name: 'REFERRER_COMMISSION_INVALID',
    text: {
      'zh-CN': '佣金比例须在 0 到 100% 之间，最多两位小数',
      'zh-TW': '佣金比例須在 0 到 100% 之間，最多兩位小數',
      'en-US': 'Commission must be between 0 and 100% with at most 2 decimals',
    },
  },
  1143: {
    name: 'REFERRER_NO_INVALID',
    text: {
      'zh-CN': '推荐人编号只能包含字母、数字、- 和 _',
      'zh-TW': '推薦人編號只能包含字母、數字、- 和 _',
      'en-US': 'A referrer number may hold only letters, digits, - and _',
    },
  },
  1144: {
    name: 'REFERRER_LIMIT',
    text: {
      'zh-CN': '推荐人数量已达上限（{max}）',
      'zh-TW': '推薦人數量已達上限（{max}）',
      'en-US': 'Referrer limit reached ({max})',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
