import type { RcodeEntry } from './rcode-entry';

/**
 * Fee splitting: 1080–1099 (spec §2 /feeSplitting, §7 the split calls; issue 16). Shares are read as percentages
 * with up to 2 decimals ({sum} is one, e.g. 99.5). Every rule of a configuration has its own code, so the screen
 * can say which one is broken.
 */
export const splitRcodes = {
  1080: {
    name: 'SPLIT_CONFIG_NOT_FOUND',
    text: {
      'zh-CN': '分账配置不存在',
      'zh-TW': '分帳配置不存在',
      'en-US': 'Split configuration does not exist',
    },
  },
  1081: {
    name: 'SPLIT_SUM_NOT_WHOLE',
    text: {
      'zh-CN': '主账户与分账账户的比例之和须为 100%，当前为 {sum}%',
      'zh-TW': '主帳戶與分帳帳戶的比例之和須為 100%，目前為 {sum}%',
      'en-US': 'The shares of the main account and the split accounts must add up to 100%, not {sum}%',
    },
  },
  1082: {
    name: 'SPLIT_SHARE_NOT_POSITIVE',
    text: {
      'zh-CN': '每个账户的比例须大于 0 且小于 100%（最多两位小数）',
      'zh-TW': '每個帳戶的比例須大於 0 且小於 100%（最多兩位小數）',
      'en-US': 'Every share must be above 0 and below 100% (at most 2 decimals)',
    },
  },
  1083: {
    name: 'SPLIT_ACCOUNT_DUPLICATE',
    text: {
      'zh-CN': '同一个分账账户不能添加两次',
      'zh-TW': '同一個分帳帳戶不能新增兩次',
      'en-US': 'The same split account is listed twice',
    },
  },
  1084: {
    name: 'SPLIT_MAIN_IN_LIST',
    text: {
      'zh-CN': '主账户不能同时作为分账账户',
      'zh-TW': '主帳戶不能同時作為分帳帳戶',
      'en-US': 'The main account cannot also be a split account',
    },
  },
  1085: {
    name: 'SPLIT_TOO_MANY',
    text: {
      'zh-CN': '分账账户最多 {max} 个',
      'zh-TW': '分帳帳戶最多 {max} 個',
      'en-US': 'At most {max} split accounts',
    },
  },
  1086: {
    name: 'SPLIT_LIST_EMPTY',
    text: {
      'zh-CN': '请至少添加一个分账账户',
      'zh-TW': '請至少新增一個分帳帳戶',
      'en-US': 'Add at least one split account',
    },
  },
  1087: {
    name: 'SPLIT_MAIN_CARD_INVALID',
    text: {
      'zh-CN': '主账户须为本商户审核通过的银行卡',
      'zh-TW': '主帳戶須為本商戶審核通過的銀行卡',
      'en-US': 'The main account must be an approved bank card of your own',
    },
  },
  1088: {
    name: 'SPLIT_ACCOUNT_INVALID',
    text: {
      'zh-CN': '分账账户须为其他商户审核通过的银行卡，请按卡号重新查找',
      'zh-TW': '分帳帳戶須為其他商戶審核通過的銀行卡，請按卡號重新查找',
      'en-US':
        'A split account must be an approved bank card of another merchant; look it up by card number again',
    },
  },
  1089: {
    name: 'SPLIT_ACCOUNT_NOT_FOUND',
    text: {
      'zh-CN': '没有找到该卡号的已审核商户',
      'zh-TW': '沒有找到該卡號的已審核商戶',
      'en-US': 'No approved merchant has this card number',
    },
  },
  1090: {
    name: 'SPLIT_ACCOUNT_IS_OWN',
    text: {
      'zh-CN': '这是您自己的银行卡，请将其选为主账户',
      'zh-TW': '這是您自己的銀行卡，請將其選為主帳戶',
      'en-US': 'This is your own bank card; choose it as the main account instead',
    },
  },
  1091: {
    name: 'SPLIT_CONFIG_LIMIT',
    text: {
      'zh-CN': '分账配置数量已达上限（{max}）',
      'zh-TW': '分帳配置數量已達上限（{max}）',
      'en-US': 'Split configuration limit reached ({max})',
    },
  },
  1092: {
    name: 'SPLIT_NAME_TAKEN',
    text: {
      'zh-CN': '已有同名的分账配置',
      'zh-TW': '已有同名的分帳配置',
      'en-US': 'A split configuration of this name already exists',
    },
  },
  1093: {
    name: 'SPLIT_CONFIG_REQUIRED',
    text: {
      'zh-CN': '开启分账前请选择分账配置',
      'zh-TW': '開啟分帳前請選擇分帳配置',
      'en-US': 'Choose a split configuration before turning the split on',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
