import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as adverts from '@vendo/contract/api/adverts';
import { ADVERT_CALLS, Adverts, visibleAds, type ShownAd } from './adverts';
import type { Offered } from './coupons';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: ShownAd = {
  advert_id: 1,
  name: 'Summer',
  type: 1,
  text: 'Cold drinks',
  link: 'https://example.com/summer',
  image: '',
  web_url: '',
  app_id: '',
  placement_id: '',
  coupon: null,
};
const coupon = { coupon_id: 9, name: '2 off', type: 'reduce' as const, rate: 0, reduce: 200, condition: 0 };
const offered: Offered = {
  coupon_id: 9,
  name: '2 off',
  type: 'reduce',
  rate: 0,
  reduce: 200,
  condition: 0,
  use_start: '2026-11-01',
  use_end: '2026-12-31',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  points: 0,
  can_receive: 1,
};

function serve(data: ShownAd[]) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify({ rcode: 0, msg: 'OK', result: { data } }))),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the ads on the purchase page', () => {
  it('posts to the path of the contract call', () => {
    expect(ADVERT_CALLS.getAds.path).toBe(adverts.getMachineAds.path);
  });

  it('shows what a web page can: text and image links, a web page link, a coupon; not a network ad', () => {
    const ads: ShownAd[] = [
      base,
      { ...base, advert_id: 2, type: 2, name: 'Banner', text: '', image: '/uploads/ab/x.png' },
      {
        ...base,
        advert_id: 3,
        type: 3,
        name: 'Our site',
        text: '',
        link: '',
        web_url: 'https://example.com',
      },
      { ...base, advert_id: 4, type: 4, name: 'Coupon ad', text: '', link: '', coupon },
      { ...base, advert_id: 5, type: 5, name: 'Mini', text: '', link: '', app_id: 'wx1' },
      {
        ...base,
        advert_id: 6,
        type: 6,
        name: 'App',
        text: '',
        link: 'https://example.com/app',
        app_id: 'a.b',
      },
      { ...base, advert_id: 7, type: 7, name: 'Network', text: '', link: '', placement_id: 'p1' },
      { ...base, advert_id: 8, type: 0, name: 'None', text: '', link: '' },
      { ...base, advert_id: 9, link: 'javascript:alert(1)' },
    ];
    expect(visibleAds(ads).map((a) => a.advert_id)).toEqual([1, 2, 3, 4, 6]);
  });

  it('loads the machine’s ads and hands a coupon out through the coupons’ receive', async () => {
    const fetch = serve([base, { ...base, advert_id: 4, type: 4, name: 'Coupon ad', coupon }]);
    const receive = vi.fn();
    const { rerender } = render(
      <Adverts
        sn="18001"
        coupons={{
          customer: null,
          offered: [offered],
          receive,
          signInHref: '/p/v1/buy/identity?sn=18001&channel=wechat',
        }}
      />,
    );
    const summer = await screen.findByRole('listitem', { name: 'Summer' });
    expect(within(summer).getByText('Cold drinks')).toBeTruthy();
    expect(within(summer).getByRole('link').getAttribute('href')).toBe('https://example.com/summer');
    expect(within(summer).getByRole('link').getAttribute('rel')).toContain('noopener');
    const couponAd = screen.getByRole('listitem', { name: 'Coupon ad' });
    // Not signed in: the sign-in step first.
    expect(within(couponAd).getByRole('link').getAttribute('href')).toContain('/p/v1/buy/identity');
    rerender(
      <Adverts
        sn="18001"
        coupons={{ customer: 'wechat:o1.sig', offered: [offered], receive, signInHref: '' }}
      />,
    );
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Coupon ad' })).getByRole('button'));
    expect(receive).toHaveBeenCalledWith(9);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the machine has no ads', async () => {
    const fetch = serve([]);
    const { container } = render(
      <Adverts
        sn="18001"
        coupons={{ customer: null, offered: [], receive: () => undefined, signInHref: '' }}
      />,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
