import type { RCODE } from '@vendo/contract/rcodes';

// Typed against the contract's catalogue without loading its texts (as lib/api-client.ts does).
export const BANK_UNSUPPORTED: (typeof RCODE)['BANK_UNSUPPORTED'] = 1003;
export const REGION_UNKNOWN: (typeof RCODE)['REGION_UNKNOWN'] = 1011;
export const SHARE_LINK_INVALID: (typeof RCODE)['SHARE_LINK_INVALID'] = 1008;

/** Refusals of step 1 that belong to one field: shown there, not above the button. */
export const FIELD_OF_RCODE: Partial<Record<number, string>> = {
  [BANK_UNSUPPORTED]: 'acct_no',
  [REGION_UNKNOWN]: 'store_region',
};
