import { afterEach, describe, expect, it } from 'vitest';
import * as coupons from '@vendo/contract/api/coupons';
import { RCODE } from '@vendo/contract/rcodes';
import { COUPON_CALLS, CUSTOMER_IDENTITY_FAILED, IDENTITY_PATH, takeFromAddress, termsText } from './coupons';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('coupons on the purchase page', () => {
  it('post to the paths of the contract calls', () => {
    expect(COUPON_CALLS.getCoupons.path).toBe(coupons.getMachineCoupons.path);
    expect(COUPON_CALLS.receiveCoupon.path).toBe(coupons.receiveCoupon.path);
    expect(COUPON_CALLS.getMyCoupons.path).toBe(coupons.getMyCoupons.path);
    expect(IDENTITY_PATH).toBe(coupons.CUSTOMER_IDENTITY_PATH);
    expect(CUSTOMER_IDENTITY_FAILED).toBe(RCODE.CUSTOMER_IDENTITY_FAILED);
  });

  it('keeps the customer token and the referrer, and takes the token out of the address', () => {
    window.history.replaceState(null, '', '/buy/880001?ref=12&customer=wechat%3Aoabc.sig');
    expect(takeFromAddress('880001')).toEqual({ customer: 'wechat:oabc.sig', failed: false, ref: 12 });
    expect(window.location.search).toBe('?ref=12');
    // Back from the identity step without ?ref: the page's session remembers it.
    window.history.replaceState(null, '', '/buy/880001');
    expect(takeFromAddress('880001')).toEqual({ customer: 'wechat:oabc.sig', failed: false, ref: 12 });
    expect(takeFromAddress('880002').ref).toBeNull();
    window.history.replaceState(null, '', '/buy/880001?identity=failed&ref=x');
    expect(takeFromAddress('880001')).toMatchObject({ failed: true, ref: 12 });
  });

  it('says what a coupon gives', () => {
    expect(termsText({ type: 'rate', rate: 8500, reduce: 0, condition: 0 })).toMatch(/8\.5|85/);
    expect(termsText({ type: 'reduce', rate: 0, reduce: 100, condition: 300 })).toMatch(/1\.00.*3\.00/);
  });
});
