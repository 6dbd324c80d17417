import type { RcodeEntry } from './rcode-entry';

/**
 * Staff, roles, notification recipients and linked messaging-app logins: 900–949 (spec §6, §7); analytics
 * (report downloads): 950–999.
 * Texts follow the messages of spec §5 and §8 where the spec names one ("failed to get user info").
 */
export const staffRcodes = {
  901: {
    name: 'STAFF_NOT_FOUND',
    text: { 'zh-CN': '员工不存在', 'zh-TW': '員工不存在', 'en-US': 'Staff member does not exist' },
  },
  902: {
    name: 'ROLE_NOT_FOUND',
    text: { 'zh-CN': '角色不存在', 'zh-TW': '角色不存在', 'en-US': 'Role does not exist' },
  },
  903: {
    name: 'ROLE_IN_USE',
    text: {
      'zh-CN': '该角色正被 {count} 名员工使用，请先为他们更换角色',
      'zh-TW': '該角色正被 {count} 名員工使用，請先為他們更換角色',
      'en-US': '{count} staff members have this role; give them another role first',
    },
  },
  904: {
    name: 'STAFF_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '子账号数量已达上限（{max}）',
      'zh-TW': '子帳號數量已達上限（{max}）',
      'en-US': 'Staff account limit reached ({max})',
    },
  },
  905: {
    name: 'NOTIFY_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '通知账号数量已达上限（{max}）',
      'zh-TW': '通知帳號數量已達上限（{max}）',
      'en-US': 'Notification recipient limit reached ({max})',
    },
  },
  906: {
    name: 'NOTIFY_NOT_FOUND',
    text: {
      'zh-CN': '通知账号不存在',
      'zh-TW': '通知帳號不存在',
      'en-US': 'Notification recipient does not exist',
    },
  },
  907: {
    name: 'NOTIFY_BIND_EXPIRED',
    text: {
      'zh-CN': '绑定链接已失效，请重新获取',
      'zh-TW': '綁定連結已失效，請重新獲取',
      'en-US': 'The bind link has expired or was used; ask for a new one',
    },
  },
  908: {
    name: 'USER_INFO_FAILED',
    text: { 'zh-CN': '获取用户信息失败', 'zh-TW': '獲取用戶資訊失敗', 'en-US': 'Failed to get user info' },
  },
  909: {
    name: 'NOT_PASSPORT_LOGIN',
    text: {
      'zh-CN': '当前登录不是微信登录，请使用微信登录后再操作',
      'zh-TW': '目前登入不是微信登入，請使用微信登入後再操作',
      'en-US': 'This session did not log in through the messaging app; log in with it first',
    },
  },
  910: {
    name: 'PASSPORT_NOT_LINKED',
    text: {
      'zh-CN': '该账号未关联当前微信',
      'zh-TW': '該帳號未關聯目前微信',
      'en-US': 'This account is not linked to your messaging-app login',
    },
  },
  911: {
    name: 'OAUTH_FAILED',
    text: {
      'zh-CN': '微信授权失败，请重试',
      'zh-TW': '微信授權失敗，請重試',
      'en-US': 'Messaging-app authorization failed, please try again',
    },
  },
  912: {
    name: 'STAFF_OPER_PWD_NOT_SET',
    text: {
      'zh-CN': '请先为该员工设置操作密码',
      'zh-TW': '請先為該員工設定操作密碼',
      'en-US': "Set the staff member's operation password first",
    },
  },
  913: {
    name: 'OLD_PASSWORD_WRONG',
    text: { 'zh-CN': '原密码错误', 'zh-TW': '原密碼錯誤', 'en-US': 'The current password is wrong' },
  },
  914: {
    name: 'STAFF_NO_PHONE',
    text: {
      'zh-CN': '此子账号未填写手机号，无法接收验证码，请联系主账号在“子账号”中添加手机号',
      'zh-TW': '此子帳號未填寫手機號碼，無法接收驗證碼，請聯繫主帳號在「子帳號」中新增手機號碼',
      'en-US':
        'This sub-account has no phone number to receive the code: ask the main account to add one under Sub-accounts',
    },
  },
  // Analytics: 950–999.
  950: {
    name: 'REPORT_LINK_INVALID',
    text: {
      'zh-CN': '下载链接无效或已过期，请重新下载',
      'zh-TW': '下載連結無效或已過期，請重新下載',
      'en-US': 'This download link is invalid or has expired: please download again',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
