import { useEffect, useState, type ReactNode } from 'react';
import type { getMachineAds } from '@vendo/contract/api/adverts';
import type { CallResult } from '@vendo/contract/api/call';
import { post, type Endpoint } from './api';
import { AT } from './adverts-texts';
import { termsText, type Offered } from './coupons';
import './adverts.css';

/*
 * The machine's ads on its purchase page (issue 18, docs/marketing.md "Advertisements"): its enabled plans
 * (/p/v1/buy/getAds), asked for only once the goods are shown, so they never hold the page up, and shown below
 * them, so they never push the goods down while loading. What a web page can honestly show of each type:
 *  - 1 text and link, 2 image and link, 3 web page: the text or image and a link out (a web page is a link, not a
 *    frame: the page's content security policy frames nothing, and a stranger's page has no place inside a
 *    payment page);
 *  - 4 coupon: the coupon and its terms, received through the coupons' own receive (the customer signs in first);
 *  - 5 mini program, 6 app: only their web link when the merchant gave one (opening a mini program or an app from
 *    a web page needs the messaging app's open tags, which a sandbox cannot vouch for); without one, nothing;
 *  - 7 third-party ad network, 0 none: nothing here (the network's SDK runs on the machine's own screen).
 */

export const ADVERT_CALLS = {
  getAds: { path: '/p/v1/buy/getAds' } as Endpoint<typeof getMachineAds>,
};

export type ShownAd = CallResult<typeof getMachineAds>['data'][number];

/** Only http(s) links leave the page (the server checked them; this keeps any other scheme out). */
function safe(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/** The ads a web page shows: those with something it can show. */
export function visibleAds(ads: readonly ShownAd[]): ShownAd[] {
  return ads.filter((ad) => {
    switch (ad.type) {
      case 1:
        return ad.text !== '' && safe(ad.link) !== null;
      case 2:
        return ad.image !== '' && safe(ad.link) !== null;
      case 3:
        return safe(ad.web_url) !== null;
      case 4:
        return ad.coupon !== null;
      case 5:
      case 6:
        return safe(ad.link) !== null;
      default:
        return false;
    }
  });
}

export interface AdvertCoupons {
  customer: string | null;
  offered: readonly Offered[];
  receive: (couponId: number) => void;
  signInHref: string;
}

export function Adverts(props: { sn: string; coupons: AdvertCoupons }) {
  const [ads, setAds] = useState<ShownAd[]>([]);
  useEffect(() => {
    let live = true;
    post(ADVERT_CALLS.getAds, { sn: props.sn }).then(
      (a) => live && a.ok && setAds(visibleAds(a.result.data)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [props.sn]);
  if (ads.length === 0) return null;
  return (
    <section className="buy-ads" aria-label={AT.title}>
      <h2>{AT.title}</h2>
      <ul className="buy-ad-list">
        {ads.map((ad) => (
          <li key={ad.advert_id} className="buy-ad" aria-label={ad.name}>
            <AdBody ad={ad} coupons={props.coupons} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Out(props: { href: string; children: ReactNode }) {
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer nofollow">
      {props.children}
    </a>
  );
}

function AdBody({ ad, coupons }: { ad: ShownAd; coupons: AdvertCoupons }) {
  const link = safe(ad.link);
  const web = safe(ad.web_url);
  switch (ad.type) {
    case 1:
      return (
        <>
          <p className="buy-ad-text">{ad.text}</p>
          {link && <Out href={link}>{AT.open}</Out>}
        </>
      );
    case 2:
      return link ? (
        <Out href={link}>
          <img className="buy-ad-image" src={ad.image} alt={ad.name} loading="lazy" />
        </Out>
      ) : null;
    case 3:
      return web ? (
        <div className="buy-ad-row">
          <span className="buy-grow">{ad.name}</span>
          <Out href={web}>{AT.openPage}</Out>
        </div>
      ) : null;
    case 4:
      return ad.coupon ? <CouponAd ad={ad} coupon={ad.coupon} coupons={coupons} /> : null;
    case 5:
    case 6:
      return link ? (
        <div className="buy-ad-row">
          <span className="buy-grow">{ad.name}</span>
          <Out href={link}>{ad.type === 5 ? AT.openMiniProgram : AT.getApp}</Out>
        </div>
      ) : null;
    default:
      return null;
  }
}

function CouponAd(props: { ad: ShownAd; coupon: NonNullable<ShownAd['coupon']>; coupons: AdvertCoupons }) {
  const { coupon, coupons } = props;
  const offered = coupons.offered.find((c) => c.coupon_id === coupon.coupon_id);
  return (
    <div className="buy-ad-row">
      <div className="buy-grow">
        <div className="buy-name">
          {AT.coupon} · {coupon.name}
        </div>
        <div className="buy-coupon-terms">{termsText(coupon)}</div>
        {!offered && <div className="buy-muted">{AT.notHere}</div>}
      </div>
      {offered && !coupons.customer && (
        <a className="buy-button" href={coupons.signInHref}>
          {AT.signInToReceive}
        </a>
      )}
      {offered && coupons.customer && (
        <button
          type="button"
          className="buy-button"
          disabled={offered.can_receive <= 0 || offered.points > 0}
          onClick={() => coupons.receive(coupon.coupon_id)}
        >
          {offered.can_receive <= 0 ? AT.received : AT.receive}
        </button>
      )}
    </div>
  );
}
