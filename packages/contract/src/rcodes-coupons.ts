import type { RcodeEntry } from './rcode-entry';

/**
 * Coupons and the customer identity of the purchase page: 1100–1119 (spec §2 /activity, §3 Coupon, §7 the coupon
 * calls; issue 17). Every rule of a coupon has its own code, so the screen can say which one is broken.
 */
export const couponRcodes = {
  1100: {
    name: 'COUPON_NOT_FOUND',
    text: { 'zh-CN': '优惠券不存在', 'zh-TW': '優惠券不存在', 'en-US': 'Coupon does not exist' },
  },
  1101: {
    name: 'COUPON_RATE_RANGE',
    text: {
      'zh-CN': '折扣须在 0.001 折到 9.999 折之间（顾客支付原价的 0.01%–99.99%）',
      'zh-TW': '折扣須在 0.001 折到 9.999 折之間（顧客支付原價的 0.01%–99.99%）',
      'en-US': 'The rate must make the customer pay between 0.01% and 99.99% of the price',
    },
  },
  1102: {
    name: 'COUPON_REDUCE_RANGE',
    text: {
      'zh-CN': '减免金额须在 0.01 到 10000 元之间，使用门槛在 0 到 10000 元之间',
      'zh-TW': '減免金額須在 0.01 到 10000 元之間，使用門檻在 0 到 10000 元之間',
      'en-US': 'The amount off must be 0.01 to 10,000 yuan and the minimum price 0 to 10,000 yuan',
    },
  },
  1103: {
    name: 'COUPON_SCOPE_EMPTY',
    text: {
      'zh-CN': '请选择优惠券适用的门店或商品',
      'zh-TW': '請選擇優惠券適用的門店或商品',
      'en-US': 'Choose the stores or goods the coupon is good for',
    },
  },
  1104: {
    name: 'COUPON_QUANTITY_RANGE',
    text: {
      'zh-CN': '发放数量须在 1 到 {max} 之间',
      'zh-TW': '發放數量須在 1 到 {max} 之間',
      'en-US': 'The quantity must be 1 to {max}',
    },
  },
  1105: {
    name: 'COUPON_LIMIT_RANGE',
    text: {
      'zh-CN': '每人限领须在 1 到 {max} 张之间',
      'zh-TW': '每人限領須在 1 到 {max} 張之間',
      'en-US': 'The per-customer limit must be 1 to {max}',
    },
  },
  1106: {
    name: 'COUPON_POINTS_RANGE',
    text: {
      'zh-CN': '所需积分须为 0 到 {max} 的整数',
      'zh-TW': '所需積分須為 0 到 {max} 的整數',
      'en-US': 'The points must be a whole number from 0 to {max}',
    },
  },
  1107: {
    name: 'COUPON_RECEIVE_PERIOD_INVALID',
    text: {
      'zh-CN': '领取结束日期不能早于开始日期',
      'zh-TW': '領取結束日期不能早於開始日期',
      'en-US': 'The receive period ends before it starts',
    },
  },
  1108: {
    name: 'COUPON_USE_PERIOD_INVALID',
    text: {
      'zh-CN': '使用结束日期不能早于使用开始日期、领取开始日期或今天',
      'zh-TW': '使用結束日期不能早於使用開始日期、領取開始日期或今天',
      'en-US':
        'The use period must not end before it starts, before the receive period starts, or before today',
    },
  },
  1109: {
    name: 'COUPON_WEEKDAYS_EMPTY',
    text: {
      'zh-CN': '请至少选择一个可用星期',
      'zh-TW': '請至少選擇一個可用星期',
      'en-US': 'Choose at least one weekday',
    },
  },
  1110: {
    name: 'COUPON_QUANTITY_BELOW_RECEIVED',
    text: {
      'zh-CN': '已领取 {received} 张，发放数量不能少于此数',
      'zh-TW': '已領取 {received} 張，發放數量不能少於此數',
      'en-US': '{received} were received already: the quantity cannot be lower',
    },
  },
  1111: {
    name: 'COUPON_SOLD_OUT',
    text: {
      'zh-CN': '优惠券已领完',
      'zh-TW': '優惠券已領完',
      'en-US': 'All of these coupons have been received',
    },
  },
  1112: {
    name: 'COUPON_LIMIT_REACHED',
    text: {
      'zh-CN': '每人限领 {limit} 张，您已领取',
      'zh-TW': '每人限領 {limit} 張，您已領取',
      'en-US': 'You already received the {limit} allowed per customer',
    },
  },
  1113: {
    name: 'COUPON_NOT_RECEIVABLE',
    text: {
      'zh-CN': '该优惠券现在不可在此设备领取',
      'zh-TW': '該優惠券現在不可在此設備領取',
      'en-US': 'This coupon cannot be received on this machine now',
    },
  },
  1114: {
    name: 'COUPON_CUSTOMER_REQUIRED',
    text: {
      'zh-CN': '请先登录（微信或支付宝）再领取或使用优惠券',
      'zh-TW': '請先登入（微信或支付寶）再領取或使用優惠券',
      'en-US': 'Sign in with WeChat or Alipay first to receive or use coupons',
    },
  },
  1115: {
    name: 'COUPON_RECEIPT_UNUSABLE',
    text: {
      'zh-CN': '该优惠券已使用、正用于另一笔订单或不属于您',
      'zh-TW': '該優惠券已使用、正用於另一筆訂單或不屬於您',
      'en-US': 'This coupon is used, held by another order, or not yours',
    },
  },
  1116: {
    name: 'COUPON_NOT_APPLICABLE',
    text: {
      'zh-CN': '该优惠券不适用于此商品、此价格或今天',
      'zh-TW': '該優惠券不適用於此商品、此價格或今天',
      'en-US': 'This coupon is not good for these goods, this price or today',
    },
  },
  1117: {
    name: 'COUPON_TARGET_UNKNOWN',
    text: {
      'zh-CN': '所选门店或商品不存在',
      'zh-TW': '所選門店或商品不存在',
      'en-US': 'A chosen store or goods does not exist',
    },
  },
  1118: {
    name: 'COUPON_NEEDS_POINTS',
    text: {
      'zh-CN': '该优惠券需要会员积分领取，会员功能尚未开放',
      'zh-TW': '該優惠券需要會員積分領取，會員功能尚未開放',
      'en-US': 'This coupon costs member points, and members are not available yet',
    },
  },
  1119: {
    name: 'CUSTOMER_IDENTITY_FAILED',
    text: {
      'zh-CN': '无法确认您的身份，请重新打开页面再试',
      'zh-TW': '無法確認您的身份，請重新開啟頁面再試',
      'en-US': 'Your identity could not be confirmed: open the page again and retry',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
