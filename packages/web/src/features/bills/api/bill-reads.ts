import { getDevChannel } from '@vendo/contract/api/devices';
import { abnormalCount, getBuyBill, getOneCard, getPayBill } from '@vendo/contract/api/orders';

/**
 * What a refund or a vend again makes stale: both bill lists, the home alert's abnormal count, the member card
 * (its balance) and the machine's shelves (their stock).
 */
export const BILL_READS = [getBuyBill, getPayBill, abnormalCount, getOneCard, getDevChannel];
