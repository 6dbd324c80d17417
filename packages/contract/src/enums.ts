import { DEFAULT_TIME_ZONE, zonedDay } from './constants';
import type { Locale, LocaleText } from './locales';
import { PERMISSION_CODES, PERMISSIONS, type PermissionCode, type PermissionName } from './permissions';

/*
 * Enumerations of spec §3, §4 and §9: each a const list of values, its type, and a label per value in every
 * language (typed Record<Value, LocaleText>, so a missing value or translation fails typecheck).
 */

/** The label of a value that came from outside (a stored row, a device); null for an unknown value. */
export function enumLabel<K extends string | number>(
  labels: Record<K, LocaleText>,
  value: unknown,
  locale: Locale,
): string | null {
  if ((typeof value !== 'string' && typeof value !== 'number') || !Object.hasOwn(labels, value)) return null;
  return labels[value as K][locale];
}

function isOneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------------
// Device types (spec §1)

export const DEVICE_TYPES = ['gpm', 'vm', 'lpk', 'mc', 'lpkc', 'vms', 'fdj', 'gzj', 'blj'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_TYPE_LABELS: Record<DeviceType, LocaleText> = {
  gpm: { 'zh-CN': '扭蛋机', 'zh-TW': '扭蛋機', 'en-US': 'Capsule machine' },
  vm: { 'zh-CN': '售货机', 'zh-TW': '售貨機', 'en-US': 'Vending machine' },
  lpk: { 'zh-CN': '口红机', 'zh-TW': '口紅機', 'en-US': 'Lipstick machine' },
  mc: { 'zh-CN': '脉冲机', 'zh-TW': '脈衝機', 'en-US': 'Pulse machine' },
  lpkc: { 'zh-CN': '演示机', 'zh-TW': '演示機', 'en-US': 'Demo machine' },
  vms: { 'zh-CN': '单货道售货机', 'zh-TW': '單貨道售貨機', 'en-US': 'Single-shelf vending machine' },
  fdj: { 'zh-CN': '福袋机', 'zh-TW': '福袋機', 'en-US': 'Lucky-bag machine' },
  gzj: { 'zh-CN': '格子机', 'zh-TW': '格子機', 'en-US': 'Lattice machine' },
  blj: { 'zh-CN': '槟榔机', 'zh-TW': '檳榔機', 'en-US': 'Betel-nut machine' },
};

/** Business picker of the sign-up form. */
export const SIGNUP_BUSINESS_TYPES = [
  'gpm',
  'vm',
  'gzj',
  'fdj',
  'blj',
  'lpk',
  'mc',
] as const satisfies readonly DeviceType[];
export type SignupBusinessType = (typeof SIGNUP_BUSINESS_TYPES)[number];
/** Device-type picker of /bind. */
export const BIND_DEVICE_TYPES = ['gpm', 'vm', 'blj', 'gzj', 'mc'] as const satisfies readonly DeviceType[];
export type BindDeviceType = (typeof BIND_DEVICE_TYPES)[number];

export const isDeviceType = (value: unknown): value is DeviceType => isOneOf(DEVICE_TYPES, value);
export const isSignupBusinessType = (value: unknown): value is SignupBusinessType =>
  isOneOf(SIGNUP_BUSINESS_TYPES, value);
export const isBindDeviceType = (value: unknown): value is BindDeviceType =>
  isOneOf(BIND_DEVICE_TYPES, value);

// ---------------------------------------------------------------------------------------------------------
// Devices: presence, signal, switches (spec §4)

export const ONLINE_STATES = ['online', 'offline'] as const;
export type OnlineState = (typeof ONLINE_STATES)[number];
export const ONLINE_STATE_LABELS: Record<OnlineState, LocaleText> = {
  online: { 'zh-CN': '在线', 'zh-TW': '在線', 'en-US': 'Online' },
  offline: { 'zh-CN': '离线', 'zh-TW': '離線', 'en-US': 'Offline' },
};
/** alive 0 means offline. */
export const onlineState = (alive: number): OnlineState => (alive === 0 ? 'offline' : 'online');

export const POWER_STATES = ['on', 'off'] as const;
export type PowerState = (typeof POWER_STATES)[number];
export const POWER_STATE_LABELS: Record<PowerState, LocaleText> = {
  on: { 'zh-CN': '开机', 'zh-TW': '開機', 'en-US': 'Power on' },
  off: { 'zh-CN': '关机', 'zh-TW': '關機', 'en-US': 'Power off' },
};

export const DOOR_STATES = ['open', 'closed'] as const;
export type DoorState = (typeof DOOR_STATES)[number];
export const DOOR_STATE_LABELS: Record<DoorState, LocaleText> = {
  open: { 'zh-CN': '打开', 'zh-TW': '打開', 'en-US': 'Open' },
  closed: { 'zh-CN': '关闭', 'zh-TW': '關閉', 'en-US': 'Closed' },
};

/** Shelves, ad plans and notification do-not-disturb switch between these. */
export const SWITCH_STATES = ['enabled', 'disabled'] as const;
export type SwitchState = (typeof SWITCH_STATES)[number];
export const SWITCH_STATE_LABELS: Record<SwitchState, LocaleText> = {
  enabled: { 'zh-CN': '启用', 'zh-TW': '啟用', 'en-US': 'Enabled' },
  disabled: { 'zh-CN': '停用', 'zh-TW': '停用', 'en-US': 'Disabled' },
};

export type SignalBars = 0 | 1 | 2 | 3;

/** Bars on a device card: none when offline, else by rssi (<11: 1, <21: 2, <32: 3, above: 0). */
export function signalBars(alive: number, rssi: number): SignalBars {
  if (alive === 0) return 0;
  if (rssi < 11) return 1;
  if (rssi < 21) return 2;
  if (rssi < 32) return 3;
  return 0;
}

export const SIGNAL_RANGES = ['unknown', 'weak', 'moderate', 'strong'] as const;
export type SignalRange = (typeof SIGNAL_RANGES)[number];
export const SIGNAL_RANGE_LABELS: Record<SignalRange, LocaleText> = {
  unknown: { 'zh-CN': '未知', 'zh-TW': '未知', 'en-US': 'Unknown' },
  weak: { 'zh-CN': '弱', 'zh-TW': '弱', 'en-US': 'Weak' },
  moderate: { 'zh-CN': '中等', 'zh-TW': '中等', 'en-US': 'Moderate' },
  strong: { 'zh-CN': '强', 'zh-TW': '強', 'en-US': 'Strong' },
};

/** 1-10 weak, 11-20 moderate, 21-31 strong; 0 and anything outside 0..31 (modems report 99) unknown. */
export function signalRange(rssi: number): SignalRange {
  if (!Number.isInteger(rssi) || rssi < 1 || rssi > 31) return 'unknown';
  return rssi <= 10 ? 'weak' : rssi <= 20 ? 'moderate' : 'strong';
}

export const LAMP_COLORS = [
  'yellow',
  'green',
  'red',
  'pink',
  'blue',
  'white',
  'purple',
  'naturalGreen',
  'random',
] as const;
export type LampColor = (typeof LAMP_COLORS)[number];
/** blue is the device default #0099FF; random lets the machine choose. */
export const LAMP_COLOR_HEX: Record<LampColor, string | null> = {
  yellow: '#FFD400',
  green: '#00FF00',
  red: '#FF0000',
  pink: '#FF66CC',
  blue: '#0099FF',
  white: '#FFFFFF',
  purple: '#9933FF',
  naturalGreen: '#66CC33',
  random: null,
};
export const LAMP_COLOR_LABELS: Record<LampColor, LocaleText> = {
  yellow: { 'zh-CN': '黄色', 'zh-TW': '黃色', 'en-US': 'Yellow' },
  green: { 'zh-CN': '绿色', 'zh-TW': '綠色', 'en-US': 'Green' },
  red: { 'zh-CN': '红色', 'zh-TW': '紅色', 'en-US': 'Red' },
  pink: { 'zh-CN': '粉色', 'zh-TW': '粉色', 'en-US': 'Pink' },
  blue: { 'zh-CN': '蓝色', 'zh-TW': '藍色', 'en-US': 'Blue' },
  white: { 'zh-CN': '白色', 'zh-TW': '白色', 'en-US': 'White' },
  purple: { 'zh-CN': '紫色', 'zh-TW': '紫色', 'en-US': 'Purple' },
  naturalGreen: { 'zh-CN': '自然绿', 'zh-TW': '自然綠', 'en-US': 'Natural green' },
  random: { 'zh-CN': '随机', 'zh-TW': '隨機', 'en-US': 'Random' },
};

/** The named colour of a stored lamp_color, case-insensitive; null for a custom colour. */
export function lampColorOf(hex: string): LampColor | null {
  const upper = hex.toUpperCase();
  return LAMP_COLORS.find((c) => LAMP_COLOR_HEX[c] === upper) ?? null;
}

export const DIFFICULTIES = ['easy', 'entry', 'normal', 'hard', 'extreme'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<Difficulty, LocaleText> = {
  easy: { 'zh-CN': '简单', 'zh-TW': '簡單', 'en-US': 'Easy' },
  entry: { 'zh-CN': '入门', 'zh-TW': '入門', 'en-US': 'Entry' },
  normal: { 'zh-CN': '普通', 'zh-TW': '普通', 'en-US': 'Normal' },
  hard: { 'zh-CN': '困难', 'zh-TW': '困難', 'en-US': 'Hard' },
  extreme: { 'zh-CN': '极难', 'zh-TW': '極難', 'en-US': 'Extreme' },
};

// ---------------------------------------------------------------------------------------------------------
// Orders (spec §4)

export const ORDER_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 99] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Spec §4 analysis: the statuses whose goods cost counts (sold, game played, or refunded in part: 10 and 11 are
 * "refunded but counted with cost"). A full refund (8, 9), an abnormal or failed order counts no cost. The one
 * rule the server's sums and the bill detail share.
 */
export const ORDER_STATUSES_WITH_COST: readonly number[] = [3, 6, 7, 10, 11];
/** Refunded in full: automatic (8) or manual (9). */
export const FULL_REFUND_STATUSES: readonly number[] = [8, 9];
/** Refunded in full or in part (8, 9, 10, 11). */
export const REFUNDED_STATUSES: readonly number[] = [8, 9, 10, 11];

const ABNORMAL: LocaleText = { 'zh-CN': '异常订单', 'zh-TW': '異常訂單', 'en-US': 'Abnormal' };
const PARTIAL_REFUND: LocaleText = { 'zh-CN': '部分退款', 'zh-TW': '部分退款', 'en-US': 'Partial refund' };

export const ORDER_STATUS_LABELS: Record<OrderStatus, LocaleText> = {
  1: ABNORMAL,
  2: ABNORMAL,
  3: { 'zh-CN': '交易成功', 'zh-TW': '交易成功', 'en-US': 'Success' },
  4: { 'zh-CN': '出货失败', 'zh-TW': '出貨失敗', 'en-US': 'Delivery failed' },
  5: ABNORMAL,
  6: { 'zh-CN': '游戏成功', 'zh-TW': '遊戲成功', 'en-US': 'Game won' },
  7: { 'zh-CN': '游戏失败', 'zh-TW': '遊戲失敗', 'en-US': 'Game lost' },
  8: { 'zh-CN': '自动退款', 'zh-TW': '自動退款', 'en-US': 'Automatic refund' },
  9: { 'zh-CN': '手动退款', 'zh-TW': '手動退款', 'en-US': 'Manual refund' },
  10: PARTIAL_REFUND,
  11: PARTIAL_REFUND,
  99: { 'zh-CN': '退款中', 'zh-TW': '退款中', 'en-US': 'Refunding' },
};
export const ORDER_STATUS_UNKNOWN: LocaleText = {
  'zh-CN': '未知状态',
  'zh-TW': '未知狀態',
  'en-US': 'Unknown',
};

export const isOrderStatus = (value: unknown): value is OrderStatus => isOneOf(ORDER_STATUSES, value);
export const isAbnormal = (status: number): boolean => status === 1 || status === 2 || status === 5;
export const isSuccess = (status: number): boolean => status === 3;
export const isDeliveryFailed = (status: number): boolean => status === 4;
export const isGameResult = (status: number): boolean => status === 6 || status === 7;
/** Full refunds; analysis counts these as refunds. */
export const isRefund = (status: number): boolean => status === 8 || status === 9;
/** Partial refunds: treated as refunded, but their cost still counts because goods left the machine. */
export const isPartialRefund = (status: number): boolean => status === 10 || status === 11;
export const isRefunded = (status: number): boolean => isRefund(status) || isPartialRefund(status);
export const isRefunding = (status: number): boolean => status === 99;
/** These statuses show the goods error after their label. */
export const showsFaultSuffix = (status: number): boolean => isAbnormal(status) || status === 4;

// Delivery faults: the machine reports a code 0..10 or, for the further faults, one of the names below.
export const DELIVERY_FAULT_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type DeliveryFaultCode = (typeof DELIVERY_FAULT_CODES)[number];
export const DELIVERY_FAULT_LABELS: Record<DeliveryFaultCode, LocaleText> = {
  0: { 'zh-CN': '正常', 'zh-TW': '正常', 'en-US': 'Normal' },
  1: { 'zh-CN': '电机故障', 'zh-TW': '電機故障', 'en-US': 'Motor fault' },
  2: { 'zh-CN': '红外故障', 'zh-TW': '紅外線故障', 'en-US': 'Infrared fault' },
  3: { 'zh-CN': '控制器响应超时', 'zh-TW': '控制器回應逾時', 'en-US': 'Controller response timeout' },
  4: { 'zh-CN': '确认超时', 'zh-TW': '確認逾時', 'en-US': 'Confirmation timeout' },
  5: { 'zh-CN': '网络错误', 'zh-TW': '網路錯誤', 'en-US': 'Network error' },
  6: { 'zh-CN': '过流', 'zh-TW': '過流', 'en-US': 'Over-current' },
  7: { 'zh-CN': '欠流', 'zh-TW': '欠流', 'en-US': 'Under-current' },
  8: { 'zh-CN': '门未打开', 'zh-TW': '門未打開', 'en-US': 'Door did not open' },
  9: { 'zh-CN': '光幕自检失败', 'zh-TW': '光幕自檢失敗', 'en-US': 'Light-curtain self-check failed' },
  10: { 'zh-CN': '货道被占用', 'zh-TW': '貨道被佔用', 'en-US': 'Shelf occupied' },
};

export const EXTRA_FAULTS = [
  'lockFault',
  'gashaponMotorFault',
  'eyeBlocked',
  'boardComm',
  'notTwisted',
] as const;
export type ExtraFault = (typeof EXTRA_FAULTS)[number];
export const EXTRA_FAULT_LABELS: Record<ExtraFault, LocaleText> = {
  lockFault: { 'zh-CN': '锁故障', 'zh-TW': '鎖故障', 'en-US': 'Lock fault' },
  gashaponMotorFault: { 'zh-CN': '扭蛋电机故障', 'zh-TW': '扭蛋電機故障', 'en-US': 'Gashapon motor fault' },
  eyeBlocked: { 'zh-CN': '光眼被遮挡', 'zh-TW': '光眼被遮擋', 'en-US': 'Sensor eye blocked' },
  boardComm: { 'zh-CN': '主板通信异常', 'zh-TW': '主板通訊異常', 'en-US': 'Board communication abnormal' },
  notTwisted: { 'zh-CN': '用户未扭', 'zh-TW': '用戶未扭', 'en-US': 'User did not twist' },
};

/**
 * Text of a goods error: a fault code (number or numeric string), an extra-fault name, or free text from the
 * machine, shown as is. Empty and 0 (normal) give ''.
 */
export function faultText(err: unknown, locale: Locale): string {
  if (err === null || err === undefined || err === '') return '';
  const code = typeof err === 'string' && /^\d+$/.test(err) ? Number(err) : err;
  if (code === 0) return '';
  return (
    enumLabel(DELIVERY_FAULT_LABELS, code, locale) ??
    enumLabel(EXTRA_FAULT_LABELS, code, locale) ??
    enumLabel(ORDER_FAULT_LABELS, code, locale) ??
    String(err)
  );
}

/**
 * What a bill shows as its status: 3 reads success only while nothing is refunded, else refunding;
 * 1, 2, 4 and 5 append the goods error.
 */
export function orderStatusText(
  order: { status: number; refund?: number | null; goodsErr?: unknown },
  locale: Locale,
): string {
  const { status } = order;
  if (status === 3 && (order.refund ?? 0) !== 0) return ORDER_STATUS_LABELS[99][locale];
  const label = enumLabel(ORDER_STATUS_LABELS, status, locale) ?? ORDER_STATUS_UNKNOWN[locale];
  const fault = showsFaultSuffix(status) ? faultText(order.goodsErr, locale) : '';
  if (!fault) return label;
  return locale === 'en-US' ? `${label} (${fault})` : `${label}（${fault}）`;
}

// ---------------------------------------------------------------------------------------------------------
// Payments and refunds (spec §4, §9)

export const PAYMENTS = [
  'wechat',
  'alipay',
  'bill',
  'coin',
  'remote',
  'gift',
  'iccard',
  'card',
  'ezcard',
] as const;
export type Payment = (typeof PAYMENTS)[number];
export const PAYMENT_LABELS: Record<Payment, LocaleText> = {
  wechat: { 'zh-CN': '微信支付', 'zh-TW': '微信支付', 'en-US': 'WeChat Pay' },
  alipay: { 'zh-CN': '支付宝', 'zh-TW': '支付寶', 'en-US': 'Alipay' },
  bill: { 'zh-CN': '纸币', 'zh-TW': '紙幣', 'en-US': 'Banknote' },
  coin: { 'zh-CN': '硬币', 'zh-TW': '硬幣', 'en-US': 'Coin' },
  remote: { 'zh-CN': '远程出货', 'zh-TW': '遠端出貨', 'en-US': 'Remote dispense' },
  gift: { 'zh-CN': '礼品兑换', 'zh-TW': '禮品兌換', 'en-US': 'Gift redeem' },
  iccard: { 'zh-CN': 'IC卡', 'zh-TW': 'IC卡', 'en-US': 'IC card' },
  card: { 'zh-CN': '会员卡', 'zh-TW': '會員卡', 'en-US': 'Member card' },
  ezcard: { 'zh-CN': '悠游卡', 'zh-TW': '悠遊卡', 'en-US': 'EasyCard' },
};
export const isPayment = (value: unknown): value is Payment => isOneOf(PAYMENTS, value);

/**
 * Result of the refund-eligibility rule (spec §4), in the spec's numbering:
 * 0 refundable (a same-day deal, or one of the special accounts within the current month);
 * 1 always refundable (remote dispenses and card kinds: no payment channel holds the money, so any day);
 * 2 refused: "only same-day deals refundable";
 * 3 refused: cash (coin, bill) is never refunded through the system — the spec's "not cash/coin" (issue 5:
 *   "never coin or bill"). The spec's list gives coin and bill a 0; read with its closing sentence, that 0
 *   cannot mean "refundable", so they get a value of their own.
 */
export const REFUND_ELIGIBILITY = { refundable: 0, always: 1, pastDay: 2, cash: 3 } as const;
export type RefundEligibility = (typeof REFUND_ELIGIBILITY)[keyof typeof REFUND_ELIGIBILITY];

/** 'easycard' is an older spelling of ezcard that stored orders still carry. */
const ALWAYS_REFUNDABLE_CLIENTS: readonly string[] = ['remote', 'card', 'iccard', 'ezcard', 'easycard'];
const CASH_CLIENTS: readonly string[] = ['coin', 'bill'];

/** The spec §4 rule, in order. Days and months are the merchant's, in its time zone. */
export function refundEligibility(input: {
  client: string;
  orderTime: number;
  now: number;
  timeZone?: string;
  /** One of the special accounts allowed to refund anything from the current month. */
  specialAccount?: boolean;
}): RefundEligibility {
  const { client, orderTime, now, timeZone = DEFAULT_TIME_ZONE } = input;
  if (ALWAYS_REFUNDABLE_CLIENTS.includes(client)) return 1;
  if (CASH_CLIENTS.includes(client)) return 3;
  const orderDay = zonedDay(orderTime, timeZone);
  const today = zonedDay(now, timeZone);
  if (orderDay === today) return 0;
  if (input.specialAccount && orderDay.slice(0, 7) === today.slice(0, 7)) return 0;
  return 2;
}

/** Whether a refund of this eligibility may go ahead. */
export const mayRefund = (eligibility: RefundEligibility): boolean => eligibility === 0 || eligibility === 1;

// ---------------------------------------------------------------------------------------------------------
// Orders: kinds, sale modes, refunds (spec §4; issue 5)

/** An order sells goods, or game plays (claw, lipstick, capsule where configured). */
export const ORDER_KINDS = ['goods', 'game'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_LABELS: Record<OrderKind, LocaleText> = {
  goods: { 'zh-CN': '购买商品', 'zh-TW': '購買商品', 'en-US': 'Goods' },
  game: { 'zh-CN': '游戏', 'zh-TW': '遊戲', 'en-US': 'Game play' },
};

/**
 * What a machine sells to customers, from its type and its buy_mode setting ('b' buy, 'g' game, 'bg' both):
 * pulse/claw machines (mc) sell plays only; lipstick machines (lpk, lpkc) follow buy_mode; capsule machines (gpm)
 * sell plays only when configured so (buy_mode 'g'), goods otherwise; every other type sells goods.
 */
export function saleModes(type: string, buyMode: string): { goods: boolean; game: boolean } {
  if (type === 'mc') return { goods: false, game: true };
  if (type === 'lpk' || type === 'lpkc') {
    const goods = buyMode.includes('b');
    const game = buyMode.includes('g');
    return goods || game ? { goods, game } : { goods: true, game: false };
  }
  if (type === 'gpm' && buyMode === 'g') return { goods: false, game: true };
  return { goods: true, game: false };
}

/**
 * Why an order's goods did not come out when the machine reported no fault of its own: the server could not
 * reach it, it refused the vend, nothing came back in time, or the payment arrived too late to vend.
 */
export const ORDER_FAULTS = ['offline', 'refused', 'outOfStock', 'noResult', 'paymentLate'] as const;
export type OrderFault = (typeof ORDER_FAULTS)[number];
export const ORDER_FAULT_LABELS: Record<OrderFault, LocaleText> = {
  offline: { 'zh-CN': '设备离线', 'zh-TW': '設備離線', 'en-US': 'Machine offline' },
  refused: { 'zh-CN': '设备拒绝出货', 'zh-TW': '設備拒絕出貨', 'en-US': 'Machine refused to vend' },
  outOfStock: { 'zh-CN': '货道缺货', 'zh-TW': '貨道缺貨', 'en-US': 'Shelf out of stock' },
  noResult: { 'zh-CN': '设备未上报结果', 'zh-TW': '設備未回報結果', 'en-US': 'No result from the machine' },
  paymentLate: { 'zh-CN': '支付超时', 'zh-TW': '支付逾時', 'en-US': 'Payment arrived too late' },
};

/** Refunds: requested (reserved), accepted by the payment provider, and how they ended. */
export const REFUND_STATES = ['pending', 'processing', 'success', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABELS: Record<RefundState, LocaleText> = {
  pending: { 'zh-CN': '待提交', 'zh-TW': '待提交', 'en-US': 'Requested' },
  processing: { 'zh-CN': '退款中', 'zh-TW': '退款中', 'en-US': 'Refunding' },
  success: { 'zh-CN': '退款成功', 'zh-TW': '退款成功', 'en-US': 'Refunded' },
  failed: { 'zh-CN': '退款失败', 'zh-TW': '退款失敗', 'en-US': 'Refund failed' },
};

/** auto: a failed delivery in a store refunding automatically; manual: /b/refund; offline: /b/offlineRefund. */
export const REFUND_KINDS = ['auto', 'manual', 'offline'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

// ---------------------------------------------------------------------------------------------------------
// Permissions (spec §6)

// The codes live in permissions.ts (small enough for the first screen); everything else reads them from here.
export { PERMISSION_CODES, PERMISSIONS, type PermissionCode, type PermissionName };

export const PERMISSION_LABELS: Record<PermissionCode, LocaleText> = {
  1020: { 'zh-CN': '数据看板', 'zh-TW': '數據看板', 'en-US': 'Dashboard' },
  1021: { 'zh-CN': '销售账单', 'zh-TW': '銷售帳單', 'en-US': 'Bills' },
  1022: { 'zh-CN': '区域/门店', 'zh-TW': '區域/門店', 'en-US': 'Areas and stores' },
  1023: { 'zh-CN': '设备管理', 'zh-TW': '設備管理', 'en-US': 'Device management' },
  1024: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  1025: { 'zh-CN': '区域位置分析', 'zh-TW': '區域位置分析', 'en-US': 'Area location analysis' },
  1026: { 'zh-CN': '门店位置分析', 'zh-TW': '門店位置分析', 'en-US': 'Store location analysis' },
  1027: { 'zh-CN': '设备分析', 'zh-TW': '設備分析', 'en-US': 'Device analysis' },
  1028: { 'zh-CN': '支付账单', 'zh-TW': '支付帳單', 'en-US': 'Payment bills' },
  1029: { 'zh-CN': '银行卡', 'zh-TW': '銀行卡', 'en-US': 'Bank cards' },
  1030: { 'zh-CN': '远程控制', 'zh-TW': '遠端控制', 'en-US': 'Remote control' },
  1031: { 'zh-CN': '退款', 'zh-TW': '退款', 'en-US': 'Refund' },
  1032: { 'zh-CN': '测试出货', 'zh-TW': '測試出貨', 'en-US': 'Test dispense' },
  1033: { 'zh-CN': '报表下载', 'zh-TW': '報表下載', 'en-US': 'Report download' },
  1034: { 'zh-CN': '自定义货道编号', 'zh-TW': '自訂貨道編號', 'en-US': 'Custom shelf numbering' },
  1035: { 'zh-CN': '商品分析', 'zh-TW': '商品分析', 'en-US': 'Goods analysis' },
  1036: { 'zh-CN': '结算记录', 'zh-TW': '結算記錄', 'en-US': 'Payout records' },
  1037: { 'zh-CN': '库存', 'zh-TW': '庫存', 'en-US': 'Stock' },
  1038: { 'zh-CN': '查看利润和成本', 'zh-TW': '查看利潤和成本', 'en-US': 'View profit and cost' },
};

export const MENU_GROUPS = {
  Home: ['Dashboard'],
  Order: ['BuyBill', 'PayBill', 'BillRefund', 'ProfitVisible'],
  Store: ['AreaStore'],
  Device: ['DeviceManage', 'DeviceControl', 'DeviceTest', 'InitChannel'],
  Goods: ['GoodsManage'],
  Statistics: ['SicArea', 'SicStore', 'SicDevice', 'Report', 'goodSum'],
  Bank: ['Settle', 'BankManage'],
  Stock: ['Stock'],
} as const satisfies Record<string, readonly PermissionName[]>;
export type MenuGroup = keyof typeof MENU_GROUPS;
export const MENU_GROUP_LABELS: Record<MenuGroup, LocaleText> = {
  Home: { 'zh-CN': '首页', 'zh-TW': '首頁', 'en-US': 'Home' },
  Order: { 'zh-CN': '订单', 'zh-TW': '訂單', 'en-US': 'Orders' },
  Store: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Stores' },
  Device: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Devices' },
  Goods: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  Statistics: { 'zh-CN': '统计', 'zh-TW': '統計', 'en-US': 'Statistics' },
  Bank: { 'zh-CN': '银行卡', 'zh-TW': '銀行卡', 'en-US': 'Bank' },
  Stock: { 'zh-CN': '库存', 'zh-TW': '庫存', 'en-US': 'Stock' },
};

export const isPermissionCode = (value: unknown): value is PermissionCode => isOneOf(PERMISSION_CODES, value);

const NAME_BY_CODE = Object.fromEntries(
  Object.entries(PERMISSIONS).map(([name, code]) => [code, name]),
) as Record<PermissionCode, PermissionName>;

export const permissionName = (code: PermissionCode): PermissionName => NAME_BY_CODE[code];

/** A role's perm_detail ('1020,1021') as known codes; unknown and malformed entries are dropped. */
export function parsePermissions(permDetail: string): PermissionCode[] {
  return permDetail
    .split(',')
    .map((p) => Number(p.trim()))
    .filter(isPermissionCode);
}

// ---------------------------------------------------------------------------------------------------------
// Banks, bank cards, certificates, settlement (spec §3, §4, §9)

export const BANK_CODES = [
  '100',
  '102',
  '103',
  '104',
  '105',
  '301',
  '302',
  '303',
  '304',
  '305',
  '306',
  '308',
  '309',
  '310',
  '410',
] as const;
export type BankCode = (typeof BANK_CODES)[number];
export const BANK_LABELS: Record<BankCode, LocaleText> = {
  '100': {
    'zh-CN': '中国邮政储蓄银行',
    'zh-TW': '中國郵政儲蓄銀行',
    'en-US': 'Postal Savings Bank of China',
  },
  '102': {
    'zh-CN': '中国工商银行',
    'zh-TW': '中國工商銀行',
    'en-US': 'Industrial and Commercial Bank of China',
  },
  '103': { 'zh-CN': '中国农业银行', 'zh-TW': '中國農業銀行', 'en-US': 'Agricultural Bank of China' },
  '104': { 'zh-CN': '中国银行', 'zh-TW': '中國銀行', 'en-US': 'Bank of China' },
  '105': { 'zh-CN': '中国建设银行', 'zh-TW': '中國建設銀行', 'en-US': 'China Construction Bank' },
  '301': { 'zh-CN': '交通银行', 'zh-TW': '交通銀行', 'en-US': 'Bank of Communications' },
  '302': { 'zh-CN': '中信银行', 'zh-TW': '中信銀行', 'en-US': 'China CITIC Bank' },
  '303': { 'zh-CN': '中国光大银行', 'zh-TW': '中國光大銀行', 'en-US': 'China Everbright Bank' },
  '304': { 'zh-CN': '华夏银行', 'zh-TW': '華夏銀行', 'en-US': 'Hua Xia Bank' },
  '305': { 'zh-CN': '中国民生银行', 'zh-TW': '中國民生銀行', 'en-US': 'China Minsheng Bank' },
  '306': { 'zh-CN': '广发银行', 'zh-TW': '廣發銀行', 'en-US': 'China Guangfa Bank' },
  '308': { 'zh-CN': '招商银行', 'zh-TW': '招商銀行', 'en-US': 'China Merchants Bank' },
  '309': { 'zh-CN': '兴业银行', 'zh-TW': '興業銀行', 'en-US': 'Industrial Bank' },
  '310': {
    'zh-CN': '上海浦东发展银行',
    'zh-TW': '上海浦東發展銀行',
    'en-US': 'Shanghai Pudong Development Bank',
  },
  '410': { 'zh-CN': '平安银行', 'zh-TW': '平安銀行', 'en-US': 'Ping An Bank' },
};
/** Codes may arrive as numbers from older rows. */
export const isBankCode = (value: unknown): value is BankCode =>
  isOneOf(BANK_CODES, typeof value === 'number' ? String(value) : value);

export const BANK_REVIEW_STATES = [
  'unreviewed',
  'reviewing',
  'approved',
  'rejected',
  'missingPhotos',
] as const;
export type BankReviewState = (typeof BANK_REVIEW_STATES)[number];
export const BANK_REVIEW_LABELS: Record<BankReviewState, LocaleText> = {
  unreviewed: { 'zh-CN': '未审核', 'zh-TW': '未審核', 'en-US': 'Not reviewed' },
  reviewing: { 'zh-CN': '审核中', 'zh-TW': '審核中', 'en-US': 'Under review' },
  approved: { 'zh-CN': '审核通过', 'zh-TW': '審核通過', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '审核不通过', 'zh-TW': '審核不通過', 'en-US': 'Not approved' },
  missingPhotos: { 'zh-CN': '缺少证件照片', 'zh-TW': '缺少證件照片', 'en-US': 'Missing certificate photos' },
};
/** Only an approved card can receive payouts. */
export const canBePayoutAccount = (state: BankReviewState): boolean => state === 'approved';

export const CERT_TYPES = ['idCard', 'passport', 'officerCard', 'taiwanCompatriot', 'hkMacaoPass'] as const;
export type CertType = (typeof CERT_TYPES)[number];
export const CERT_TYPE_LABELS: Record<CertType, LocaleText> = {
  idCard: { 'zh-CN': '身份证', 'zh-TW': '身分證', 'en-US': 'ID card' },
  passport: { 'zh-CN': '护照', 'zh-TW': '護照', 'en-US': 'Passport' },
  officerCard: { 'zh-CN': '军官证', 'zh-TW': '軍官證', 'en-US': 'Military officer card' },
  taiwanCompatriot: { 'zh-CN': '台胞证', 'zh-TW': '台胞證', 'en-US': 'Taiwan compatriot card' },
  hkMacaoPass: { 'zh-CN': '港澳通行证', 'zh-TW': '港澳通行證', 'en-US': 'HK/Macao pass' },
};
/** acct_cert_type is always '01' (ID card); other certificates go through support. */
export const ACCT_CERT_TYPE = '01';

export const SETTLEMENT_STATES = ['success', 'fail', 'settling', 'unknown'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
export const SETTLEMENT_LABELS: Record<SettlementState, LocaleText> = {
  success: { 'zh-CN': '结算成功', 'zh-TW': '結算成功', 'en-US': 'Success' },
  fail: { 'zh-CN': '结算失败', 'zh-TW': '結算失敗', 'en-US': 'Failed' },
  settling: { 'zh-CN': '结算中', 'zh-TW': '結算中', 'en-US': 'Settling' },
  unknown: { 'zh-CN': '未知', 'zh-TW': '未知', 'en-US': 'Unknown' },
};
/** settle_status: 1 and 4 success, 2 fail, 3 settling, anything else unknown. */
export function settlementState(code: number): SettlementState {
  if (code === 1 || code === 4) return 'success';
  if (code === 2) return 'fail';
  return code === 3 ? 'settling' : 'unknown';
}

/** Steps of the merchant entry (shared bank-card editor). */
export const MERCHANT_ENTRY_STEPS = { form: -1, photos: 0, submitted: 2 } as const;
export type MerchantEntryStep = keyof typeof MERCHANT_ENTRY_STEPS;
export const MERCHANT_ENTRY_STEP_LABELS: Record<MerchantEntryStep, LocaleText> = {
  form: { 'zh-CN': '填写资料', 'zh-TW': '填寫資料', 'en-US': 'Merchant data' },
  photos: { 'zh-CN': '上传照片', 'zh-TW': '上傳照片', 'en-US': 'Upload photos' },
  submitted: { 'zh-CN': '提交成功', 'zh-TW': '提交成功', 'en-US': 'Submitted' },
};
/** A resumed shared flow: stored step 1 → form, 2 → photos (with the merchant id), anything else → the end. */
export function resumeEntryStep(stored: number | null | undefined): MerchantEntryStep {
  if (stored === 1) return 'form';
  return stored === 2 ? 'photos' : 'submitted';
}

// ---------------------------------------------------------------------------------------------------------
// Stores (spec §3, §9)

export const STORE_MODES = ['routine', 'activity', 'custom'] as const;
export type StoreMode = (typeof STORE_MODES)[number];
export const STORE_MODE_LABELS: Record<StoreMode, LocaleText> = {
  routine: { 'zh-CN': '常规', 'zh-TW': '常規', 'en-US': 'Routine' },
  activity: { 'zh-CN': '活动', 'zh-TW': '活動', 'en-US': 'Activity' },
  custom: { 'zh-CN': '自定义', 'zh-TW': '自訂', 'en-US': 'Custom' },
};

export const COOPERATION_MODES = ['rent', 'revenueShare', 'gift', 'sale'] as const;
export type CooperationMode = (typeof COOPERATION_MODES)[number];
export const COOPERATION_MODE_LABELS: Record<CooperationMode, LocaleText> = {
  rent: { 'zh-CN': '租赁', 'zh-TW': '租賃', 'en-US': 'Rent' },
  revenueShare: { 'zh-CN': '分成', 'zh-TW': '分成', 'en-US': 'Revenue sharing' },
  gift: { 'zh-CN': '赠送', 'zh-TW': '贈送', 'en-US': 'Gift' },
  sale: { 'zh-CN': '销售', 'zh-TW': '銷售', 'en-US': 'Sale' },
};

export const STORE_REFUND_MODES = ['auto', 'manual'] as const;
export type StoreRefundMode = (typeof STORE_REFUND_MODES)[number];
export const STORE_REFUND_MODE_LABELS: Record<StoreRefundMode, LocaleText> = {
  auto: { 'zh-CN': '自动退款', 'zh-TW': '自動退款', 'en-US': 'Automatic refund' },
  manual: { 'zh-CN': '手动退款', 'zh-TW': '手動退款', 'en-US': 'Manual refund' },
};

// ---------------------------------------------------------------------------------------------------------
// Stock (spec §3)

export const STOCK_TYPES = [0, 1, 2, 3] as const;
export type StockType = (typeof STOCK_TYPES)[number];
export const STOCK_TYPE_LABELS: Record<StockType, LocaleText> = {
  0: { 'zh-CN': '总库存', 'zh-TW': '總庫存', 'en-US': 'Total stock' },
  1: { 'zh-CN': '门店库存', 'zh-TW': '門店庫存', 'en-US': 'Store stock' },
  2: { 'zh-CN': '设备库存', 'zh-TW': '設備庫存', 'en-US': 'Device stock' },
  3: { 'zh-CN': '订单核销', 'zh-TW': '訂單核銷', 'en-US': 'Order write-off' },
};

export const STOCK_OPER_TYPES = [0, 1, 2, 3] as const;
export type StockOperType = (typeof STOCK_OPER_TYPES)[number];
export const STOCK_OPER_TYPE_LABELS: Record<StockOperType, LocaleText> = {
  0: { 'zh-CN': '增加库存', 'zh-TW': '增加庫存', 'en-US': 'Add stock' },
  1: { 'zh-CN': '减少库存', 'zh-TW': '減少庫存', 'en-US': 'Reduce stock' },
  2: { 'zh-CN': '创建商品库存', 'zh-TW': '建立商品庫存', 'en-US': 'Create goods stock' },
  3: { 'zh-CN': '删除商品库存', 'zh-TW': '刪除商品庫存', 'en-US': 'Delete goods stock' },
};

// ---------------------------------------------------------------------------------------------------------
// Marketing (spec §3, §9)

export const AD_TYPES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type AdType = (typeof AD_TYPES)[number];
export const AD_TYPE_LABELS: Record<AdType, LocaleText> = {
  0: { 'zh-CN': '无', 'zh-TW': '無', 'en-US': 'None' },
  1: { 'zh-CN': '文字+链接', 'zh-TW': '文字+連結', 'en-US': 'Text and link' },
  2: { 'zh-CN': '图片+链接', 'zh-TW': '圖片+連結', 'en-US': 'Image and link' },
  3: { 'zh-CN': '网页', 'zh-TW': '網頁', 'en-US': 'Web page' },
  4: { 'zh-CN': '优惠券', 'zh-TW': '優惠券', 'en-US': 'Coupon' },
  5: { 'zh-CN': '小程序', 'zh-TW': '小程式', 'en-US': 'Mini program' },
  6: { 'zh-CN': 'App', 'zh-TW': 'App', 'en-US': 'App' },
  7: { 'zh-CN': '第三方广告联盟', 'zh-TW': '第三方廣告聯盟', 'en-US': 'Third-party ad network' },
};
/** Ad types whose link must be a URL. */
export const AD_TYPES_WITH_LINK: readonly AdType[] = [1, 2, 3];

export const GIFT_STATUSES = ['unused', 'used', 'revoked', 'deleted', 'downloaded', 'invalid'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
export const GIFT_STATUS_LABELS: Record<GiftStatus, LocaleText> = {
  unused: { 'zh-CN': '未使用', 'zh-TW': '未使用', 'en-US': 'Unused' },
  used: { 'zh-CN': '已使用', 'zh-TW': '已使用', 'en-US': 'Used' },
  revoked: { 'zh-CN': '已撤销', 'zh-TW': '已撤銷', 'en-US': 'Revoked' },
  deleted: { 'zh-CN': '已删除', 'zh-TW': '已刪除', 'en-US': 'Deleted' },
  downloaded: { 'zh-CN': '已下载', 'zh-TW': '已下載', 'en-US': 'Downloaded' },
  invalid: { 'zh-CN': '已失效', 'zh-TW': '已失效', 'en-US': 'Invalid' },
};

/**
 * What a notification recipient receives (the recipient's `permission`, spec §3): abnormal orders, machines going
 * offline and coming back, shelves at or below their machine's low-stock threshold, and app modules expiring.
 */
export const NOTIFY_KINDS = ['abnormalOrder', 'deviceStatus', 'lowStock', 'appExpiry'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_KIND_LABELS: Record<NotifyKind, LocaleText> = {
  abnormalOrder: { 'zh-CN': '异常订单', 'zh-TW': '異常訂單', 'en-US': 'Abnormal orders' },
  deviceStatus: { 'zh-CN': '设备离线/上线', 'zh-TW': '設備離線/上線', 'en-US': 'Machines offline and back' },
  lowStock: { 'zh-CN': '库存预警', 'zh-TW': '庫存預警', 'en-US': 'Low stock' },
  appExpiry: { 'zh-CN': '应用到期', 'zh-TW': '應用到期', 'en-US': 'App expiry' },
};
export const isNotifyKind = (value: unknown): value is NotifyKind => isOneOf(NOTIFY_KINDS, value);

/** Do-not-disturb of a recipient (spec §4 "Notification: do-not-disturb started/closed"). */
export const DND_STATES = [0, 1] as const;
export type DndState = (typeof DND_STATES)[number];
export const DND_STATE_LABELS: Record<DndState, LocaleText> = {
  0: { 'zh-CN': '免打扰已关闭', 'zh-TW': '免打擾已關閉', 'en-US': 'Do-not-disturb closed' },
  1: { 'zh-CN': '免打扰已开启', 'zh-TW': '免打擾已開啟', 'en-US': 'Do-not-disturb started' },
};

/** Notification recipient tags cycle through these styles (antd-mobile Tag colours). */
export const NOTIFY_TAG_STYLES = ['primary', 'success', 'warning', 'danger', 'default'] as const;
export type NotifyTagStyle = (typeof NOTIFY_TAG_STYLES)[number];
export const notifyTagStyle = (index: number): NotifyTagStyle =>
  NOTIFY_TAG_STYLES[Math.abs(index) % NOTIFY_TAG_STYLES.length] ?? 'default';

// ---------------------------------------------------------------------------------------------------------
// Session (spec §3, §6)

export const LOGIN_TYPES = ['wechat', 'common'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
export const LOGIN_TYPE_LABELS: Record<LoginType, LocaleText> = {
  wechat: { 'zh-CN': '微信登录', 'zh-TW': '微信登入', 'en-US': 'WeChat login' },
  common: { 'zh-CN': '账号密码登录', 'zh-TW': '帳號密碼登入', 'en-US': 'Password login' },
};

/** App modules the product reads; the server may grant others, so the name stays a string. */
export const KNOWN_APP_MODULES = [
  'Account',
  'Region',
  'Profit',
  'Stock',
  'Member',
  'Advertisement',
  'Device',
  'Goods',
  'Bank',
  'Notification',
] as const;
export type KnownAppModule = (typeof KNOWN_APP_MODULES)[number];
// The intersection keeps editor completion for the known names while accepting any other string.
export type AppModuleName = KnownAppModule | (string & Record<never, never>);
export const APP_MODULE_LABELS: Record<KnownAppModule, LocaleText> = {
  Account: { 'zh-CN': '账户', 'zh-TW': '帳戶', 'en-US': 'Account' },
  Region: { 'zh-CN': '区域门店', 'zh-TW': '區域門店', 'en-US': 'Areas and stores' },
  Profit: { 'zh-CN': '利润', 'zh-TW': '利潤', 'en-US': 'Profit' },
  Stock: { 'zh-CN': '库存', 'zh-TW': '庫存', 'en-US': 'Stock' },
  Member: { 'zh-CN': '会员', 'zh-TW': '會員', 'en-US': 'Members' },
  Advertisement: { 'zh-CN': '广告', 'zh-TW': '廣告', 'en-US': 'Advertisements' },
  Device: { 'zh-CN': '设备', 'zh-TW': '設備', 'en-US': 'Devices' },
  Goods: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  Bank: { 'zh-CN': '银行卡', 'zh-TW': '銀行卡', 'en-US': 'Bank cards' },
  Notification: { 'zh-CN': '消息通知', 'zh-TW': '訊息通知', 'en-US': 'Notifications' },
};

/** Every label table, for tests and tooling that walk them all. */
export const ENUM_LABELS = {
  deviceType: DEVICE_TYPE_LABELS,
  onlineState: ONLINE_STATE_LABELS,
  powerState: POWER_STATE_LABELS,
  doorState: DOOR_STATE_LABELS,
  switchState: SWITCH_STATE_LABELS,
  signalRange: SIGNAL_RANGE_LABELS,
  lampColor: LAMP_COLOR_LABELS,
  difficulty: DIFFICULTY_LABELS,
  orderStatus: ORDER_STATUS_LABELS,
  deliveryFault: DELIVERY_FAULT_LABELS,
  extraFault: EXTRA_FAULT_LABELS,
  payment: PAYMENT_LABELS,
  orderKind: ORDER_KIND_LABELS,
  orderFault: ORDER_FAULT_LABELS,
  refundState: REFUND_STATE_LABELS,
  permission: PERMISSION_LABELS,
  menuGroup: MENU_GROUP_LABELS,
  bank: BANK_LABELS,
  bankReview: BANK_REVIEW_LABELS,
  certType: CERT_TYPE_LABELS,
  settlement: SETTLEMENT_LABELS,
  merchantEntryStep: MERCHANT_ENTRY_STEP_LABELS,
  storeMode: STORE_MODE_LABELS,
  cooperationMode: COOPERATION_MODE_LABELS,
  storeRefundMode: STORE_REFUND_MODE_LABELS,
  stockType: STOCK_TYPE_LABELS,
  stockOperType: STOCK_OPER_TYPE_LABELS,
  adType: AD_TYPE_LABELS,
  giftStatus: GIFT_STATUS_LABELS,
  notifyKind: NOTIFY_KIND_LABELS,
  dndState: DND_STATE_LABELS,
  loginType: LOGIN_TYPE_LABELS,
  appModule: APP_MODULE_LABELS,
} satisfies Record<string, Record<string | number, LocaleText>>;
