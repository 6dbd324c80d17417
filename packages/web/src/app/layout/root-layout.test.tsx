import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { UserInfo } from '@vendo/contract/api/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { i18n } from '../../i18n/i18n';
import advertsTexts from '../../i18n/resources/adverts';
import apiKeysTexts from '../../i18n/resources/api-keys';
import auditTexts from '../../i18n/resources/audit';
import analyticsTexts from '../../i18n/resources/analytics';
import marketingTexts from '../../i18n/resources/marketing';
import membersTexts from '../../i18n/resources/members';
import notifyTexts from '../../i18n/resources/notify';
import staffTexts from '../../i18n/resources/staff';
import webhooksTexts from '../../i18n/resources/webhooks';
import { createQueryClient } from '../../lib/query-client';
import { saveLogin, takeReturnTo } from '../../lib/session';
import { makeUser } from '../../lib/test-fixtures';
import { RootLayout } from './root-layout';

vi.mock('../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn(() => Promise.resolve()) }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RootLayout />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input === '/api/v1/u/getUserInfo'
          ? json({ rcode: 0, msg: 'OK', result: makeUser() })
          : json({
              rcode: 0,
              msg: 'OK',
              result: {
                mode: 'demo',
                browserGate: false,
                sandbox: { sms: false },
                wechatLogin: { configured: false, url: '' },
                agent: { id: '888888', name: 'Vendo', logo: '' },
              },
            }),
      ),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

/** A staff member logged in, whose refresh says the same (the default refresh answers the main account). */
function staffRefresh(user: UserInfo) {
  saveLogin(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(json({ rcode: 0, msg: 'OK', result: user }))),
  );
}

describe('routes and session', () => {
  it('sends a visitor without a login to /login and remembers the page', async () => {
    renderAt('/dashboard?x=1');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(takeReturnTo()).toBe('/dashboard?x=1');
  });

  it('keeps the agent in the login address', async () => {
    renderAt('/dashboard?agent=123456');
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(screen.getByTestId('where').textContent).toBe('/login?agent=123456');
  });

  it('opens a screen of the side menu with its title and a back button (/advertisement, built now)', async () => {
    saveLogin(makeUser());
    renderAt('/advertisement');
    expect(await screen.findByRole('button', { name: 'New ad' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Advertisements' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('tells a staff member whose role lacks a screen so, instead of loading it', async () => {
    saveLogin(makeUser({ isMain: false, havePerms: [1021] }));
    renderAt('/region');
    expect(
      await screen.findByText('Your role has no permission for this page. Please ask the main account.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Areas and stores' }).length).toBeGreaterThan(0);
  });

  it("words the refusal as the screen would, from the route table's refusal", async () => {
    staffRefresh(makeUser({ isMain: false, havePerms: [1021] }));
    const cases: [string, string][] = [
      ['/staff', staffTexts['en-US'].mainOnly],
      ['/notification', notifyTexts['en-US'].mainOnly],
      ['/dashboard', analyticsTexts['en-US'].noPermission.dashboard],
      ['/sicRegion', analyticsTexts['en-US'].noPermission.region],
      ['/sicGoodsDetail?goodsId=1', analyticsTexts['en-US'].noPermission.goods],
      ['/advertisement', advertsTexts['en-US'].mainOnly],
      ['/activityCenter', marketingTexts['en-US'].center.mainOnly],
      ['/gift', marketingTexts['en-US'].center.mainOnly],
      ['/activity', marketingTexts['en-US'].center.mainOnly],
      ['/referrer', marketingTexts['en-US'].center.mainOnly],
      ['/record', marketingTexts['en-US'].center.mainOnly],
      ['/member', membersTexts['en-US'].mainOnly],
      ['/apiKeys', apiKeysTexts['en-US'].mainOnly],
      ['/webhooks', webhooksTexts['en-US'].mainOnly],
      // Its who picker's /u/getUserList is main-only too (spec §6: sub-accounts are the main account's).
      ['/auditLog', auditTexts['en-US'].mainOnly],
    ];
    for (const [path, text] of cases) {
      const { unmount } = renderAt(path);
      expect(await screen.findByText(text), path).toBeTruthy();
      unmount();
    }
    // The screens never loaded: the only call was the refresh of the user info.
    expect(vi.mocked(fetch).mock.calls.every(([input]) => input === '/api/v1/u/getUserInfo')).toBe(true);
  });

  it('reads the user info again when a call is refused (403), and says "no permission" once the role lost the screen', async () => {
    const before = makeUser({ isMain: false, havePerms: [1022] });
    const after = makeUser({ isMain: false, havePerms: [1021] });
    saveLogin(before);
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        if (input === '/api/v1/u/getUserInfo') {
          refreshes += 1;
          // The refresh after the first paint still holds the screen; the main account then changes the role.
          return Promise.resolve(json({ rcode: 0, msg: 'OK', result: refreshes === 1 ? before : after }));
        }
        return Promise.resolve(json({ rcode: 403, msg: 'No permission', result: null }));
      }),
    );
    renderAt('/region');
    expect(
      await screen.findByText(
        'Your role has no permission for this page. Please ask the main account.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(refreshes).toBe(2);
  });

  it('hides the back button on /, /bind and /bindError', async () => {
    saveLogin(makeUser());
    for (const path of ['/', '/bind', '/bindError']) {
      const { unmount } = renderAt(path);
      await screen.findByRole('button', { name: 'Menu' });
      expect(screen.queryByRole('button', { name: 'Back' }), path).toBeNull();
      unmount();
    }
  });

  it('hides the whole header on the screens of spec §2', async () => {
    saveLogin(makeUser());
    // The customer's member pages, here without a member cert: they say how to get one.
    for (const path of ['/open-member', '/open-member-passport']) {
      const { unmount, container } = renderAt(path);
      await screen.findByText(/Tap “My member”/, {}, { timeout: 8000 });
      expect(screen.getByRole('heading', { level: 1, name: 'My member' })).toBeTruthy();
      expect(container.querySelector('header'), path).toBeNull();
      unmount();
    }
    // The shared bank-card invitation: no header, and without its token and secret it says the link is incomplete.
    const { container } = renderAt('/shareAddBank');
    // Its chunk (the editor, the contract's schemas) takes a while to transform on a first load.
    await screen.findByText(
      'This link is incomplete. Open the link you were sent again.',
      {},
      { timeout: 8000 },
    );
    expect(container.querySelector('header')).toBeNull();
  });

  it('shows the Unknown page for any other path, logged in or not', async () => {
    renderAt('/no-such-screen');
    expect(
      await screen.findByText('The page you asked for does not exist or has been removed.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Page not found' })).toHaveLength(2);
  });

  it('reads /error and /success in the language of the person', async () => {
    const { unmount } = renderAt('/error?msg=出错了&enMsg=It broke');
    expect(await screen.findByText('It broke')).toBeTruthy();
    unmount();
    renderAt('/success');
    expect(await screen.findByText('No data')).toBeTruthy();
  });

  it('fails the hand-over without token and secret', async () => {
    renderAt('/PassportLoading');
    expect(await screen.findByText(/no login credentials/)).toBeTruthy();
  });
});
