import type { RcodeEntry } from './rcode-entry';

/**
 * Orders, payments and refunds: 800–899. Texts follow the messages of spec §8 where the spec names one
 * ("only same-day deals refundable", "refund amount invalid").
 */
export const orderRcodes = {
  801: {
    name: 'ORDER_NOT_FOUND',
    text: { 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在', 'en-US': 'Order does not exist' },
  },
  802: {
    name: 'REFUND_NOT_SAME_DAY',
    text: {
      'zh-CN': '仅支持当天交易退款',
      'zh-TW': '僅支援當天交易退款',
      'en-US': 'Only same-day deals refundable',
    },
  },
  803: {
    name: 'REFUND_AMOUNT_INVALID',
    text: { 'zh-CN': '退款金额无效', 'zh-TW': '退款金額無效', 'en-US': 'Refund amount invalid' },
  },
  804: {
    name: 'REFUND_CASH_SALE',
    text: {
      'zh-CN': '现金交易不支持退款',
      'zh-TW': '現金交易不支援退款',
      'en-US': 'Cash sales cannot be refunded',
    },
  },
  805: {
    name: 'ORDER_NOT_PAID',
    text: { 'zh-CN': '订单未支付', 'zh-TW': '訂單未支付', 'en-US': 'The order is not paid' },
  },
  806: {
    name: 'REFUND_FAILED',
    text: {
      'zh-CN': '退款失败：{reason}',
      'zh-TW': '退款失敗：{reason}',
      'en-US': 'Refund failed: {reason}',
    },
  },
  807: {
    name: 'ORDER_NOT_REPLACEABLE',
    text: {
      'zh-CN': '只有未退款的异常订单或出货失败订单可以重新出货',
      'zh-TW': '只有未退款的異常訂單或出貨失敗訂單可以重新出貨',
      'en-US': 'Only abnormal or failed orders without a refund can be vended again',
    },
  },
  808: {
    name: 'PAY_CHANNEL_REQUIRED',
    text: { 'zh-CN': '请选择支付方式', 'zh-TW': '請選擇支付方式', 'en-US': 'Please choose how to pay' },
  },
  809: {
    name: 'PAYMENT_CREATE_FAILED',
    text: {
      'zh-CN': '发起支付失败，请重试',
      'zh-TW': '發起支付失敗，請重試',
      'en-US': 'Could not start the payment, please try again',
    },
  },
  810: {
    name: 'MACHINE_NOT_SELLING',
    text: {
      'zh-CN': '该设备暂停售卖',
      'zh-TW': '該設備暫停售賣',
      'en-US': 'This machine is not selling now',
    },
  },
  811: {
    name: 'SALE_MODE_UNAVAILABLE',
    text: {
      'zh-CN': '该设备不支持此购买方式',
      'zh-TW': '該設備不支援此購買方式',
      'en-US': 'This machine does not sell that way',
    },
  },
  812: {
    name: 'PAYMENT_CLOSED',
    text: { 'zh-CN': '支付已关闭', 'zh-TW': '支付已關閉', 'en-US': 'This payment has been closed' },
  },
  813: {
    name: 'ONLINE_PAYMENT_UNAVAILABLE',
    text: {
      'zh-CN': '暂不支持在线支付',
      'zh-TW': '暫不支援線上支付',
      'en-US': 'Online payment is not available here yet',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
