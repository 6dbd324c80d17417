import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRole } from '@vendo/contract/api/staff';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { staffKeys } from './query-keys';

/** One page of role cards, or every role (pageSize large) for the staff form's role choice. */
export function useRoles(page: number, pageSize: number, name = '') {
  return useQuery({
    queryKey: [...staffKeys.roles, page, pageSize, name],
    queryFn: () =>
      callApi(getRole, { ...pageRequest(page, pageSize), condition: { rolename: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
