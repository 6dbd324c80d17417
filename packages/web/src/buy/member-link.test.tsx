import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as members from '@vendo/contract/api/members';
import { CUSTOMER_IDENTITY_PATH } from '@vendo/contract/api/coupons';
import { BuyPage } from './buy-page';
import { signInHref, useCoupons } from './coupons';
import { MEMBER_CALLS, MemberLink, memberPassportHref, OPEN_MEMBER_PASSPORT } from './member-link';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Answers each path with its envelope and records the bodies. */
function answer(answers: Record<string, { rcode: number; msg?: string; result?: unknown }>) {
  const bodies: Array<[string, unknown]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      bodies.push([path, JSON.parse(String(init.body))]);
      const a = answers[path] ?? { rcode: 500, msg: 'unexpected' };
      return Promise.resolve(new Response(JSON.stringify({ msg: 'OK', result: null, ...a })));
    }),
  );
  return bodies;
}

describe('"My member" on the purchase page', () => {
  it('posts to the contract call and opens the passport route with the cert', async () => {
    expect(MEMBER_CALLS.memberCert.path).toBe(members.memberCert.path);
    expect(OPEN_MEMBER_PASSPORT).toBe('/open-member-passport');
    expect(memberPassportHref({ token: 'a b', secret: 's&1' })).toBe(
      '/open-member-passport?token=a+b&secret=s%261',
    );

    const bodies = answer({
      '/p/v1/buy/memberCert': { rcode: 0, result: { token: 'tk', secret: 'sc', expires_at: 1 } },
    });
    const go = vi.fn();
    render(<MemberLink sn="880001" customer="wechat:oabc.sig" go={go} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/open-member-passport?token=tk&secret=sc'));
    expect(bodies).toEqual([['/p/v1/buy/memberCert', { sn: '880001', customer: 'wechat:oabc.sig' }]]);
  });

  it("shows the server's refusal and lets the customer try again", async () => {
    answer({ '/p/v1/buy/memberCert': { rcode: 1165, msg: 'Member card not available now' } });
    const go = vi.fn();
    render(<MemberLink sn="880001" customer="wechat:oabc.sig" go={go} />);
    fireEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe('Member card not available now');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });

  it('offers the sign-in to a customer not signed in, where asked', () => {
    const { container, unmount } = render(<MemberLink sn="880001" customer={null} />);
    expect(container.textContent).toBe('');
    unmount();
    render(
      <MemberLink
        sn="880001"
        customer={null}
        signIn={(channel) => signInHref('880001', channel)}
        note="not on your card"
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `${CUSTOMER_IDENTITY_PATH}?sn=880001&channel=wechat`,
      `${CUSTOMER_IDENTITY_PATH}?sn=880001&channel=alipay`,
    ]);
    expect(screen.getByText('not on your card')).toBeTruthy();
  });

  it('shows the member points in the coupons panel and keeps a coupon costing more out of reach', async () => {
    window.localStorage.setItem('vendo.customer', 'wechat:oabc.sig');
    const offered = (coupon_id: number, name: string, points: number) => ({
      coupon_id,
      name,
      type: 'reduce',
      rate: 0,
      reduce: 100,
      condition: 0,
      use_start: '2026-11-01',
      use_end: '2026-12-31',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      points,
      can_receive: 1,
    });
    answer({
      '/p/v1/buy/getCoupons': {
        rcode: 0,
        result: { data: [offered(1, 'Cheap', 20), offered(2, 'Dear', 50)], member_points: 35 },
      },
      '/p/v1/buy/getMyCoupons': { rcode: 0, result: { data: [] } },
    });
    function Panel() {
      return useCoupons('880001').panel;
    }
    render(<Panel />);
    expect((await screen.findByTestId('buy-member-points')).textContent).toBe('My points: 35');
    const cheap = screen.getByRole('listitem', { name: 'Cheap' });
    const dear = screen.getByRole('listitem', { name: 'Dear' });
    expect(cheap.textContent).toContain('Costs 20 points');
    expect((within(cheap).getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    const short = within(dear).getByRole('button') as HTMLButtonElement;
    expect(short.textContent).toBe('Not enough points');
    expect(short.disabled).toBe(true);
  });

  it('offers the sign-in for points on a machine without coupons whose merchant has members', async () => {
    const machine = (members: boolean) => ({
      rcode: 0,
      result: {
        sn: '880001',
        title: 'Lobby',
        type: 'vm',
        online: true,
        modes: { goods: true, game: false },
        shelves: [],
        sandbox: true,
        members,
      },
    });
    const answers = {
      '/p/v1/buy/getCoupons': { rcode: 0, result: { data: [], member_points: null } },
      '/p/v1/buy/getAds': { rcode: 0, result: { data: [] } },
    };
    answer({ ...answers, '/p/v1/buy/getMachine': machine(true) });
    const { unmount } = render(<BuyPage sn="880001" order={null} token="" />);
    const section = await screen.findByRole('region', { name: 'My member' });
    expect(section.textContent).toContain('Sign in to earn member points when you buy');
    expect(within(section).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      signInHref('880001', 'wechat'),
    );
    unmount();

    answer({ ...answers, '/p/v1/buy/getMachine': machine(false) });
    render(<BuyPage sn="880001" order={null} token="" />);
    await screen.findByText('Nothing for sale right now');
    expect(screen.queryByRole('region', { name: 'My member' })).toBeNull();
  });
});
