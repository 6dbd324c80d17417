import type { RcodeEntry } from './rcode-entry';

/**
 * Members and their points: 1160–1179 (spec §2 /member, /open-member; §3 Member; §6 member needs the Member app;
 * §7 the member calls; issue 18). "Invalid cert" (a member call without a valid member token and secret) is the
 * platform's INVALID_CERT (607); an expired Member app on a merchant call is APP_EXPIRED (605).
 */
export const memberRcodes = {
  1160: {
    name: 'MEMBER_NOT_FOUND',
    text: { 'zh-CN': '会员不存在', 'zh-TW': '會員不存在', 'en-US': 'Member does not exist' },
  },
  1161: {
    name: 'MEMBER_POINTS_SHORT',
    text: {
      'zh-CN': '积分不足（现有 {have}，需要 {need}）',
      'zh-TW': '積分不足（現有 {have}，需要 {need}）',
      'en-US': 'Not enough points (have {have}, need {need})',
    },
  },
  1162: {
    name: 'MEMBER_QUOTA_REACHED',
    text: {
      'zh-CN': '该商户的会员数量已达上限（{max}），暂时无法成为会员',
      'zh-TW': '該商戶的會員數量已達上限（{max}），暫時無法成為會員',
      'en-US': "This merchant's members have reached their limit ({max}): no new members for now",
    },
  },
  1163: {
    name: 'POINT_RULE_RANGE',
    text: {
      'zh-CN': '每元积分须为 0 到 {max} 的整数（0 为不送积分）',
      'zh-TW': '每元積分須為 0 到 {max} 的整數（0 為不送積分）',
      'en-US': 'Points per yuan must be a whole number from 0 to {max} (0: no points)',
    },
  },
  1164: {
    name: 'MEMBER_SIGN_IN_REQUIRED',
    text: {
      'zh-CN': '需要会员积分：请先登录（微信或支付宝）',
      'zh-TW': '需要會員積分：請先登入（微信或支付寶）',
      'en-US': 'This costs member points: sign in with WeChat or Alipay first',
    },
  },
  1165: {
    name: 'MEMBERS_UNAVAILABLE',
    text: {
      'zh-CN': '该商户的会员功能暂不可用',
      'zh-TW': '該商戶的會員功能暫不可用',
      'en-US': "This merchant's member card is not available now",
    },
  },
} as const satisfies Record<number, RcodeEntry>;
