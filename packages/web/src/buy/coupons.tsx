import { useCallback, useEffect, useState } from 'react';
import type { CallResult } from '@vendo/contract/api/call';
import type { getMachineCoupons, getMyCoupons, receiveCoupon } from '@vendo/contract/api/coupons';
import type { RCODE } from '@vendo/contract/rcodes';
import { post, type Endpoint, type Shelf } from './api';
import { CT, fill } from './coupon-texts';
import { MemberLink } from './member-link';
import { MT } from './member-texts';
import { yuan } from './money';
import './coupons.css';

/*
 * Coupons on the purchase page (issue 17, docs/marketing.md "Coupons" and "Customer identity"). The customer signs in
 * through the channel's OAuth (/p/v1/buy/identity: WeChat's snsapi_base through the messaging app; Alipay only as a
 * sandbox identity), comes back with ?customer=<signed token>, which the page keeps in localStorage and sends with
 * the coupon calls and createOrder. The page lists the coupons the machine offers (Receive) and the customer's
 * unused ones; the chosen one shows the lower price on the shelves it fits, and createOrder applies it.
 * ?ref=<referrer_id> is kept for the page's session and sent with createOrder as referrer_id.
 */

export const COUPON_CALLS = {
  getCoupons: { path: '/p/v1/buy/getCoupons' } as Endpoint<typeof getMachineCoupons>,
  receiveCoupon: { path: '/p/v1/buy/receiveCoupon' } as Endpoint<typeof receiveCoupon>,
  getMyCoupons: { path: '/p/v1/buy/getMyCoupons' } as Endpoint<typeof getMyCoupons>,
};
export const IDENTITY_PATH = '/p/v1/buy/identity';

/** Where the customer signs in for coupons (the channel's OAuth, then back to this machine's page). */
export function signInHref(sn: string, channel: 'wechat' | 'alipay'): string {
  return `${IDENTITY_PATH}?${new URLSearchParams({ sn, channel }).toString()}`;
}

export type Offered = CallResult<typeof getMachineCoupons>['data'][number];
type Mine = CallResult<typeof getMyCoupons>['data'][number];

const CUSTOMER_KEY = 'vendo.customer';
/** The rcode of a customer token the server does not accept (typed against the contract's catalogue). */
export const CUSTOMER_IDENTITY_FAILED: (typeof RCODE)['CUSTOMER_IDENTITY_FAILED'] = 1119;
const refKey = (sn: string) => `vendo.ref:${sn}`;

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * What the address brings (?customer= back from the identity step, ?identity=failed, ?ref=), kept and removed
 * from the address so that a reload or a shared link carries none of it.
 */
export function takeFromAddress(sn: string): {
  customer: string | null;
  failed: boolean;
  ref: number | null;
} {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('customer');
  const failed = url.searchParams.get('identity') === 'failed';
  const ref = url.searchParams.get('ref');
  if (token) storage('local')?.setItem(CUSTOMER_KEY, token);
  if (ref && /^\d{1,15}$/.test(ref)) storage('session')?.setItem(refKey(sn), ref);
  if (token || failed) {
    url.searchParams.delete('customer');
    url.searchParams.delete('identity');
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  }
  const kept = Number(storage('session')?.getItem(refKey(sn)) ?? '');
  return {
    customer: storage('local')?.getItem(CUSTOMER_KEY) ?? null,
    failed,
    ref: Number.isSafeInteger(kept) && kept > 0 ? kept : null,
  };
}

/** The customer part of a token, its openid shortened: 'wechat:oAbc…'. */
function who(token: string): string {
  const customer = token.slice(0, token.lastIndexOf('.'));
  const colon = customer.indexOf(':');
  const id = customer.slice(colon + 1);
  return `${customer.slice(0, colon)}:${id.length > 8 ? `${id.slice(0, 6)}…` : id}`;
}

export function termsText(c: { type: string; rate: number; reduce: number; condition: number }): string {
  const main =
    c.type === 'rate'
      ? fill(CT.rate, { zhe: String(Math.round(c.rate / 10) / 100), pct: String(c.rate / 100) })
      : fill(CT.reduce, { amount: yuan(c.reduce) });
  return c.condition > 0 ? `${main} · ${fill(CT.from, { amount: yuan(c.condition) })}` : main;
}

export interface CouponState {
  customer: string | null;
  ref: number | null;
  /** The chosen coupon's price for a shelf, when it fits the shelf. */
  priceOf(shelf: Shelf): number | null;
  /** What createOrder sends for a shelf (a coupon only with goods: a game play takes none). */
  orderFields(
    shelf: Shelf,
    kind: 'goods' | 'game',
  ): { customer?: string; coupon_receipt_id?: number; referrer_id?: number };
}

