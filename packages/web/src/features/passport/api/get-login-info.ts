import { useQuery } from '@tanstack/react-query';
import { getPassportLoginInfo } from '@vendo/contract/api/passport';
import { callApi } from '../../../lib/api-client';
import { passportKeys, type PassportCredentials } from './query-keys';

/** The identity (nickname, avatar) and the accounts linked to it. */
export function usePassportInfo(credentials: PassportCredentials | null) {
  return useQuery({
    queryKey: [...passportKeys.info, credentials?.token ?? ''],
    queryFn: () =>
      callApi(getPassportLoginInfo, undefined, { credentials: credentials ?? undefined, quiet: true }),
    enabled: credentials !== null,
  });
}
