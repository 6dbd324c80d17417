import type { RcodeEntry } from './rcode-entry';

/** Machines, binding, shelves and remote control: 500–599 (515 is fixed by the spec). */
export const deviceRcodes = {
  515: {
    name: 'DEVICE_ALREADY_BOUND',
    text: {
      'zh-CN': '设备已绑定，请先解绑',
      'zh-TW': '設備已綁定，請先解綁',
      'en-US': 'Device already bound, please unbind first',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
