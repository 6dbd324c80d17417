import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRole } from '@vendo/contract/api/staff';
import { callQuery, listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/**
 * One page of role cards, or every role (pageSize large) for the staff form's role choice.
 * `shownBy`: 'list' where a ListState shows them (it says a refusal itself), 'toast' elsewhere.
 */
export function useRoles(page: number, pageSize: number, name = '', shownBy: 'list' | 'toast' = 'toast') {
  const body = { ...pageRequest(page, pageSize), condition: { rolename: name || undefined } };
  return useQuery({
    ...(shownBy === 'list' ? listQuery(getRole, body) : callQuery(getRole, body)),
    placeholderData: keepPreviousData,
  });
}
