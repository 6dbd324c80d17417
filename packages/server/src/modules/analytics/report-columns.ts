import type { ReportKind } from '@vendo/contract/api/analytics';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import type { Column, ColumnType } from '../../platform/report-file';

/** The column headers and titles of the report files, in each language (the caller's at the time they asked). */
const T = {
  buyBill: { 'zh-CN': '销售账单', 'zh-TW': '銷售帳單', 'en-US': 'Sales bills' },
  payBill: { 'zh-CN': '支付账单', 'zh-TW': '支付帳單', 'en-US': 'Payment bills' },
  detail: { 'zh-CN': '销售统计', 'zh-TW': '銷售統計', 'en-US': 'Sales' },
  area: { 'zh-CN': '区域统计', 'zh-TW': '區域統計', 'en-US': 'Areas' },
  store: { 'zh-CN': '门店统计', 'zh-TW': '門店統計', 'en-US': 'Stores' },
  device: { 'zh-CN': '设备统计', 'zh-TW': '設備統計', 'en-US': 'Machines' },
  goods: { 'zh-CN': '商品统计', 'zh-TW': '商品統計', 'en-US': 'Goods' },
  goodsDetail: { 'zh-CN': '商品门店统计', 'zh-TW': '商品門店統計', 'en-US': 'Goods by store' },
  total: { 'zh-CN': '合计', 'zh-TW': '合計', 'en-US': 'Total' },
  orderNo: { 'zh-CN': '订单号', 'zh-TW': '訂單號', 'en-US': 'Order number' },
  time: { 'zh-CN': '时间', 'zh-TW': '時間', 'en-US': 'Time' },
  area_name: { 'zh-CN': '区域', 'zh-TW': '區域', 'en-US': 'Area' },
  store_name: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  sn: { 'zh-CN': '设备编号', 'zh-TW': '設備編號', 'en-US': 'Machine SN' },
  title: { 'zh-CN': '设备名称', 'zh-TW': '設備名稱', 'en-US': 'Machine' },
  type: { 'zh-CN': '设备类型', 'zh-TW': '設備類型', 'en-US': 'Type' },
  client: { 'zh-CN': '支付方式', 'zh-TW': '支付方式', 'en-US': 'Payment method' },
  status: { 'zh-CN': '状态', 'zh-TW': '狀態', 'en-US': 'Status' },
  goods_list: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  amount: { 'zh-CN': '订单金额(元)', 'zh-TW': '訂單金額(元)', 'en-US': 'Amount (yuan)' },
  refund: { 'zh-CN': '退款金额(元)', 'zh-TW': '退款金額(元)', 'en-US': 'Refunds (yuan)' },
  income: { 'zh-CN': '收入(元)', 'zh-TW': '收入(元)', 'en-US': 'Income (yuan)' },
  cost: { 'zh-CN': '成本(元)', 'zh-TW': '成本(元)', 'en-US': 'Cost (yuan)' },
  profit: { 'zh-CN': '利润(元)', 'zh-TW': '利潤(元)', 'en-US': 'Profit (yuan)' },
  cardno: { 'zh-CN': '卡号', 'zh-TW': '卡號', 'en-US': 'Card number' },
  merchantOrder: { 'zh-CN': '商户单号', 'zh-TW': '商戶單號', 'en-US': 'Merchant order number' },
  period: { 'zh-CN': '时段', 'zh-TW': '時段', 'en-US': 'Period' },
  count: { 'zh-CN': '订单数', 'zh-TW': '訂單數', 'en-US': 'Orders' },
  successCount: { 'zh-CN': '成功笔数', 'zh-TW': '成功筆數', 'en-US': 'Successful' },
  refundCount: { 'zh-CN': '退款笔数', 'zh-TW': '退款筆數', 'en-US': 'Refunded' },
  abnormalCount: { 'zh-CN': '异常笔数', 'zh-TW': '異常筆數', 'en-US': 'Abnormal' },
  wxIncome: { 'zh-CN': '微信收入(元)', 'zh-TW': '微信收入(元)', 'en-US': 'WeChat (yuan)' },
  alipayIncome: { 'zh-CN': '支付宝收入(元)', 'zh-TW': '支付寶收入(元)', 'en-US': 'Alipay (yuan)' },
  otherIncome: { 'zh-CN': '其他收入(元)', 'zh-TW': '其他收入(元)', 'en-US': 'Other (yuan)' },
  price: { 'zh-CN': '客单价(元)', 'zh-TW': '客單價(元)', 'en-US': 'Average order (yuan)' },
  store_count: { 'zh-CN': '门店数', 'zh-TW': '門店數', 'en-US': 'Stores' },
  dev_count: { 'zh-CN': '设备数', 'zh-TW': '設備數', 'en-US': 'Machines' },
  goods_name: { 'zh-CN': '商品名称', 'zh-TW': '商品名稱', 'en-US': 'Goods' },
  units: { 'zh-CN': '销量', 'zh-TW': '銷量', 'en-US': 'Units' },
  unitPrice: { 'zh-CN': '单价(元)', 'zh-TW': '單價(元)', 'en-US': 'Unit price (yuan)' },
  incomeRate: { 'zh-CN': '收入占比', 'zh-TW': '收入佔比', 'en-US': 'Share of income' },
  countRate: { 'zh-CN': '销量占比', 'zh-TW': '銷量佔比', 'en-US': 'Share of units' },
} satisfies Record<string, LocaleText>;

export type ReportText = keyof typeof T;

export function reportText(key: ReportText, locale: Locale): string {
  return T[key][locale];
}

/** The title of a report kind (sheet and file name). */
export function reportTitle(kind: ReportKind, locale: Locale): string {
  return T[kind][locale];
}

/** Columns by their text key and type, in order; the profit columns only for callers with the profit view. */
export function columns(
  locale: Locale,
  spec: Array<[ReportText, ColumnType] | [ReportText, ColumnType, { profit: true }]>,
  seesProfit: boolean,
): Column[] {
  return spec
    .filter(([, , only]) => !only?.profit || seesProfit)
    .map(([key, type]) => ({ title: T[key][locale], type, ...(key === 'goods_list' ? { width: 30 } : {}) }));
}
