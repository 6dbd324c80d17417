import { report } from '@vendo/contract/api/analytics';
import * as api from '@vendo/contract/api/orders';
import * as buy from '@vendo/contract/api/purchase';
import type { LocaleText } from '@vendo/contract/locales';
import { addFieldLabels } from '../../platform/field-labels';

/** Names of the order calls' fields, so a refused field is named in the answer (platform/field-labels.ts). */
const labels: Record<string, LocaleText> = {
  orderno: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  order_no: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  part_refund: { 'zh-CN': '部分退款', 'zh-TW': '部分退款', 'en-US': 'Partial refund' },
  refund_fee: { 'zh-CN': '退款金额', 'zh-TW': '退款金額', 'en-US': 'Refund amount' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Note' },
  idempotency_key: { 'zh-CN': '请求标识', 'zh-TW': '請求標識', 'en-US': 'Request key' },
  cardno: { 'zh-CN': '卡号', 'zh-TW': '卡號', 'en-US': 'Card number' },
  channel_sn: { 'zh-CN': '货道编号', 'zh-TW': '貨道編號', 'en-US': 'Shelf number' },
  kind: { 'zh-CN': '购买方式', 'zh-TW': '購買方式', 'en-US': 'Kind' },
  pay_channel: { 'zh-CN': '支付方式', 'zh-TW': '支付方式', 'en-US': 'Payment method' },
  client_token: { 'zh-CN': '请求标识', 'zh-TW': '請求標識', 'en-US': 'Request key' },
  token: { 'zh-CN': '订单凭证', 'zh-TW': '訂單憑證', 'en-US': 'Order token' },
  tx: { 'zh-CN': '交易号', 'zh-TW': '交易號', 'en-US': 'Transaction' },
  action: { 'zh-CN': '操作', 'zh-TW': '操作', 'en-US': 'Action' },
  'condition.sn': { 'zh-CN': '设备序列号', 'zh-TW': '設備序號', 'en-US': 'Serial number' },
  'condition.order_no': { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  'condition.cardno': { 'zh-CN': '卡号', 'zh-TW': '卡號', 'en-US': 'Card number' },
  'condition.merchant_order': { 'zh-CN': '商户单号', 'zh-TW': '商戶單號', 'en-US': 'Merchant order number' },
  'condition.status': { 'zh-CN': '订单状态', 'zh-TW': '訂單狀態', 'en-US': 'Order status' },
  'condition.client': { 'zh-CN': '支付方式', 'zh-TW': '支付方式', 'en-US': 'Payment method' },
  'condition.start_time': { 'zh-CN': '开始时间', 'zh-TW': '開始時間', 'en-US': 'Start time' },
  'condition.end_time': { 'zh-CN': '结束时间', 'zh-TW': '結束時間', 'en-US': 'End time' },
  'condition.price_start': { 'zh-CN': '最低金额', 'zh-TW': '最低金額', 'en-US': 'Lowest amount' },
  'condition.price_end': { 'zh-CN': '最高金额', 'zh-TW': '最高金額', 'en-US': 'Highest amount' },
  'condition.abnormal': { 'zh-CN': '异常订单', 'zh-TW': '異常訂單', 'en-US': 'Abnormal orders' },
};

// Only for these calls: other calls name fields like remarks or kind for other things.
addFieldLabels(
  labels,
  [
    api.getBuyBill,
    api.getPayBill,
    api.refund,
    api.offlineRefund,
    api.replaceGoods,
    api.getOneCard,
    buy.getMachine,
    buy.createOrder,
    buy.getOrder,
    buy.getSandboxCheckout,
    buy.sandboxPay,
  ].map((c) => c.path),
);
// A report of the bills carries their conditions (its other fields are the report's own).
addFieldLabels(Object.fromEntries(Object.entries(labels).filter(([k]) => k.startsWith('condition.'))), [
  report.path,
]);
