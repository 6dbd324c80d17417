import { z } from 'zod';
import { REPORT_FORMATS } from './analytics';
import { defineCall, listResult } from './call';
import { pagedRequest, zFilterId, zFilterText, zFilterTime, zId } from './fields';
import { PERMISSIONS } from '../permissions';
import type { Locale, LocaleText } from '../locales';

/*
 * The audit log (issue 20, decision 046): every sensitive action recorded once, in the same transaction as the
 * action, never edited; read by the merchant's main account on /auditLog (staff never see it).
 *
 * An entry says who (the main account, a staff member, an API key or the platform itself), when, from where
 * (address and user agent), what (the call, a kind and an action, the target: a machine's sn, an order number, a
 * user...) and the before/after of the fields it changed. Secrets never appear (passwords, operation passwords,
 * tokens, keys: only "changed"), card and ID numbers only masked (last 4).
 */

/** The kinds an entry is filtered by (the screen's "kind" filter). */
export const AUDIT_KINDS = [
  'login',
  'logout',
  'password',
  'oper_password',
  'refund',
  'remote_control',
  'test_dispense',
  'binding',
  'price',
  'shelf',
  'stock',
  'staff',
  'role',
  'bank_card',
  'split_config',
  'settlement',
  'app_grant',
  'api_key',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who acted: the merchant's main account, one of its staff, one of its API keys, or the platform (jobs, admin). */
export const AUDIT_ACTOR_KINDS = ['account', 'staff', 'api_key', 'platform'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, LocaleText> = {
  login: { 'zh-CN': '登录', 'zh-TW': '登入', 'en-US': 'Login' },
  logout: { 'zh-CN': '退出登录', 'zh-TW': '登出', 'en-US': 'Logout' },
  password: { 'zh-CN': '登录密码', 'zh-TW': '登入密碼', 'en-US': 'Password' },
  oper_password: { 'zh-CN': '操作密码', 'zh-TW': '操作密碼', 'en-US': 'Operation password' },
  refund: { 'zh-CN': '退款', 'zh-TW': '退款', 'en-US': 'Refund' },
  remote_control: { 'zh-CN': '远程控制', 'zh-TW': '遠端控制', 'en-US': 'Remote control' },
  test_dispense: { 'zh-CN': '测试出货', 'zh-TW': '測試出貨', 'en-US': 'Test dispense' },
  binding: { 'zh-CN': '绑定/解绑', 'zh-TW': '綁定/解綁', 'en-US': 'Binding' },
  price: { 'zh-CN': '价格', 'zh-TW': '價格', 'en-US': 'Price' },
  shelf: { 'zh-CN': '货道', 'zh-TW': '貨道', 'en-US': 'Shelf' },
  stock: { 'zh-CN': '库存', 'zh-TW': '庫存', 'en-US': 'Stock' },
  staff: { 'zh-CN': '员工', 'zh-TW': '員工', 'en-US': 'Staff' },
  role: { 'zh-CN': '角色', 'zh-TW': '角色', 'en-US': 'Role' },
  bank_card: { 'zh-CN': '银行卡', 'zh-TW': '銀行卡', 'en-US': 'Bank card' },
  split_config: { 'zh-CN': '分账配置', 'zh-TW': '分帳配置', 'en-US': 'Split configuration' },
  settlement: { 'zh-CN': '结算', 'zh-TW': '結算', 'en-US': 'Settlement' },
  app_grant: { 'zh-CN': '应用授权', 'zh-TW': '應用授權', 'en-US': 'App grant' },
  api_key: { 'zh-CN': 'API 密钥', 'zh-TW': 'API 金鑰', 'en-US': 'API key' },
};

export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, LocaleText> = {
  account: { 'zh-CN': '主账号', 'zh-TW': '主帳號', 'en-US': 'Main account' },
  staff: { 'zh-CN': '员工', 'zh-TW': '員工', 'en-US': 'Staff' },
  api_key: { 'zh-CN': 'API 密钥', 'zh-TW': 'API 金鑰', 'en-US': 'API key' },
  platform: { 'zh-CN': '平台', 'zh-TW': '平台', 'en-US': 'Platform' },
};

/** Days entries are kept unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 400;

/**
 * The list's conditions. The time range is the shared picker's: start defaults to the start of today in the
 * merchant's zone, end (exclusive) to the start of tomorrow, start no earlier than earliestAllowedStart(end − 1,
 * now) ('rangeStartTooEarly'). `actor` is a user's id (the main account or a staff member, as in /u/getUserList);
 * `kind` one of AUDIT_KINDS; `sn` a machine's serial number, exactly (one the merchant never had: DEVICE_NOT_FOUND).
 */
export const auditConditions = {
  start_time: zFilterTime,
  end_time: zFilterTime,
  actor: zFilterId,
  kind: z
    .union([z.enum(AUDIT_KINDS), z.literal('')], { error: 'invalidValue' })
    .nullish()
    .transform((v) => (v ? v : undefined)),
  sn: zFilterText,
};

const auditChange = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** Epoch ms. */
  at: z.number(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  call: z.string(),
  kind: z.enum(AUDIT_KINDS),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  target_name: z.string(),
  sn: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEntryDetail = auditEntry.extend({ changes: z.array(auditChange) });
export type AuditEntryDetail = z.infer<typeof auditEntryDetail>;

/** Main account only: staff are refused (FORBIDDEN) whatever their role. */
const mainOnly = { auth: 'session', mainOnly: true } as const;

/** The merchant's audit log, newest first (paged). */
export const getAuditLog = defineCall({
  path: '/api/v1/u/getAuditLog',
  ...mainOnly,
  request: pagedRequest(auditConditions),
  response: listResult(auditEntry).extend({
    range: z.object({ start_time: z.number(), end_time: z.number() }),
  }),
});

/** One entry with the before/after of the fields it changed. */
export const getAuditEntry = defineCall({
  path: '/api/v1/u/getAuditEntry',
  ...mainOnly,
  request: z.object({ id: zId }),
  response: z.object({ data: auditEntryDetail }),
});

/** The list (the same conditions) as a file (1033): a download link valid 10 minutes. */
export const auditReport = defineCall({
  path: '/api/v1/u/auditReport',
  ...mainOnly,
  perm: PERMISSIONS.Report,
  request: z.object({
    condition: z.preprocess((v) => v ?? {}, z.object(auditConditions)),
    format: z
      .enum(REPORT_FORMATS, { error: 'invalidValue' })
      .nullish()
      .transform((v) => v ?? 'xlsx'),
  }),
  response: z.object({ url: z.string(), filename: z.string(), expires_at: z.number() }),
});

/** The actions entries name, in words (an action not listed shows as its code). */
export const AUDIT_ACTION_LABELS: Record<string, LocaleText> = {
  login: { 'zh-CN': '登录成功', 'zh-TW': '登入成功', 'en-US': 'Logged in' },
  login_wechat: { 'zh-CN': '微信登录', 'zh-TW': '微信登入', 'en-US': 'Logged in with WeChat' },
  login_failed: { 'zh-CN': '登录失败', 'zh-TW': '登入失敗', 'en-US': 'Login refused' },
  logout: { 'zh-CN': '退出登录', 'zh-TW': '登出', 'en-US': 'Logged out' },
  set: { 'zh-CN': '设置', 'zh-TW': '設定', 'en-US': 'Set' },
  change: { 'zh-CN': '修改', 'zh-TW': '修改', 'en-US': 'Changed' },
  reset: { 'zh-CN': '重置', 'zh-TW': '重設', 'en-US': 'Reset' },
  switch: { 'zh-CN': '开关', 'zh-TW': '開關', 'en-US': 'Switched' },
  manual: { 'zh-CN': '退款', 'zh-TW': '退款', 'en-US': 'Refund' },
  offline: { 'zh-CN': '线下退款', 'zh-TW': '線下退款', 'en-US': 'Offline refund' },
  dispense: { 'zh-CN': '远程出货', 'zh-TW': '遠端出貨', 'en-US': 'Remote dispense' },
  test: { 'zh-CN': '测试出货', 'zh-TW': '測試出貨', 'en-US': 'Shelf test' },
  refresh_all: { 'zh-CN': '刷新设置', 'zh-TW': '重新整理設定', 'en-US': 'Settings refreshed' },
  power_on: { 'zh-CN': '开机', 'zh-TW': '開機', 'en-US': 'Power on' },
  power_off: { 'zh-CN': '关机', 'zh-TW': '關機', 'en-US': 'Power off' },
  power_reboot: { 'zh-CN': '重启', 'zh-TW': '重新啟動', 'en-US': 'Reboot' },
  lamp: { 'zh-CN': '灯光', 'zh-TW': '燈光', 'en-US': 'Lamp' },
  bind: { 'zh-CN': '绑定', 'zh-TW': '綁定', 'en-US': 'Bound' },
  unbind: { 'zh-CN': '解绑', 'zh-TW': '解綁', 'en-US': 'Unbound' },
  price: { 'zh-CN': '货道改价', 'zh-TW': '貨道改價', 'en-US': 'Shelf price changed' },
  goods_price: { 'zh-CN': '商品改价', 'zh-TW': '商品改價', 'en-US': 'Goods price changed' },
  edit: { 'zh-CN': '编辑', 'zh-TW': '編輯', 'en-US': 'Edited' },
  renumber: { 'zh-CN': '货道编号', 'zh-TW': '貨道編號', 'en-US': 'Shelves renumbered' },
  set_count: { 'zh-CN': '货道数量', 'zh-TW': '貨道數量', 'en-US': 'Shelf count' },
  unshelve: { 'zh-CN': '下架', 'zh-TW': '下架', 'en-US': 'Unshelved' },
  refill: { 'zh-CN': '一键补满', 'zh-TW': '一鍵補滿', 'en-US': 'Refilled' },
  empty: { 'zh-CN': '一键清空', 'zh-TW': '一鍵清空', 'en-US': 'Emptied' },
  create: { 'zh-CN': '新增', 'zh-TW': '新增', 'en-US': 'Created' },
  add: { 'zh-CN': '入库', 'zh-TW': '入庫', 'en-US': 'Added' },
  reduce: { 'zh-CN': '出库', 'zh-TW': '出庫', 'en-US': 'Reduced' },
  delete: { 'zh-CN': '删除', 'zh-TW': '刪除', 'en-US': 'Deleted' },
  suffix: { 'zh-CN': '账号后缀', 'zh-TW': '帳號後綴', 'en-US': 'Login suffix' },
  submit: { 'zh-CN': '提交审核', 'zh-TW': '提交審核', 'en-US': 'Submitted for review' },
  bind_machines: { 'zh-CN': '绑定设备', 'zh-TW': '綁定設備', 'en-US': 'Machines bound' },
  unbind_machines: { 'zh-CN': '解绑设备', 'zh-TW': '解綁設備', 'en-US': 'Machines unbound' },
  share_link: { 'zh-CN': '生成分享链接', 'zh-TW': '產生分享連結', 'en-US': 'Share link made' },
  share_revoke: { 'zh-CN': '撤销分享链接', 'zh-TW': '撤銷分享連結', 'en-US': 'Share link revoked' },
  approved: { 'zh-CN': '审核通过', 'zh-TW': '審核通過', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '审核驳回', 'zh-TW': '審核駁回', 'en-US': 'Rejected' },
  machine_on: { 'zh-CN': '设备开启分账', 'zh-TW': '設備開啟分帳', 'en-US': 'Machine split on' },
  machine_off: { 'zh-CN': '设备关闭分账', 'zh-TW': '設備關閉分帳', 'en-US': 'Machine split off' },
  run: { 'zh-CN': '每日结算', 'zh-TW': '每日結算', 'en-US': 'Daily settlement' },
  paid: { 'zh-CN': '打款成功', 'zh-TW': '打款成功', 'en-US': 'Paid out' },
  failed: { 'zh-CN': '打款失败', 'zh-TW': '打款失敗', 'en-US': 'Payout failed' },
  manual_paid: { 'zh-CN': '人工打款', 'zh-TW': '人工打款', 'en-US': 'Paid by hand' },
  grant: { 'zh-CN': '开通', 'zh-TW': '開通', 'en-US': 'Granted' },
  extend: { 'zh-CN': '续期', 'zh-TW': '續期', 'en-US': 'Extended' },
  use: { 'zh-CN': '调用', 'zh-TW': '呼叫', 'en-US': 'Used' },
  revoke: { 'zh-CN': '撤销', 'zh-TW': '撤銷', 'en-US': 'Revoked' },
};

/** An entry's action in words, else its code. */
export function auditActionLabel(action: string, locale: Locale): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action]![locale] : action;
}

const L = (zhCN: string, zhTW: string, en: string): LocaleText => ({
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'en-US': en,
});

/** The changed fields the services record, in words (a field not named here shows its key). */
export const AUDIT_FIELD_LABELS: Record<string, LocaleText> = {
  name: L('名称', '名稱', 'Name'),
  note: L('备注', '備註', 'Note'),
  remarks: L('备注', '備註', 'Remarks'),
  perm_detail: L('权限', '權限', 'Permissions'),
  permissions: L('权限', '權限', 'Permissions'),
  store: L('门店', '門市', 'Stores'),
  stores: L('门店', '門市', 'Stores'),
  machines: L('设备', '設備', 'Machines'),
  username: L('账号', '帳號', 'Account'),
  nickname: L('昵称', '暱稱', 'Nickname'),
  phone: L('手机号', '手機號', 'Phone'),
  role_id: L('角色', '角色', 'Role'),
  all_device: L('全部设备', '全部設備', 'All machines'),
  goods_own_only: L('仅自有商品', '僅自有商品', 'Own goods only'),
  bank_own_only: L('仅自有银行卡', '僅自有銀行卡', 'Own bank cards only'),
  password: L('登录密码', '登入密碼', 'Login password'),
  oper_pwd: L('操作密码', '操作密碼', 'Operation password'),
  is_oper_pwd: L('启用操作密码', '啟用操作密碼', 'Operation password on'),
  sub_user_suffix: L('账号后缀', '帳號後綴', 'Login suffix'),
  price: L('售价（分）', '售價（分）', 'Price (cents)'),
  cost_price: L('成本价（分）', '成本價（分）', 'Cost price (cents)'),
  game_price: L('游戏价（分）', '遊戲價（分）', 'Game price (cents)'),
  quantity: L('数量', '數量', 'Quantity'),
  capacity: L('容量', '容量', 'Capacity'),
  probability: L('概率', '機率', 'Probability'),
  difficulty: L('难度', '難度', 'Difficulty'),
  enabled: L('启用', '啟用', 'Enabled'),
  goods_id: L('商品', '商品', 'Goods'),
  goods_name: L('商品名称', '商品名稱', 'Goods name'),
  shelf: L('货道', '貨道', 'Shelf'),
  channel_num: L('货道数量', '貨道數量', 'Shelf count'),
  inventory: L('库存', '庫存', 'Stock'),
  refund_fee: L('退款金额（分）', '退款金額（分）', 'Refund (cents)'),
  refunded: L('已退款（分）', '已退款（分）', 'Refunded in all (cents)'),
  settle_amt: L('结算金额（分）', '結算金額（分）', 'Settlement amount (cents)'),
  settlements: L('结算笔数', '結算筆數', 'Settlements'),
  state: L('状态', '狀態', 'State'),
  fail_reason: L('失败原因', '失敗原因', 'Failure reason'),
  reject_reason: L('驳回原因', '駁回原因', 'Reason for rejection'),
  review_state: L('审核状态', '審核狀態', 'Review state'),
  mch_name: L('商户名称', '商戶名稱', 'Merchant name'),
  acct_name: L('开户名', '開戶名', 'Account holder'),
  acct_no: L('银行卡号', '銀行卡號', 'Card number'),
  acct_no_mask: L('银行卡号', '銀行卡號', 'Card number'),
  cert_no_mask: L('证件号', '證件號', 'ID number'),
  mobile_mask: L('预留手机号', '預留手機號', "Holder's phone"),
  bank_code: L('银行', '銀行', 'Bank'),
  bank_branch: L('开户支行', '開戶支行', 'Branch'),
  bank_no: L('联行号', '聯行號', 'Branch number (CNAPS)'),
  address: L('地址', '地址', 'Address'),
  share_id: L('分享链接', '分享連結', 'Share link'),
  expires_at: L('有效期至', '有效期至', 'Valid until'),
  expire_at: L('有效期至', '有效期至', 'Valid until'),
  main_merchant_id: L('主商户', '主商戶', 'Main merchant'),
  main_percent: L('主商户比例', '主商戶比例', 'Main share'),
  pay_channel: L('支付渠道', '支付通道', 'Payment channel'),
  split_merchant: L('分账方', '分帳方', 'Split accounts'),
  version: L('版本', '版本', 'Version'),
  is_bank_split: L('分账', '分帳', 'Fee splitting'),
  bank_split_id: L('分账配置', '分帳配置', 'Split configuration'),
  lamp_ctrl: L('灯控', '燈控', 'Lamp'),
  outcome: L('结果', '結果', 'Outcome'),
  times: L('次数', '次數', 'Times'),
  tags: L('标签', '標籤', 'Tags'),
  merchant: L('商户', '商戶', 'Merchant'),
  target: L('对象', '對象', 'Target'),
  extend: L('续期', '續期', 'Extended'),
};

/** A changed field in words, else its key. */
export function auditFieldLabel(field: string, locale: Locale): string {
  return Object.hasOwn(AUDIT_FIELD_LABELS, field) ? AUDIT_FIELD_LABELS[field]![locale] : field;
}

/** What an entry acted on, in words (a type not named here shows its code). */
export const AUDIT_TARGET_LABELS: Record<string, LocaleText> = {
  user: L('账号', '帳號', 'Account'),
  role: L('角色', '角色', 'Role'),
  merchant: L('商户', '商戶', 'Merchant'),
  machine: L('设备', '設備', 'Machine'),
  goods: L('商品', '商品', 'Goods'),
  order: L('订单', '訂單', 'Order'),
  bank_card: L('银行卡', '銀行卡', 'Bank card'),
  split_config: L('分账配置', '分帳配置', 'Split configuration'),
  settlement: L('结算记录', '結算記錄', 'Settlement'),
  settle_date: L('结算日', '結算日', 'Settlement day'),
  app: L('应用', '應用', 'App'),
  api_key: L('API 密钥', 'API 金鑰', 'API key'),
};

/** An entry's target as one line: its type in words and its name (or id). */
export function auditTargetText(
  entry: { target_type: string; target_id: string; target_name: string },
  locale: Locale,
): string {
  const type = Object.hasOwn(AUDIT_TARGET_LABELS, entry.target_type)
    ? AUDIT_TARGET_LABELS[entry.target_type]![locale]
    : entry.target_type;
  return [type, entry.target_name || entry.target_id].filter(Boolean).join(' · ');
}