/** The page's coupon state and panel. */
export function useCoupons(sn: string, active = true) {
  const [start] = useState(() => takeFromAddress(sn));
  const [customer, setCustomer] = useState<string | null>(start.customer);
  const [offered, setOffered] = useState<Offered[]>([]);
  // The customer's member points at this merchant (issue 18): null when not signed in or no member yet.
  const [memberPoints, setMemberPoints] = useState<number | null>(null);
  const [mine, setMine] = useState<Mine[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(start.failed ? CT.identityFailed : null);

  const reload = useCallback(() => {
    // Following an order: nothing to offer.
    if (!active) return;
    post(COUPON_CALLS.getCoupons, { sn, ...(customer ? { customer } : {}) }).then(
      (a) => {
        if (!a.ok) return;
        setOffered(a.result.data);
        setMemberPoints(a.result.member_points ?? null);
      },
      () => undefined,
    );
    if (!customer) return setMine([]);
    post(COUPON_CALLS.getMyCoupons, { sn, customer }).then(
      (a) => {
        if (!a.ok) {
          if (a.rcode === CUSTOMER_IDENTITY_FAILED) {
            storage('local')?.removeItem(CUSTOMER_KEY);
            setCustomer(null);
          }
          return;
        }
        setMine(a.result.data);
        // The best usable one is chosen until the customer picks another.
        setChosen((current) =>
          current !== null && a.result.data.some((c) => c.receipt_id === current)
            ? current
            : (a.result.data.find((c) => c.prices.length > 0)?.receipt_id ?? null),
        );
      },
      () => undefined,
    );
  }, [sn, customer, active]);

  useEffect(reload, [reload]);

  const receive = (couponId: number) => {
    if (!customer) return;
    setMessage(null);
    post(COUPON_CALLS.receiveCoupon, { sn, coupon_id: couponId, customer }).then(
      (a) => {
        if (!a.ok) setMessage(a.msg);
        // A token the server no longer accepts: signed out, the customer signs in again.
        if (!a.ok && a.rcode === CUSTOMER_IDENTITY_FAILED) signOut();
        else reload();
      },
      () => setMessage(null),
    );
  };
  const signOut = () => {
    storage('local')?.removeItem(CUSTOMER_KEY);
    setCustomer(null);
    setChosen(null);
  };

  const current = mine.find((c) => c.receipt_id === chosen) ?? null;
  const state: CouponState = {
    customer,
    ref: start.ref,
    priceOf: (shelf) => current?.prices.find((p) => p.channel_sn === shelf.channel_sn)?.amount ?? null,
    orderFields: (shelf, kind) => {
      const fits = kind === 'goods' && current?.prices.some((p) => p.channel_sn === shelf.channel_sn);
      return {
        ...(customer ? { customer } : {}),
        ...(fits && current ? { coupon_receipt_id: current.receipt_id } : {}),
        ...(start.ref ? { referrer_id: start.ref } : {}),
      };
    },
  };
  const panel = (
    <CouponPanel
      sn={sn}
      customer={customer}
      offered={offered}
      memberPoints={customer ? memberPoints : null}
      mine={mine}
      chosen={chosen}
      message={message}
      onChoose={setChosen}
      onReceive={receive}
      onSignOut={signOut}
    />
  );
  /** receive and offered: the ads' coupon plans hand out their coupon through the same receive. */
  return { state, panel, receive, offered };
}

function CouponPanel(props: {
  sn: string;
  customer: string | null;
  offered: Offered[];
  memberPoints: number | null;
  mine: Mine[];
  chosen: number | null;
  message: string | null;
  onChoose: (receiptId: number | null) => void;
  onReceive: (couponId: number) => void;
  onSignOut: () => void;
}) {
  const { customer, offered, mine } = props;
  if (!customer && offered.length === 0) return null;
  const signIn = (channel: 'wechat' | 'alipay') => signInHref(props.sn, channel);
  return (
    <section className="buy-coupons" aria-label={CT.title}>
      <h2>{CT.title}</h2>
      {props.message && (
        <p className="buy-coupon-message" role="alert">
          {props.message}
        </p>
      )}
      {customer ? (
        <>
          <p className="buy-muted">
            {fill(CT.signedIn, { who: who(customer) })}{' '}
            <button type="button" className="buy-link" onClick={props.onSignOut}>
              {CT.signOut}
            </button>
          </p>
          <MemberLink sn={props.sn} customer={customer} points={props.memberPoints} />
        </>
      ) : (
        <div className="buy-coupon-signin">
          <p className="buy-muted">{CT.signIn}</p>
          <a className="buy-button buy-wechat" href={signIn('wechat')}>
            {CT.wechat}
          </a>
          <a className="buy-button buy-alipay" href={signIn('alipay')}>
            {CT.alipay}
          </a>
          <p className="buy-muted">{CT.alipaySandbox}</p>
        </div>
      )}
      {offered.length > 0 && (
        <>
          <h3>{CT.offered}</h3>
          <ul className="buy-coupon-list">
            {offered.map((c) => {
              // A coupon costing more points than the member has (none before the first purchase) cannot be had.
              const short = c.points > 0 && (props.memberPoints ?? 0) < c.points;
              return (
                <li key={c.coupon_id} className="buy-coupon" aria-label={c.name}>
                  <div className="buy-grow">
                    <div className="buy-name">{c.name}</div>
                    <div className="buy-coupon-terms">{termsText(c)}</div>
                    <div className="buy-muted">
                      {fill(CT.until, { start: c.use_start, end: c.use_end })}
                      {c.points > 0 ? ` · ${fill(CT.needsPoints, { points: c.points })}` : ''}
                    </div>
                  </div>
                  {customer && (
                    <button
                      type="button"
                      className="buy-button"
                      disabled={c.can_receive <= 0 || short}
                      onClick={() => props.onReceive(c.coupon_id)}
                    >
                      {c.can_receive <= 0 ? CT.received : short ? MT.short : CT.receive}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {customer && mine.length > 0 && (
        <fieldset className="buy-coupon-mine">
          <legend>{CT.mine}</legend>
          {mine.map((c) => (
            <label key={c.receipt_id} className="buy-coupon-choice">
              <input
                type="radio"
                name="coupon"
                checked={props.chosen === c.receipt_id}
                disabled={c.prices.length === 0}
                onChange={() => props.onChoose(c.receipt_id)}
              />
              <span>
                {c.name} · {termsText(c)}
                {c.prices.length === 0 ? ` · ${CT.notHere}` : ''}
              </span>
            </label>
          ))}
          <label className="buy-coupon-choice">
            <input
              type="radio"
              name="coupon"
              checked={props.chosen === null}
              onChange={() => props.onChoose(null)}
            />
            <span>{CT.none}</span>
          </label>
        </fieldset>
      )}
    </section>
  );
}
