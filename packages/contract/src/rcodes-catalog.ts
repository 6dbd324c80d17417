import type { RcodeEntry } from './rcode-entry';

/** Areas, stores, goods, images and stock: 700–799. */
export const catalogRcodes = {} as const satisfies Record<number, RcodeEntry>;
