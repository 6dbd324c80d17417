import type { RcodeEntry } from './rcode-entry';

/**
 * Payout bank cards, their photos and share links: 1000–1039 (spec §2 /bankCard and /shareAddBank, §4 review,
 * §6 quota). Texts follow the messages of spec §8 where the spec names one ("unsupported bank (change bank card)",
 * "OCR fail (enter manually)", "QR creation fail").
 */
export const bankCardRcodes = {
  1000: {
    name: 'BANK_CARD_NOT_FOUND',
    text: { 'zh-CN': '银行卡不存在', 'zh-TW': '銀行卡不存在', 'en-US': 'Bank card does not exist' },
  },
  1001: {
    name: 'BANK_CARD_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '银行卡数量已达上限（{max}）',
      'zh-TW': '銀行卡數量已達上限（{max}）',
      'en-US': 'Bank card limit reached ({max})',
    },
  },
  1002: {
    name: 'BANK_CARD_IN_USE',
    text: {
      'zh-CN': '该银行卡绑定了 {count} 台设备，请先解除绑定',
      'zh-TW': '該銀行卡綁定了 {count} 台設備，請先解除綁定',
      'en-US': '{count} machines are bound to this card; unbind them first',
    },
  },
  1003: {
    name: 'BANK_UNSUPPORTED',
    text: {
      'zh-CN': '不支持该银行，请更换银行卡',
      'zh-TW': '不支援該銀行，請更換銀行卡',
      'en-US': 'Unsupported bank, please change the bank card',
    },
  },
  1004: {
    name: 'OCR_FAILED',
    text: {
      'zh-CN': '识别失败，请手动输入',
      'zh-TW': '辨識失敗，請手動輸入',
      'en-US': 'OCR failed, please enter manually',
    },
  },
  1005: {
    name: 'QR_CREATE_FAILED',
    text: { 'zh-CN': '二维码生成失败', 'zh-TW': 'QR 碼生成失敗', 'en-US': 'QR code creation failed' },
  },
  1006: {
    name: 'BANK_CARD_NOT_APPROVED',
    text: {
      'zh-CN': '只有审核通过的银行卡才能作为收款账户',
      'zh-TW': '只有審核通過的銀行卡才能作為收款帳戶',
      'en-US': 'Only an approved card can be a payout account',
    },
  },
  1007: {
    name: 'BANK_CARD_LOCKED',
    text: {
      'zh-CN': '银行卡审核中或已通过，不能修改；如需更换请添加新卡',
      'zh-TW': '銀行卡審核中或已通過，不能修改；如需更換請新增新卡',
      'en-US': 'This card is under review or approved and cannot be changed; add a new card instead',
    },
  },
  1008: {
    name: 'SHARE_LINK_INVALID',
    text: {
      'zh-CN': '链接已过期或已撤销，请联系商户重新分享',
      'zh-TW': '連結已過期或已撤銷，請聯繫商戶重新分享',
      'en-US': 'This link has expired or was revoked; ask the merchant for a new one',
    },
  },
  1009: {
    name: 'BANK_IMAGE_NOT_FOUND',
    text: {
      'zh-CN': '图片不存在或已失效，请重新上传',
      'zh-TW': '圖片不存在或已失效，請重新上傳',
      'en-US': 'The image does not exist or has expired; upload it again',
    },
  },
  1010: {
    name: 'SHARE_LINK_LIMIT',
    text: {
      'zh-CN': '有效的分享链接已达上限（{max}），请先撤销不用的链接',
      'zh-TW': '有效的分享連結已達上限（{max}），請先撤銷不用的連結',
      'en-US': 'Too many live share links ({max}); revoke unused ones first',
    },
  },
  1011: {
    name: 'REGION_UNKNOWN',
    text: {
      'zh-CN': '门店地区不存在，请重新选择',
      'zh-TW': '門店地區不存在，請重新選擇',
      'en-US': 'The store region does not exist; pick it again',
    },
  },
  1012: {
    name: 'MACHINE_ON_OTHERS_CARD',
    text: {
      'zh-CN': '设备 {sn} 绑定的是他人添加的银行卡，请联系主账号修改',
      'zh-TW': '設備 {sn} 綁定的是他人新增的銀行卡，請聯絡主帳號修改',
      'en-US': 'Machine {sn} pays out to a card someone else added; ask the main account to change it',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
