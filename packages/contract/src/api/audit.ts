import type { LocaleText } from '../locales';

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
