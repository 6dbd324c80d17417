import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18n } from '../../../i18n/i18n';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { readUserInfo, rememberReturnTo } from '../../../lib/session';
import { makeUser } from '../../../lib/test-fixtures';
import { readRecentAccounts } from '../../../lib/recent-accounts';
import LoginScreen from './login-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn(() => Promise.resolve()) }));

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const config = {
  mode: 'demo',
  browserGate: false,
  sandbox: { sms: true },
  wechatLogin: { configured: false, url: '' },
  agent: { id: '888888', name: 'Vendo', logo: '' },
};

function renderLogin() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/bind" element={<p>bind page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  await i18n.changeLanguage('en-US');
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      input === '/p/v1/getAppConfig'
        ? json({ rcode: 0, msg: 'OK', result: config })
        : json({ rcode: 102, msg: 'Username or password wrong', result: {} }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const loginCalls = () => fetchMock.mock.calls.filter(([input]) => input === '/p/v1/login');

describe('login screen', () => {
  it('refuses empty fields without asking the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username and password cannot be empty')).toBeTruthy();
    expect(loginCalls()).toHaveLength(0);
  });

  it('shows the server message for wrong credentials and keeps what was typed', async () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username or password wrong')).toBeTruthy();
    expect(loginCalls()).toHaveLength(1);
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe('13800138000');
    expect(readUserInfo()).toBeNull();
  });

  it('logs in, remembers the account and returns to the page the person came from', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        input === '/p/v1/login'
          ? json({ rcode: 0, msg: 'OK', result: makeUser() })
          : json({ rcode: 0, msg: 'OK', result: config }),
      ),
    );
    rememberReturnTo('/bind?sn=1');
    renderLogin();
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('bind page')).toBeTruthy();
    expect(readUserInfo()?.username).toBe('13800138000');
    expect(readRecentAccounts()).toEqual(['13800138000']);
  });

  it('toggles the password between hidden and shown', () => {
    renderLogin();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it('says the messaging-app login is not configured yet', async () => {
    renderLogin();
    await waitFor(() =>
      expect(screen.getAllByText('WeChat login is not configured yet').length).toBeGreaterThan(0),
    );
  });
});
