import { useState } from 'react';
import type { memberCert } from '@vendo/contract/api/members';
import { post, type Endpoint } from './api';
import { MT } from './member-texts';
import './member-link.css';

/*
 * "My member" on the purchase page (issue 18, spec §4 "open member"): the signed-in customer's member card at this
 * machine's merchant. /p/v1/buy/memberCert answers a member cert for the customer token (the member is made with 0
 * points when the customer is none yet); the page then opens the console's /open-member-passport with it, which
 * stores it and shows /open-member. A customer who has not signed in is offered the sign-in first.
 */

export const MEMBER_CALLS = {
  memberCert: { path: '/p/v1/buy/memberCert' } as Endpoint<typeof memberCert>,
};
/** The console's route that takes a member cert from its address (spec §2). */
export const OPEN_MEMBER_PASSPORT = '/open-member-passport';

export function memberPassportHref(cert: { token: string; secret: string }): string {
  return `${OPEN_MEMBER_PASSPORT}?${new URLSearchParams({ token: cert.token, secret: cert.secret }).toString()}`;
}

export function MemberLink(props: {
  sn: string;
  customer: string | null;
  /** Where a customer not signed in signs in (the coupons' identity step); without it nothing shows for them. */
  signIn?: (channel: 'wechat' | 'alipay') => string;
  /** Said under the sign-in (on the result: the order just bought is not on the card). */
  note?: string;
  /** The member's points at this merchant, when known (the coupons' answer). */
  points?: number | null;
  /** What the sign-in says (defaults to "sign in to see your member card"). */
  intro?: string;
  /** Opens an address (tests look instead). */
  go?: (url: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { customer, sn } = props;

  if (!customer) {
    if (!props.signIn) return null;
    return (
      <div className="buy-member" data-testid="buy-member-signin">
        <p className="buy-muted">{props.intro ?? MT.signIn}</p>
        <a className="buy-button buy-wechat" href={props.signIn('wechat')}>
          {MT.wechat}
        </a>
        <a className="buy-button buy-alipay" href={props.signIn('alipay')}>
          {MT.alipay}
        </a>
        {props.note ? <p className="buy-muted">{props.note}</p> : null}
      </div>
    );
  }

  const open = () => {
    setBusy(true);
    setMessage(null);
    post(MEMBER_CALLS.memberCert, { sn, customer }).then(
      (answer) => {
        if (answer.ok)
          (props.go ?? ((url) => window.location.assign(url)))(memberPassportHref(answer.result));
        else {
          setBusy(false);
          setMessage(answer.msg);
        }
      },
      () => {
        setBusy(false);
        setMessage(MT.failed);
      },
    );
  };

  return (
    <div className="buy-member">
      <button type="button" className="buy-button buy-member-open" disabled={busy} onClick={open}>
        {busy ? MT.opening : MT.myMember}
      </button>
      <span className="buy-muted">
        {props.points !== undefined && props.points !== null ? (
          <span className="buy-member-points" data-testid="buy-member-points">
            {MT.points.replace('{points}', String(props.points))}
          </span>
        ) : (
          MT.hint
        )}
      </span>
      {message ? (
        <p className="buy-coupon-message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
