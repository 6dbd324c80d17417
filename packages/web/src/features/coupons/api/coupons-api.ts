import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAllStore, getGoods } from '@vendo/contract/api/catalog';
import type { CallRequest } from '@vendo/contract/api/call';
import { addCoupon, delCoupon, editCoupon, getCardCouponList, getCoupon } from '@vendo/contract/api/coupons';
import { callApi } from '../../../lib/api-client';
import { pageRequest, WHOLE_LIST } from '../../../lib/paging';
import { callQuery, invalidateCalls, listQuery } from '../../../lib/query-keys';

/** Coupons shown a page at a time, and receipts in the receipts sheet. */
export const COUPON_PAGE_SIZE = 10;
export const RECEIPT_PAGE_SIZE = 10;

export type CouponBody = CallRequest<typeof addCoupon>;

/** The merchant's coupons, newest first. */
export function useCoupons(page: number) {
  return useQuery({
    ...listQuery(getCoupon, { ...pageRequest(page, COUPON_PAGE_SIZE), condition: {} }),
    placeholderData: keepPreviousData,
  });
}

/** Receipts and uses (of one coupon, or all): data, count and useCount. */
export function useCouponReceipts(couponId: number | undefined, page: number) {
  return useQuery({
    ...listQuery(getCardCouponList, {
      ...pageRequest(page, RECEIPT_PAGE_SIZE),
      condition: couponId ? { coupon_id: couponId } : {},
    }),
    placeholderData: keepPreviousData,
  });
}

/** The stores and goods a scoped coupon may name. */
export function useCouponStores() {
  return useQuery(callQuery(getAllStore, {}));
}
export function useCouponGoods() {
  return useQuery(callQuery(getGoods, WHOLE_LIST));
}

/** Adds or changes a coupon. Quiet: the form shows the server's refusal at its field. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBody & { coupon_id?: number }) =>
      body.coupon_id
        ? callApi(editCoupon, { ...body, coupon_id: body.coupon_id }, { quiet: true })
        : callApi(addCoupon, body, { quiet: true }),
    onSuccess: () => invalidateCalls(queryClient, getCoupon, getCardCouponList),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (couponId: number) => callApi(delCoupon, { coupon_id: couponId }),
    onSuccess: () => invalidateCalls(queryClient, getCoupon),
  });
}
