import { addFieldLabels } from '../../platform/field-labels';

/**
 * Labels of the staff, role, notification and linked-login fields (spec §3), so a refused field is named the way
 * the forms name it ("Login password: Password needs at least 6 characters").
 */
addFieldLabels({
  sub_userid: { 'zh-CN': '员工', 'zh-TW': '員工', 'en-US': 'Staff member' },
  sub_username: { 'zh-CN': '账号', 'zh-TW': '帳號', 'en-US': 'Account' },
  nickname: { 'zh-CN': '姓名', 'zh-TW': '姓名', 'en-US': 'Name' },
  confirm_password: { 'zh-CN': '确认密码', 'zh-TW': '確認密碼', 'en-US': 'Confirm password' },
  old_password: { 'zh-CN': '原密码', 'zh-TW': '原密碼', 'en-US': 'Current password' },
  oper_pwd: { 'zh-CN': '操作密码', 'zh-TW': '操作密碼', 'en-US': 'Operation password' },
  confirm_oper_pwd: {
    'zh-CN': '确认操作密码',
    'zh-TW': '確認操作密碼',
    'en-US': 'Confirm operation password',
  },
  is_oper_pwd: { 'zh-CN': '操作密码开关', 'zh-TW': '操作密碼開關', 'en-US': 'Operation-password switch' },
  roleid: { 'zh-CN': '角色', 'zh-TW': '角色', 'en-US': 'Role' },
  all_device: { 'zh-CN': '管理门店', 'zh-TW': '管理門店', 'en-US': 'Managed stores' },
  goods_own_only: { 'zh-CN': '商品管理范围', 'zh-TW': '商品管理範圍', 'en-US': 'Goods scope' },
  bank_own_only: { 'zh-CN': '银行卡管理范围', 'zh-TW': '銀行卡管理範圍', 'en-US': 'Bank-card scope' },
  sub_user_suffix: { 'zh-CN': '登录后缀', 'zh-TW': '登入後綴', 'en-US': 'Login suffix' },
  permissions: { 'zh-CN': '权限', 'zh-TW': '權限', 'en-US': 'Permissions' },
  notify_id: { 'zh-CN': '通知账号', 'zh-TW': '通知帳號', 'en-US': 'Recipient' },
  notice: { 'zh-CN': '通知开关', 'zh-TW': '通知開關', 'en-US': 'Notifications' },
  not_disture: { 'zh-CN': '免打扰', 'zh-TW': '免打擾', 'en-US': 'Do-not-disturb' },
  start_notify: { 'zh-CN': '免打扰开始时间', 'zh-TW': '免打擾開始時間', 'en-US': 'Do-not-disturb start' },
  end_notify: { 'zh-CN': '免打扰结束时间', 'zh-TW': '免打擾結束時間', 'en-US': 'Do-not-disturb end' },
  permission: { 'zh-CN': '通知权限', 'zh-TW': '通知權限', 'en-US': 'Notification permission' },
  account: { 'zh-CN': '账号', 'zh-TW': '帳號', 'en-US': 'Account' },
});

// "store" is a single store elsewhere (catalog, stock); here it is the list of managed stores.
addFieldLabels({ store: { 'zh-CN': '管理门店', 'zh-TW': '管理門店', 'en-US': 'Managed stores' } }, [
  '/api/v1/u/addSubUser',
  '/api/v1/u/editSubUser',
  '/api/v1/u/getNotifyBindUrl',
  '/api/v1/u/editNotify',
]);

// "name" and "note" of a role, "password" of a staff member: more precise than the shared labels.
addFieldLabels(
  {
    name: { 'zh-CN': '角色名称', 'zh-TW': '角色名稱', 'en-US': 'Role name' },
    note: { 'zh-CN': '角色说明', 'zh-TW': '角色說明', 'en-US': 'Role note' },
  },
  ['/api/v1/a/addRole', '/api/v1/a/editRole'],
);
addFieldLabels({ password: { 'zh-CN': '登录密码', 'zh-TW': '登入密碼', 'en-US': 'Login password' } }, [
  '/api/v1/u/addSubUser',
  '/api/v1/u/resetSubUserPwd',
  '/api/v1/u/changePwdForSubUser',
]);
