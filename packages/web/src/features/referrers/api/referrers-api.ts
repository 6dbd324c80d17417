import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getActivityCenter, getRecord } from '@vendo/contract/api/marketing';
import type { CallRequest } from '@vendo/contract/api/call';
import { getDev } from '@vendo/contract/api/devices';
import {
  addReferrer,
  delReferrer,
  editReferrer,
  getReferrer,
  getReferrerCommission,
  getReferrerLink,
} from '@vendo/contract/api/referrers';
import { callApi } from '../../../lib/api-client';
import { pageRequest, WHOLE_LIST } from '../../../lib/paging';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

/** Referrers shown a page at a time. */
export const REFERRER_PAGE_SIZE = 10;
/** Commission rows a page (the contract's default). */
export const COMMISSION_PAGE_SIZE = 20;

export type ReferrerBody = CallRequest<typeof addReferrer>;

/** A page of the merchant's referrers, newest first; `keyword` matches name or number. */
export function useReferrers(page: number, keyword: string) {
  return useQuery({
    ...listQuery(getReferrer, {
      ...pageRequest(page, REFERRER_PAGE_SIZE),
      condition: keyword ? { keyword } : {},
    }),
    placeholderData: keepPreviousData,
  });
}

/** A new referrer (id null) or a change of one. Quiet: the form shows the server's refusal at its field. */
export function useSaveReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ReferrerBody }) =>
      id === null
        ? callApi(addReferrer, body, { quiet: true })
        : callApi(editReferrer, { ...body, referrer_id: id }, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getReferrer, getActivityCenter),
  });
}

export function useDeleteReferrer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(delReferrer, { referrer_id: id }),
    onSuccess: () =>
      invalidateCalls(queryClient, getReferrer, getActivityCenter, getReferrerCommission, getRecord),
  });
}

/** Commission per day and referrer in a range (the picker's instants, end inclusive). */
export function useCommission(range: { start: number; end: number }, page: number) {
  return useQuery({
    ...listQuery(getReferrerCommission, {
      ...pageRequest(page, COMMISSION_PAGE_SIZE),
      condition: { start_time: range.start, end_time: range.end },
    }),
    placeholderData: keepPreviousData,
  });
}

/** Every machine of the merchant, to choose the page a link opens. */
export function useMachines(enabled: boolean) {
  return useQuery({ ...callQuery(getDev, WHOLE_LIST), enabled });
}

/** The link of a referrer to a machine's purchase page, and its QR code. */
export function useReferrerLink(referrerId: number, sn: string | null) {
  return useQuery({
    ...callQuery(getReferrerLink, { referrer_id: referrerId, sn: sn ?? '' }),
    enabled: sn !== null,
  });
}
