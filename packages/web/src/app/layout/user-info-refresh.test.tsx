import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { sendOwnPwdSMS } from '@vendo/contract/api/account';
import { RCODE } from '@vendo/contract/rcodes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { USER_INFO_KEY } from '../../features/auth/api/get-user-info';
import { i18n } from '../../i18n/i18n';
import { callApi } from '../../lib/api-client';
import { canResetOwnLoginPwd } from '../../lib/permissions';
import { createQueryClient } from '../../lib/query-client';
import { readUserInfo, saveLogin } from '../../lib/session';
import { app, makeUser } from '../../lib/test-fixtures';
import { RootLayout } from './root-layout';

vi.mock('../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn(() => Promise.resolve()) }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A staff member whose Account app has staff self-service of the login password on ('1') or off ('0'). */
function staff(selfReset: '0' | '1') {
  const account = { ...app('Account', Date.now() + 365 * 86_400_000) };
  account.extend = [{ name: 'subuser_self_reset_password', value: selfReset }];
  return makeUser({ isMain: false, havePerms: [1021], appList: [account] });
}

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {`go ${to}`}
    </button>
  );
}

function renderAt(path: string, queryClient = createQueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RootLayout />
        <Go to="/?first" />
        <Go to="/staff" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The server's answers: getUserInfo from `current()`, sendPwdSMS refused as self-service off. */
function serve(current: () => ReturnType<typeof staff>) {
  let refreshes = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      if (input === '/api/v1/u/getUserInfo') {
        refreshes += 1;
        return Promise.resolve(json({ rcode: 0, msg: 'OK', result: current() }));
      }
      if (input === sendOwnPwdSMS.path) {
        return Promise.resolve(
          json({ rcode: RCODE.SELF_RESET_DISABLED, msg: 'Staff cannot reset', result: null }),
        );
      }
      return Promise.resolve(json({ rcode: 0, msg: 'OK', result: { data: [], count: 0 } }));
    }),
  );
  return () => refreshes;
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff member’s user info follows the main account’s changes', () => {
  it('self-service switched on after login reaches the stored info on the first navigation once the refresh is stale', async () => {
    saveLogin(staff('0'));
    let server = staff('0');
    const refreshes = serve(() => server);
    const queryClient = createQueryClient();
    renderAt('/', queryClient);
    await waitFor(() => expect(refreshes()).toBe(1));
    expect(canResetOwnLoginPwd(readUserInfo()!)).toBe(false);

    // The main account turns staff self-service on; a navigation right away reads nothing new.
    server = staff('1');
    fireEvent.click(screen.getByRole('button', { name: 'go /?first' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(refreshes()).toBe(1);

    // Once the refresh is stale (USER_INFO_STALE_MS later; marked so here rather than waited for), the next
    // navigation reads the user info again, and the menu follows it.
    await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY, refetchType: 'none' });
    expect(refreshes()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'go /staff' }));
    await waitFor(() => expect(refreshes()).toBe(2));
    await waitFor(() => expect(canResetOwnLoginPwd(readUserInfo()!)).toBe(true));
  });

  it('self-service switched off since login: the refusal of the reset reads the user info again at once', async () => {
    saveLogin(staff('1'));
    let server = staff('1');
    const refreshes = serve(() => server);
    renderAt('/');
    await waitFor(() => expect(refreshes()).toBe(1));
    expect(canResetOwnLoginPwd(readUserInfo()!)).toBe(true);

    server = staff('0');
    await expect(callApi(sendOwnPwdSMS)).rejects.toMatchObject({ rcode: RCODE.SELF_RESET_DISABLED });
    await waitFor(() => expect(refreshes()).toBe(2));
    await waitFor(() => expect(canResetOwnLoginPwd(readUserInfo()!)).toBe(false));
  });
});
