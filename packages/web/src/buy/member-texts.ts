import type { Locale } from '@vendo/contract/locales';
import { locale } from './texts';

/** The member part of the purchase page ("My member", member points on coupons), a plain dictionary. */
const MEMBER_TEXTS = {
  'zh-CN': {
    myMember: '我的会员',
    hint: '会员卡：积分、消费记录和优惠券',
    signIn: '登录后查看会员卡（积分、消费记录）',
    earlier: '登录前购买的订单不计入会员卡',
    wechat: '微信登录',
    alipay: '支付宝登录（沙箱）',
    opening: '正在打开…',
    failed: '会员卡打不开，请重试',
    points: '我的积分：{points}',
    costs: '需 {points} 积分',
    short: '积分不足',
    earn: '登录后购买可累积会员积分',
  },
  'zh-TW': {
    myMember: '我的會員',
    hint: '會員卡：積分、消費記錄和優惠券',
    signIn: '登入後查看會員卡（積分、消費記錄）',
    earlier: '登入前購買的訂單不計入會員卡',
    wechat: '微信登入',
    alipay: '支付寶登入（沙箱）',
    opening: '正在打開…',
    failed: '會員卡打不開，請重試',
    points: '我的積分：{points}',
    costs: '需 {points} 積分',
    short: '積分不足',
    earn: '登入後購買可累積會員積分',
  },
  'en-US': {
    myMember: 'My member',
    hint: 'Your member card: points, purchases and coupons',
    signIn: 'Sign in to see your member card (points, purchases)',
    earlier: 'Orders bought before signing in are not on your card',
    wechat: 'Sign in with WeChat',
    alipay: 'Sign in with Alipay (sandbox)',
    opening: 'Opening…',
    failed: 'Your member card could not be opened, please try again',
    points: 'My points: {points}',
    costs: 'Costs {points} points',
    short: 'Not enough points',
    earn: 'Sign in to earn member points when you buy',
  },
} satisfies Record<Locale, Record<string, string>>;

export const MT = MEMBER_TEXTS[locale];
