import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../enums';
import {
  abnormalCount,
  getBuyBill,
  getOneCard,
  getPayBill,
  offlineRefund,
  refund,
  replaceGoods,
} from './orders';
import { createOrder, getMachine, getOrder, getSandboxCheckout, sandboxPay } from './purchase';

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return result.error?.issues[0];
}

describe('order calls', () => {
  it('declare the permissions of spec §6', () => {
    expect(getBuyBill.perm).toBe(PERMISSIONS.BuyBill);
    expect(abnormalCount.perm).toBe(PERMISSIONS.BuyBill);
    expect(getOneCard.perm).toBe(PERMISSIONS.BuyBill);
    expect(getPayBill.perm).toBe(PERMISSIONS.PayBill);
    for (const call of [refund, offlineRefund, replaceGoods])
      expect(call.perm, call.path).toBe(PERMISSIONS.BillRefund);
    for (const call of [getMachine, createOrder, getOrder, getSandboxCheckout, sandboxPay]) {
      expect(call.auth, call.path).toBe('public');
      expect(call.path.startsWith('/p/v1/')).toBe(true);
    }
  });

  it('reads the bill conditions as the pickers send them', () => {
    const parsed = getBuyBill.request.parse({
      pageNum: '2',
      condition: {
        sn: '1234',
        status: '8',
        client: '',
        start_time: '1700000000000',
        end_time: 0,
        price_start: '',
        price_end: 500,
        abnormal: 'true',
        order_no: '',
        area: 0,
      },
    });
    expect(parsed).toMatchObject({
      pageNum: 2,
      pageSize: 10,
      condition: { sn: '1234', status: 8, start_time: 1_700_000_000_000, price_end: 500, abnormal: true },
    });
    for (const key of ['client', 'end_time', 'price_start', 'order_no', 'area'] as const) {
      expect(parsed.condition[key], key).toBeUndefined();
    }
    expect(getPayBill.request.parse({}).condition.status).toBeUndefined();
    expect(firstIssue(getBuyBill.request.safeParse({ condition: { status: 12 } }))).toMatchObject({
      message: 'invalidValue',
      path: ['condition', 'status'],
    });
    expect(firstIssue(getBuyBill.request.safeParse({ condition: { sn: '12a' } }))?.message).toBe('snNumeric');
    expect(
      firstIssue(getPayBill.request.safeParse({ condition: { price_start: 500, price_end: 100 } })),
    ).toMatchObject({
      message: 'priceEndBelowStart',
      path: ['condition', 'price_end'],
    });
    expect(firstIssue(getPayBill.request.safeParse({ condition: { price_start: 1.5 } }))?.message).toBe(
      'priceCents',
    );
  });

  it('asks a partial refund for its amount and names the fields', () => {
    expect(refund.request.parse({ orderno: 'V1' })).toMatchObject({ part_refund: false });
    expect(refund.request.parse({ orderno: 'V1' }).refund_fee).toBeUndefined();
    expect(refund.request.parse({ orderno: 'V1', part_refund: 1, refund_fee: 100 })).toMatchObject({
      part_refund: true,
      refund_fee: 100,
    });
    expect(firstIssue(refund.request.safeParse({ orderno: 'V1', part_refund: '1' }))).toMatchObject({
      message: 'required',
      path: ['refund_fee'],
    });
    expect(firstIssue(refund.request.safeParse({ orderno: '' }))?.message).toBe('required');
    expect(
      firstIssue(offlineRefund.request.safeParse({ orderno: 'V1', idempotency_key: 'short' }))?.message,
    ).toBe('invalidValue');
    expect(firstIssue(replaceGoods.request.safeParse({ orderno: 'V1', channel_sn: 0 }))?.message).toBe(
      'slotIdZero',
    );
  });

  it('creates goods orders by default and knows the two channels', () => {
    expect(createOrder.request.parse({ sn: '1', channel_sn: 3 })).toMatchObject({ kind: 'goods' });
    expect(
      firstIssue(createOrder.request.safeParse({ sn: '1', channel_sn: 3, pay_channel: 'paypal' }))?.message,
    ).toBe('invalidValue');
  });
});
