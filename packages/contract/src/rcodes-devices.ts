import type { RcodeEntry } from './rcode-entry';

/**
 * Machines, binding, shelves and remote control: 500–599 (500 is the generic fault, 515 is fixed by the spec).
 * Texts follow the messages of spec §8 where the spec names one.
 */
export const deviceRcodes = {
  501: {
    name: 'DEVICE_NOT_FOUND',
    text: { 'zh-CN': '设备不存在', 'zh-TW': '設備不存在', 'en-US': 'Device does not exist' },
  },
  502: {
    name: 'BIND_SIGN_INVALID',
    text: {
      'zh-CN': '请扫描正确的二维码',
      'zh-TW': '請掃描正確的二維碼',
      'en-US': 'Please scan the correct QR code',
    },
  },
  503: {
    name: 'DEVICE_OFFLINE',
    text: {
      'zh-CN': '设备离线，无法执行',
      'zh-TW': '設備離線，無法執行',
      'en-US': 'Device offline, cannot execute',
    },
  },
  504: {
    name: 'COMMAND_TIMEOUT',
    text: {
      'zh-CN': '设备响应超时，请稍后重试',
      'zh-TW': '設備回應逾時，請稍後重試',
      'en-US': 'The device did not answer in time, please try again',
    },
  },
  505: {
    name: 'SHELF_OUT_OF_STOCK',
    text: { 'zh-CN': '货道缺货', 'zh-TW': '貨道缺貨', 'en-US': 'Shelf out of stock' },
  },
  506: {
    name: 'UNSUPPORTED_BANK',
    text: {
      'zh-CN': '不支持该银行，请更换银行卡',
      'zh-TW': '不支援該銀行，請更換銀行卡',
      'en-US': 'Unsupported bank, please change the bank card',
    },
  },
  507: {
    name: 'BATCH_UNSHELVE_FAILED',
    text: { 'zh-CN': '批量下架失败', 'zh-TW': '批量下架失敗', 'en-US': 'Batch unshelve failed' },
  },
  508: {
    name: 'SHELF_NOT_FOUND',
    text: { 'zh-CN': '货道不存在', 'zh-TW': '貨道不存在', 'en-US': 'Shelf does not exist' },
  },
  509: {
    name: 'COMMAND_REFUSED',
    text: {
      'zh-CN': '设备拒绝执行：{reason}',
      'zh-TW': '設備拒絕執行：{reason}',
      'en-US': 'The device refused the command: {reason}',
    },
  },
  510: {
    name: 'DELIVERY_FAILED',
    text: { 'zh-CN': '出货失败：{fault}', 'zh-TW': '出貨失敗：{fault}', 'en-US': 'Dispense failed: {fault}' },
  },
  511: {
    name: 'DEVICE_LINK_DOWN',
    text: {
      'zh-CN': '设备通信服务未运行，请稍后重试',
      'zh-TW': '設備通訊服務未運行，請稍後重試',
      'en-US': 'The device link is not running, please try again later',
    },
  },
  512: {
    name: 'SHELF_GOODS_NOT_FOUND',
    text: { 'zh-CN': '商品不存在', 'zh-TW': '商品不存在', 'en-US': 'Goods do not exist' },
  },
  513: {
    name: 'COOL_DOWN',
    text: {
      'zh-CN': '请 {seconds} 秒后再试',
      'zh-TW': '請 {seconds} 秒後再試',
      'en-US': 'Please try again in {seconds} seconds',
    },
  },
  514: {
    name: 'STORE_NOT_FOUND_FOR_DEVICE',
    text: { 'zh-CN': '门店不存在', 'zh-TW': '門店不存在', 'en-US': 'Store does not exist' },
  },
  515: {
    name: 'DEVICE_ALREADY_BOUND',
    text: {
      'zh-CN': '设备已绑定，请先解绑',
      'zh-TW': '設備已綁定，請先解綁',
      'en-US': 'Device already bound, please unbind first',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
