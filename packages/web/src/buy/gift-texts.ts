import type { Locale } from '@vendo/contract/locales';
import { locale } from './texts';

/** The gift-code part of the purchase page, in each language (a plain dictionary, like texts.ts). */
const GIFT_TEXTS = {
  'zh-CN': {
    title: '有礼品券码？',
    label: '礼品券码',
    placeholder: '输入 12 位券码',
    check: '使用券码',
    checking: '正在查询…',
    pick: '选择要领取的礼品（免费）：',
    redeem: '免费领取',
    redeeming: '正在兑换…',
    free: '免费',
    validUntil: '有效期至 {date}',
    empty: '请输入券码',
  },
  'zh-TW': {
    title: '有禮品券碼？',
    label: '禮品券碼',
    placeholder: '輸入 12 位券碼',
    check: '使用券碼',
    checking: '正在查詢…',
    pick: '選擇要領取的禮品（免費）：',
    redeem: '免費領取',
    redeeming: '正在兌換…',
    free: '免費',
    validUntil: '有效期至 {date}',
    empty: '請輸入券碼',
  },
  'en-US': {
    title: 'Have a gift code?',
    label: 'Gift code',
    placeholder: 'Enter the 12-character code',
    check: 'Use code',
    checking: 'Checking…',
    pick: 'Choose your gift (free):',
    redeem: 'Get it free',
    redeeming: 'Redeeming…',
    free: 'Free',
    validUntil: 'Valid until {date}',
    empty: 'Enter the code',
  },
} satisfies Record<Locale, Record<string, string>>;

export const GT = GIFT_TEXTS[locale];
