import { useQuery } from '@tanstack/react-query';
import { getMchSplitAccount } from '@vendo/contract/api/splits';
import { WHOLE_LIST } from '../../../lib/paging';
import { listQuery } from '../../../lib/query-keys';

/** Every split configuration of the merchant (staff "only own": theirs), newest first (page 1, size 999). */
export function useSplitConfigs(enabled = true) {
  return useQuery({ ...listQuery(getMchSplitAccount, WHOLE_LIST), enabled });
}
