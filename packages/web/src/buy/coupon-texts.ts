import type { Locale } from '@vendo/contract/locales';
import { locale } from './texts';

/** The coupon part of the purchase page, in each language (a plain dictionary, like texts.ts). */
const COUPON_TEXTS = {
  'zh-CN': {
    title: '优惠券',
    signIn: '登录后领取和使用优惠券',
    wechat: '微信登录',
    alipay: '支付宝登录（沙箱）',
    alipaySandbox: '支付宝身份为沙箱身份，仅用于演示',
    signedIn: '已登录：{who}',
    signOut: '退出',
    identityFailed: '登录失败，请重试',
    offered: '可领取',
    receive: '领取',
    received: '已领取',
    needsPoints: '需 {points} 积分',
    mine: '我的优惠券',
    none: '不使用优惠券',
    notHere: '本机暂不可用',
    rate: '{zhe}折',
    reduce: '减 {amount}',
    from: '满 {amount} 可用',
    until: '{start} 至 {end} 可用',
    paysWith: '用券后',
  },
  'zh-TW': {
    title: '優惠券',
    signIn: '登入後領取和使用優惠券',
    wechat: '微信登入',
    alipay: '支付寶登入（沙箱）',
    alipaySandbox: '支付寶身份為沙箱身份，僅用於示範',
    signedIn: '已登入：{who}',
    signOut: '登出',
    identityFailed: '登入失敗，請重試',
    offered: '可領取',
    receive: '領取',
    received: '已領取',
    needsPoints: '需 {points} 積分',
    mine: '我的優惠券',
    none: '不使用優惠券',
    notHere: '本機暫不可用',
    rate: '{zhe}折',
    reduce: '減 {amount}',
    from: '滿 {amount} 可用',
    until: '{start} 至 {end} 可用',
    paysWith: '用券後',
  },
  'en-US': {
    title: 'Coupons',
    signIn: 'Sign in to receive and use coupons',
    wechat: 'Sign in with WeChat',
    alipay: 'Sign in with Alipay (sandbox)',
    alipaySandbox: 'Alipay identities are sandbox identities, for the demo only',
    signedIn: 'Signed in: {who}',
    signOut: 'Sign out',
    identityFailed: 'Sign-in failed, please try again',
    offered: 'Available',
    receive: 'Receive',
    received: 'Received',
    needsPoints: 'Costs {points} points',
    mine: 'My coupons',
    none: 'No coupon',
    notHere: 'Not usable here now',
    rate: '{pct}% of the price',
    reduce: '{amount} off',
    from: 'from {amount}',
    until: 'usable {start} to {end}',
    paysWith: 'With coupon',
  },
} satisfies Record<Locale, Record<string, string>>;

export const CT = COUPON_TEXTS[locale];

/** Fills {name} placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}
