import { useQuery } from '@tanstack/react-query';
import { getPassportLoginInfo } from '@vendo/contract/api/passport';
import type { PassportCredentials } from './credentials';
import { callApi } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

/** The identity (nickname, avatar) and the accounts linked to it. */
export function usePassportInfo(credentials: PassportCredentials | null) {
  return useQuery({
    // The credentials are not the body but say whose identity it is: one entry for each.
    queryKey: [...queryKeyOf(getPassportLoginInfo), credentials?.token ?? ''],
    queryFn: () =>
      callApi(getPassportLoginInfo, undefined, { credentials: credentials ?? undefined, quiet: true }),
    enabled: credentials !== null,
  });
}
