import type { Locale } from '@vendo/contract/locales';
import { locale } from './texts';

/** The ads part of the purchase page, in each language (a plain dictionary, like texts.ts). */
const ADVERT_TEXTS = {
  'zh-CN': {
    title: '推荐',
    open: '查看详情',
    openPage: '打开网页',
    openMiniProgram: '打开小程序页面',
    getApp: '下载应用',
    coupon: '优惠券',
    receive: '领取',
    received: '已领取',
    signInToReceive: '登录后领取',
    notHere: '本机暂不可领取',
  },
  'zh-TW': {
    title: '推薦',
    open: '查看詳情',
    openPage: '開啟網頁',
    openMiniProgram: '開啟小程式頁面',
    getApp: '下載應用程式',
    coupon: '優惠券',
    receive: '領取',
    received: '已領取',
    signInToReceive: '登入後領取',
    notHere: '本機暫不可領取',
  },
  'en-US': {
    title: 'For you',
    open: 'Learn more',
    openPage: 'Open the page',
    openMiniProgram: 'Open the mini program’s page',
    getApp: 'Get the app',
    coupon: 'Coupon',
    receive: 'Receive',
    received: 'Received',
    signInToReceive: 'Sign in to receive',
    notHere: 'Not offered on this machine now',
  },
} satisfies Record<Locale, Record<string, string>>;

export const AT = ADVERT_TEXTS[locale];
export { ADVERT_TEXTS };
