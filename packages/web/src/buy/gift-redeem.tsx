import { useEffect, useRef, useState } from 'react';
import type { CallResult } from '@vendo/contract/api/call';
import type { checkGift, redeemGift } from '@vendo/contract/api/gifts';
import { post, type Endpoint } from './api';
import { fill } from './coupon-texts';
import { GT } from './gift-texts';
import { MT } from './member-texts';
import { T } from './texts';
import './gift-redeem.css';

/*
 * Gift vouchers on the purchase page (issue 17, decision 036): the customer types a code (or arrives with
 * ?gift=<code> from its QR code), sees the shelves holding one of its gifts, and redeems one. The server claims the
 * code and makes a free order (payment gift) in one step; the page then follows that order like a paid one
 * (?order=…&t=…). A used, revoked, expired or unknown code answers the server's message here.
 */

export const GIFT_CALLS = {
  checkGift: { path: '/p/v1/buy/checkGift' } as Endpoint<typeof checkGift>,
  redeemGift: { path: '/p/v1/buy/redeemGift' } as Endpoint<typeof redeemGift>,
};

type Found = CallResult<typeof checkGift>;

/** The code the address carries (?gift=…), if any. */
export function giftCodeOf(search: string): string {
  return new URLSearchParams(search).get('gift')?.trim() ?? '';
}

export function GiftRedeem(props: {
  sn: string;
  /** The signed-in customer (coupons' sign-in): a batch costing points spends their member points. */
  customer?: string | null;
}) {
  const [code, setCode] = useState(() => giftCodeOf(window.location.search));
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState<'check' | 'redeem' | null>(null);
  const [error, setError] = useState('');
  const asked = useRef(false);
  const section = useRef<HTMLElement>(null);

  const check = (value = code) => {
    if (!value.trim()) {
      setError(GT.empty);
      return;
    }
    setBusy('check');
    setError('');
    setFound(null);
    post(GIFT_CALLS.checkGift, { sn: props.sn, code: value }).then(
      (answer) => {
        setBusy(null);
        if (answer.ok) setFound(answer.result);
        else setError(answer.msg);
      },
      () => {
        setBusy(null);
        setError(T.error);
      },
    );
  };

  // Arriving from a code's QR: ask at once.
  useEffect(() => {
    if (asked.current || !code) return;
    asked.current = true;
    // Below the goods: brought into view, since it is what the customer came for.
    section.current?.scrollIntoView?.({ block: 'start' });
    check(code);
    // Once, with the code of the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const redeem = (channelSn: number) => {
    setBusy('redeem');
    setError('');
    const body = { sn: props.sn, code, channel_sn: channelSn };
    post(GIFT_CALLS.redeemGift, props.customer ? { ...body, customer: props.customer } : body).then(
      (answer) => {
        if (answer.ok) {
          const { order_no, token } = answer.result;
          window.location.assign(`${window.location.pathname}?order=${order_no}&t=${token}`);
          return;
        }
        setBusy(null);
        setError(answer.msg);
      },
      () => {
        setBusy(null);
        setError(T.error);
      },
    );
  };

  return (
    <section ref={section} className="gift-redeem" aria-labelledby="gift-redeem-title">
      <h2 id="gift-redeem-title">{GT.title}</h2>
      <form
        className="gift-redeem-form"
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <label htmlFor="gift-code" className="gift-redeem-label">
          {GT.label}
        </label>
        <input
          id="gift-code"
          className="gift-redeem-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={GT.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gift-code-error' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setFound(null);
            setError('');
          }}
        />
        <button type="submit" className="buy-button" disabled={busy !== null}>
          {busy === 'check' ? GT.checking : GT.check}
        </button>
      </form>
      {error && (
        <p id="gift-code-error" className="gift-redeem-error" role="alert">
          {error}
        </p>
      )}
      {found && (
        <div className="gift-redeem-found">
          <div className="buy-name">{found.name}</div>
          <div className="buy-muted">{GT.validUntil.replace('{date}', found.end_date)}</div>
          {found.points ? (
            <div className="buy-muted" data-testid="gift-points">
              {fill(MT.costs, { points: found.points })}
              {props.customer ? '' : ` · ${MT.signIn}`}
            </div>
          ) : null}
          <p>{GT.pick}</p>
          <ul className="buy-goods">
            {found.shelves.map((shelf) => (
              <li key={shelf.channel_sn} className="buy-card">
                {shelf.img ? <img src={shelf.img} alt="" /> : <span className="buy-img" />}
                <div className="buy-grow">
                  <div className="buy-name">{shelf.goods_name}</div>
                  <div className="buy-price">{GT.free}</div>
                </div>
                <button
                  type="button"
                  className="buy-button"
                  disabled={busy !== null}
                  onClick={() => redeem(shelf.channel_sn)}
                >
                  {busy === 'redeem' ? GT.redeeming : GT.redeem}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
