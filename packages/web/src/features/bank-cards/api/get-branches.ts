import { useQuery } from '@tanstack/react-query';
import { getBankNo } from '@vendo/contract/api/bank-directory';
import type { BankCode } from '@vendo/contract/enums';
import { callQuery } from '../../../lib/query-keys';

/**
 * The branches of a bank in a city (/b/getBankNo): asked only once bank and bank region are picked (spec §5).
 * Quiet: the picker says "failed to load branch list, please retry" itself.
 */
export function useBranches(bank: BankCode | '', province: string, city: string, enabled: boolean) {
  return useQuery({
    ...callQuery(getBankNo, { head_bank: bank, province, city }, { quiet: true }),
    enabled: enabled && bank !== '' && province !== '' && city !== '',
    staleTime: Infinity,
  });
}
