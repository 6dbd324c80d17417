import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editMember, getMember, getPointRule, memberReport, setPointRule } from '@vendo/contract/api/members';
import { callApi } from '../../../lib/api-client';
import { pageRequest } from '../../../lib/paging';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

/** Members shown a page at a time. */
export const MEMBER_PAGE_SIZE = 10;

/** A page of the merchant's members, newest first; `keyword` matches nickname, card number or remarks. */
export function useMembers(page: number, keyword: string) {
  return useQuery({
    ...listQuery(getMember, {
      ...pageRequest(page, MEMBER_PAGE_SIZE),
      condition: keyword ? { keyword } : {},
    }),
    placeholderData: keepPreviousData,
  });
}

/** A member's remarks. Quiet: the sheet shows the server's refusal at its field. */
export function useSaveRemarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { member_id: number; remarks: string }) => callApi(editMember, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getMember),
  });
}

export function usePointRule() {
  return useQuery(callQuery(getPointRule, {}));
}

/** The points per yuan. Quiet: the sheet shows the refusal at its field. */
export function useSavePointRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pointsPerYuan: number) =>
      callApi(setPointRule, { points_per_yuan: pointsPerYuan }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getPointRule),
  });
}

/** A download link of the members the keyword finds, as XLSX or CSV. */
/** A link streaming the members the search finds (all without one) as XLSX or CSV. */
export function memberReportLink(keyword: string, format: 'xlsx' | 'csv') {
  return callApi(memberReport, { condition: keyword ? { keyword } : {}, format });
}
