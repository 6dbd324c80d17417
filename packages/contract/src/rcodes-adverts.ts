import type { RcodeEntry } from './rcode-entry';

/**
 * Advertisements: 1180–1199 (spec §2 /advertisement, §3 Ad plan, §4 enable/disable, §5 "link must be a proper
 * URL", §9 ad types 0–7; issue 18). Every rule of a plan has its own code, so the screen shows it at its field.
 */
export const advertRcodes = {
  1180: {
    name: 'ADVERT_NOT_FOUND',
    text: { 'zh-CN': '广告计划不存在', 'zh-TW': '廣告計劃不存在', 'en-US': 'Ad plan does not exist' },
  },
  1181: {
    name: 'ADVERT_TEXT_REQUIRED',
    text: {
      'zh-CN': '请填写广告文字',
      'zh-TW': '請填寫廣告文字',
      'en-US': 'Enter the text of the ad',
    },
  },
  1182: {
    name: 'ADVERT_LINK_INVALID',
    text: {
      'zh-CN': '链接须为正确的网址（http:// 或 https:// 开头）',
      'zh-TW': '連結須為正確的網址（http:// 或 https:// 開頭）',
      'en-US': 'The link must be a proper URL starting with http:// or https://',
    },
  },
  1183: {
    name: 'ADVERT_IMAGE_REQUIRED',
    text: {
      'zh-CN': '请从图片库选择广告图片',
      'zh-TW': '請從圖片庫選擇廣告圖片',
      'en-US': 'Pick the ad image from the image library',
    },
  },
  1184: {
    name: 'ADVERT_IMAGE_UNKNOWN',
    text: {
      'zh-CN': '该图片不在您的图片库中',
      'zh-TW': '該圖片不在您的圖片庫中',
      'en-US': 'This image is not in your image library',
    },
  },
  1185: {
    name: 'ADVERT_WEB_URL_INVALID',
    text: {
      'zh-CN': '网页地址须为正确的网址（http:// 或 https:// 开头）',
      'zh-TW': '網頁地址須為正確的網址（http:// 或 https:// 開頭）',
      'en-US': 'The web page must be a proper URL starting with http:// or https://',
    },
  },
  1186: {
    name: 'ADVERT_COUPON_REQUIRED',
    text: {
      'zh-CN': '请选择要发放的优惠券',
      'zh-TW': '請選擇要發放的優惠券',
      'en-US': 'Pick the coupon the ad hands out',
    },
  },
  1187: {
    name: 'ADVERT_COUPON_UNKNOWN',
    text: {
      'zh-CN': '该优惠券不存在或已删除',
      'zh-TW': '該優惠券不存在或已刪除',
      'en-US': 'This coupon does not exist or was deleted',
    },
  },
  1188: {
    name: 'ADVERT_APP_ID_INVALID',
    text: {
      'zh-CN': '请填写 AppID（字母、数字、. _ -，最多 64 个字符）',
      'zh-TW': '請填寫 AppID（字母、數字、. _ -，最多 64 個字元）',
      'en-US': 'Enter the app id (letters, digits, . _ -, at most 64 characters)',
    },
  },
  1189: {
    name: 'ADVERT_PLACEMENT_INVALID',
    text: {
      'zh-CN': '请填写广告位 ID（字母、数字、. _ -，最多 64 个字符）',
      'zh-TW': '請填寫廣告位 ID（字母、數字、. _ -，最多 64 個字元）',
      'en-US': 'Enter the placement id (letters, digits, . _ -, at most 64 characters)',
    },
  },
  1190: {
    name: 'ADVERT_SCOPE_EMPTY',
    text: {
      'zh-CN': '请至少选择一个门店或设备',
      'zh-TW': '請至少選擇一個門店或設備',
      'en-US': 'Choose at least one store or machine',
    },
  },
  1191: {
    name: 'ADVERT_TARGET_UNKNOWN',
    text: {
      'zh-CN': '所选门店或设备不存在',
      'zh-TW': '所選門店或設備不存在',
      'en-US': 'A chosen store or machine does not exist',
    },
  },
  1192: {
    name: 'ADVERT_LIMIT',
    text: {
      'zh-CN': '广告计划数量已达上限（{max}）',
      'zh-TW': '廣告計劃數量已達上限（{max}）',
      'en-US': 'Ad plan limit reached ({max})',
    },
  },
  1193: {
    name: 'ADVERT_ENABLED_LIMIT',
    text: {
      'zh-CN': '同时启用的广告计划最多 {max} 个，请先停用其他计划',
      'zh-TW': '同時啟用的廣告計劃最多 {max} 個，請先停用其他計劃',
      'en-US': 'At most {max} ad plans can be enabled at once; disable another first',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
