import { useQuery } from '@tanstack/react-query';
import { getBankInfoRecord } from '@vendo/contract/api/bank-cards';
import { listQuery } from '../../../lib/query-keys';

/** What a shared invitation holds and where its editor resumes; quiet: the screen explains a dead link. */
export function useBankInfoRecord(token: string, secret: string) {
  return useQuery({
    ...listQuery(getBankInfoRecord, { token, secret }, { quiet: true }),
    enabled: token !== '' && secret !== '',
    retry: false,
  });
}
