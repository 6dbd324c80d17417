import type { RcodeEntry } from './rcode-entry';

/**
 * API keys of the public API: 1220–1239 (issue 20, decision 047). A key's missing permission answers the generic
 * 403 like a staff member's; a key over its rate answers TOO_MANY_ATTEMPTS with the seconds to wait.
 */
export const apiKeyRcodes = {
  1220: {
    name: 'API_KEY_NOT_FOUND',
    text: {
      'zh-CN': 'API 密钥不存在',
      'zh-TW': 'API 金鑰不存在',
      'en-US': 'API key does not exist',
    },
  },
  1221: {
    name: 'API_KEY_INVALID',
    text: {
      'zh-CN': 'API 密钥无效或已撤销',
      'zh-TW': 'API 金鑰無效或已撤銷',
      'en-US': 'The API key is invalid or revoked',
    },
  },
  1222: {
    name: 'API_KEY_CALL_REFUSED',
    text: {
      'zh-CN': '此接口不接受 API 密钥，请用主账号登录调用',
      'zh-TW': '此介面不接受 API 金鑰，請用主帳號登入呼叫',
      'en-US': 'This call does not accept API keys; log in with the main account to make it',
    },
  },
  1223: {
    name: 'API_KEYS_MAX',
    text: {
      'zh-CN': '最多可有 {max} 个有效的 API 密钥，请先撤销不用的密钥',
      'zh-TW': '最多可有 {max} 個有效的 API 金鑰，請先撤銷不用的金鑰',
      'en-US': 'At most {max} live API keys; revoke one you no longer use first',
    },
  },
  1224: {
    name: 'API_KEY_STORE_UNKNOWN',
    text: {
      'zh-CN': '所选门店不存在',
      'zh-TW': '所選門市不存在',
      'en-US': 'A chosen store does not exist',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
