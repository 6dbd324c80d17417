import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRole } from '@vendo/contract/api/staff';
import { callQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** One page of role cards, or every role (pageSize large) for the staff form's role choice. */
export function useRoles(page: number, pageSize: number, name = '') {
  return useQuery({
    ...callQuery(getRole, { ...pageRequest(page, pageSize), condition: { rolename: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
