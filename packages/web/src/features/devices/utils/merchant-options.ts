import { MERCHANT_FILTER_FIRST } from '@vendo/contract/constants';

export interface MerchantOption {
  /** The payout merchant's id as /d/getDev takes it. */
  id: string;
  label: string;
}

/**
 * The payout-merchant filter (spec §2, §9): the first 3 merchants as chips, the rest behind "more". A merchant
 * picked from the "more" list (or arriving in the address) is shown among the chips so the choice stays visible.
 */
export function merchantChips(
  merchants: readonly MerchantOption[],
  picked: string | null,
): { chips: MerchantOption[]; more: MerchantOption[] } {
  const chips = merchants.slice(0, MERCHANT_FILTER_FIRST);
  const more = merchants.slice(MERCHANT_FILTER_FIRST);
  if (picked !== null && picked !== '0' && !chips.some((m) => m.id === picked)) {
    const found = merchants.find((m) => m.id === picked);
    chips.push(found ?? { id: picked, label: picked });
  }
  return { chips, more };
}
