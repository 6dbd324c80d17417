import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addAdvert, delAdvert, editAdvert, getAdvert, setAdvertStatus } from '@vendo/contract/api/adverts';
import { getAllStore, getImg } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { getCoupon } from '@vendo/contract/api/coupons';
import { getDev } from '@vendo/contract/api/devices';
import { callApi } from '../../../lib/api-client';
import { CONDITION_LIST, pageRequest, WHOLE_LIST } from '../../../lib/paging';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

/** Plans a page at a time; images twelve at a time (four rows of three). */
export const ADVERT_PAGE_SIZE = 10;
export const ADVERT_IMAGES_PAGE_SIZE = 12;

export type AdvertBody = CallRequest<typeof addAdvert>;

/** The merchant's plans, newest first (keyword: the name; status: 0/1, undefined for all). */
export function useAdverts(page: number, keyword: string, status: 0 | 1 | undefined) {
  return useQuery({
    ...listQuery(getAdvert, {
      ...pageRequest(page, ADVERT_PAGE_SIZE),
      condition: { keyword: keyword || undefined, status },
    }),
    placeholderData: keepPreviousData,
  });
}

/** The stores, machines and coupons a plan may name; the image library's pages. */
export function useAdvertStores() {
  return useQuery(callQuery(getAllStore, {}));
}
export function useAdvertMachines() {
  return useQuery(callQuery(getDev, { ...CONDITION_LIST, condition: {} }));
}
export function useAdvertCoupons() {
  return useQuery(callQuery(getCoupon, WHOLE_LIST));
}
export function useAdvertImages(pages: number) {
  return useQuery({
    ...listQuery(getImg, { ...pageRequest(1, ADVERT_IMAGES_PAGE_SIZE * pages), condition: {} }),
    placeholderData: keepPreviousData,
  });
}

/** Adds or changes a plan. Quiet: the form shows the server's refusal at its field. */
export function useSaveAdvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvertBody & { advert_id?: number }) =>
      body.advert_id
        ? callApi(editAdvert, { ...body, advert_id: body.advert_id }, { quiet: true })
        : callApi(addAdvert, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getAdvert),
  });
}

export function useSetAdvertStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { advert_id: number; status: 0 | 1 }) => callApi(setAdvertStatus, body),
    onSuccess: () => invalidateCalls(queryClient, getAdvert),
  });
}

export function useDeleteAdvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (advertId: number) => callApi(delAdvert, { advert_id: advertId }),
    onSuccess: () => invalidateCalls(queryClient, getAdvert),
  });
}
