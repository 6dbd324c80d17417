import type { RcodeEntry } from './rcode-entry';

/**
 * Gift vouchers: 1120–1139 (spec §2 /gift, §3 Gift voucher, §4 its states, §7 /h/getGift, /b/getGiftHubDev,
 * /b/addGift, /b/disableGift, /b/download; issue 17). Every rule of a batch and every refusal of a code has its
 * own code, so the screen and the customer page can say which one it is.
 */
export const giftRcodes = {
  1120: {
    name: 'GIFT_NOT_FOUND',
    text: {
      'zh-CN': '礼品券不存在',
      'zh-TW': '禮品券不存在',
      'en-US': 'Gift voucher batch does not exist',
    },
  },
  1121: {
    name: 'GIFT_PERIOD_INVALID',
    text: {
      'zh-CN': '有效期的结束日期不能早于开始日期',
      'zh-TW': '有效期的結束日期不能早於開始日期',
      'en-US': 'The end of the valid period cannot be before its start',
    },
  },
  1122: {
    name: 'GIFT_PERIOD_PAST',
    text: {
      'zh-CN': '有效期已经结束，请选择今天或以后的结束日期',
      'zh-TW': '有效期已經結束，請選擇今天或以後的結束日期',
      'en-US': 'The valid period has already ended; choose an end date of today or later',
    },
  },
  1123: {
    name: 'GIFT_WEEKDAYS_EMPTY',
    text: {
      'zh-CN': '请至少选择一个可用星期',
      'zh-TW': '請至少選擇一個可用星期',
      'en-US': 'Choose at least one weekday the codes are valid on',
    },
  },
  1124: {
    name: 'GIFT_DEVICES_EMPTY',
    text: {
      'zh-CN': '请至少选择一台设备',
      'zh-TW': '請至少選擇一台設備',
      'en-US': 'Choose at least one machine',
    },
  },
  1125: {
    name: 'GIFT_DEVICE_INVALID',
    text: {
      'zh-CN': '设备 {sn} 不是您的设备',
      'zh-TW': '設備 {sn} 不是您的設備',
      'en-US': 'Machine {sn} is not one of yours',
    },
  },
  1126: {
    name: 'GIFT_GOODS_EMPTY',
    text: {
      'zh-CN': '请至少选择一个礼品',
      'zh-TW': '請至少選擇一個禮品',
      'en-US': 'Choose at least one gift',
    },
  },
  1127: {
    name: 'GIFT_GOODS_INVALID',
    text: {
      'zh-CN': '礼品须为您自己的商品',
      'zh-TW': '禮品須為您自己的商品',
      'en-US': 'Gifts must be goods of your own',
    },
  },
  1128: {
    name: 'GIFT_QUANTITY_RANGE',
    text: {
      'zh-CN': '券码数量须在 1 到 {max} 之间',
      'zh-TW': '券碼數量須在 1 到 {max} 之間',
      'en-US': 'The number of codes must be between 1 and {max}',
    },
  },
  1129: {
    name: 'GIFT_DELETE_NOT_REVOKED',
    text: {
      'zh-CN': '请先作废该礼品券，再删除',
      'zh-TW': '請先作廢該禮品券，再刪除',
      'en-US': 'Revoke the gift voucher batch before deleting it',
    },
  },
  1130: {
    name: 'GIFT_CODE_INVALID',
    text: {
      'zh-CN': '券码不存在，请检查后重新输入',
      'zh-TW': '券碼不存在，請檢查後重新輸入',
      'en-US': 'This code does not exist; check it and enter it again',
    },
  },
  1131: {
    name: 'GIFT_CODE_USED',
    text: {
      'zh-CN': '该券码已被使用',
      'zh-TW': '該券碼已被使用',
      'en-US': 'This code has already been used',
    },
  },
  1132: {
    name: 'GIFT_CODE_REVOKED',
    text: {
      'zh-CN': '该券码已被商家作废',
      'zh-TW': '該券碼已被商家作廢',
      'en-US': 'This code has been revoked by the merchant',
    },
  },
  1133: {
    name: 'GIFT_CODE_EXPIRED',
    text: {
      'zh-CN': '该券码已过期（有效期至 {date}）',
      'zh-TW': '該券碼已過期（有效期至 {date}）',
      'en-US': 'This code has expired (it was valid until {date})',
    },
  },
  1134: {
    name: 'GIFT_CODE_NOT_YET',
    text: {
      'zh-CN': '该券码从 {date} 起可用',
      'zh-TW': '該券碼從 {date} 起可用',
      'en-US': 'This code is valid from {date}',
    },
  },
  1135: {
    name: 'GIFT_CODE_WRONG_DAY',
    text: {
      'zh-CN': '该券码今天不可用，仅限：{days}',
      'zh-TW': '該券碼今天不可用，僅限：{days}',
      'en-US': 'This code is not valid today, only on: {days}',
    },
  },
  1136: {
    name: 'GIFT_CODE_WRONG_MACHINE',
    text: {
      'zh-CN': '该券码不能在这台设备上使用',
      'zh-TW': '該券碼不能在這台設備上使用',
      'en-US': 'This code is not valid on this machine',
    },
  },
  1137: {
    name: 'GIFT_SHELF_NOT_GIFT',
    text: {
      'zh-CN': '该货道没有此券可兑换的礼品，请选择其他货道',
      'zh-TW': '該貨道沒有此券可兌換的禮品，請選擇其他貨道',
      'en-US': 'This shelf holds no gift of this code; choose another shelf',
    },
  },
  1138: {
    name: 'GIFT_NO_GIFT_HERE',
    text: {
      'zh-CN': '这台设备上暂时没有此券可兑换的礼品',
      'zh-TW': '這台設備上暫時沒有此券可兌換的禮品',
      'en-US': 'This machine has none of this code’s gifts in stock right now',
    },
  },
  1139: {
    name: 'GIFT_ORDER_REDEEM_AGAIN',
    text: {
      'zh-CN': '该兑换订单出货失败，券码已可再次兑换：请让顾客重新兑换，不能补货',
      'zh-TW': '該兌換訂單出貨失敗，券碼已可再次兌換：請讓顧客重新兌換，不能補貨',
      'en-US':
        'This gift order failed and its code can be redeemed again: ask the customer to redeem it, it cannot be vended again',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
