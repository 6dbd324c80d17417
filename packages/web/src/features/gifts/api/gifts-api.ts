import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGoods } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import {
  addGift,
  disableGift,
  download,
  getGift,
  getGiftCodes,
  getGiftHubDev,
  type GiftCodeState,
} from '@vendo/contract/api/gifts';
import { callApi } from '../../../lib/api-client';
import { pageRequest, WHOLE_LIST } from '../../../lib/paging';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

/** Batches shown a page at a time. */
export const GIFT_PAGE_SIZE = 10;
/** Machines offered a page at a time in the picker. */
export const MACHINE_PAGE_SIZE = 20;

export type GiftBody = CallRequest<typeof addGift>;

/** The merchant's batches, newest first, with their counts per state. */
export function useGifts(page: number, status: GiftCodeState | '' = '') {
  return useQuery({
    ...listQuery(getGift, { ...pageRequest(page, GIFT_PAGE_SIZE), condition: status ? { status } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** The machines a batch may name (/b/getGiftHubDev), paged and searched. */
export function useGiftMachines(keyword: string, page: number) {
  return useQuery({
    ...callQuery(getGiftHubDev, {
      ...pageRequest(page, MACHINE_PAGE_SIZE),
      condition: keyword ? { keyword } : {},
    }),
    placeholderData: keepPreviousData,
  });
}

/** The merchant's goods, the gifts a batch may give. */
export function useGiftGoods() {
  return useQuery(callQuery(getGoods, WHOLE_LIST));
}

/** A new batch. Quiet: the form shows the server's refusal at its field. */
export function useAddGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftBody) => callApi(addGift, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getGift),
  });
}

export function useDisableGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gift_id: number; action: 'revoke' | 'delete' }) => callApi(disableGift, body),
    onSuccess: () => invalidateCalls(queryClient, getGift),
  });
}

/** A link to the batch's XLSX; the batch's codes count as downloaded from now on. */
export function useDownloadGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (giftId: number) => callApi(download, { gift_id: giftId, format: 'xlsx' }),
    onSuccess: () => invalidateCalls(queryClient, getGift),
  });
}

/** The print sheet's codes and QR codes (the server marks the codes downloaded). */
export function useGiftCodes(giftId: number) {
  return useQuery({ ...listQuery(getGiftCodes, { gift_id: giftId }), staleTime: Infinity });
}

/** After the print sheet loaded: the list's counts changed. */
export function useRefreshGifts() {
  const queryClient = useQueryClient();
  return () => invalidateCalls(queryClient, getGift);
}
