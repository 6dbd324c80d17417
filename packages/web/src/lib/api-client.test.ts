import { defineCall } from '@vendo/contract/api/call';
import { REQUEST_TIMEOUT_MS, TOAST_MS } from '@vendo/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { ApiError, callApi, CLIENT_RCODE, setApiNavigator } from './api-client';
import { toast } from './notify';
import { readUserInfo, rememberReturnTo, saveLogin, takeReturnTo } from './session';
import { makeUser } from './test-fixtures';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const ping = defineCall({
  path: '/p/v1/ping',
  auth: 'public',
  request: z.object({ value: z.string() }),
  response: z.object({ echo: z.string() }),
});

const mine = defineCall({
  path: '/api/v1/u/mine',
  auth: 'session',
  request: z.object({}).optional(),
  response: z.object({}),
});

type FetchArgs = [input: string, init: RequestInit];

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
const navigate = vi.fn<(to: string) => void>();
const toastMock = vi.mocked(toast);

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(navigate);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  navigate.mockReset();
  toastMock.mockReset();
});

describe('callApi', () => {
  it('posts JSON with the language and answers the typed result', async () => {
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: { echo: 'hi', extra: 1 } }));
    await expect(callApi(ping, { value: 'hi' })).resolves.toEqual({ echo: 'hi' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/p/v1/ping');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"value":"hi"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.lang).toBe('en-US');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.token).toBeUndefined();
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('sends the stored token and secret on session calls', async () => {
    saveLogin(makeUser({ token: 'T1', secret: 'S1' }));
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: {} }));
    await callApi(mine);
    const headers = fetchMock.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers).toMatchObject({ token: 'T1', secret: 'S1' });
    expect(fetchMock.mock.calls[0]?.[1].body).toBe('{}');
  });

  it('uses hand-over credentials instead of the stored login when given', async () => {
    saveLogin(makeUser({ token: 'T1', secret: 'S1' }));
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: {} }));
    await callApi(mine, undefined, { credentials: { token: 'T2', secret: 'S2' } });
    expect(fetchMock.mock.calls[0]?.[1].headers).toMatchObject({ token: 'T2', secret: 'S2' });
  });

  it('turns a refusal into a 2 s toast with code and msg, and an ApiError for the screen', async () => {
    fetchMock.mockResolvedValue(answer({ rcode: 102, msg: 'Username or password wrong', result: {} }));
    const failure = await callApi(ping, { value: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ rcode: 102, msg: 'Username or password wrong' });
    expect(toastMock).toHaveBeenCalledWith('Username or password wrong (102)', { duration: TOAST_MS });
    expect(TOAST_MS).toBe(2000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('formats the code the Chinese way in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    fetchMock.mockResolvedValue(answer({ rcode: 106, msg: '该手机号已注册，请直接登录', result: {} }));
    await expect(callApi(ping, { value: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(toastMock).toHaveBeenCalledWith('该手机号已注册，请直接登录（106）', { duration: 2000 });
  });

  it('keeps quiet when asked, but still throws', async () => {
    fetchMock.mockResolvedValue(answer({ rcode: 500, msg: 'busy', result: {} }, 500));
    await expect(callApi(ping, { value: 'x' }, { quiet: true })).rejects.toMatchObject({ rcode: 500 });
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('answers 604 by clearing the login and going to /login, remembering the page', async () => {
    saveLogin(makeUser());
    window.history.replaceState(null, '', '/deviceManage?alive=true');
    fetchMock.mockResolvedValue(
      answer({ rcode: 604, msg: 'Session expired, please log in again', result: {} }),
    );
    await expect(callApi(mine, undefined, { quiet: true })).rejects.toMatchObject({ rcode: 604 });
    expect(readUserInfo()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(takeReturnTo()).toBe('/deviceManage?alive=true');
    expect(toastMock).toHaveBeenCalledWith('Session expired, please log in again (604)', { duration: 2000 });
  });

  it('keeps the agent in the login address after a 604', async () => {
    document.cookie = 'agent=123456; path=/';
    window.history.replaceState(null, '', '/');
    fetchMock.mockResolvedValue(answer({ rcode: 604, msg: 'expired', result: {} }));
    await expect(callApi(mine)).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login?agent=123456');
  });

  it('does not touch the stored login when hand-over credentials get 604', async () => {
    saveLogin(makeUser());
    fetchMock.mockResolvedValue(answer({ rcode: 604, msg: 'expired', result: {} }));
    await expect(
      callApi(mine, undefined, { quiet: true, credentials: { token: 'x', secret: 'y' } }),
    ).rejects.toMatchObject({ rcode: 604 });
    expect(readUserInfo()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives up after 15 s with "request timeout, retry"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = callApi(ping, { value: 'x' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toastMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const failure = await pending;
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
    expect(failure).toMatchObject({ rcode: CLIENT_RCODE.TIMEOUT, msg: 'Request timeout, please retry' });
    expect(toastMock).toHaveBeenCalledWith('Request timeout, please retry', { duration: 2000 });
  });

  it('reports a network failure as "network abnormal"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(ping, { value: 'x' })).rejects.toMatchObject({ rcode: CLIENT_RCODE.NETWORK });
    expect(toastMock).toHaveBeenCalledWith('Network abnormal, please check your phone network', {
      duration: 2000,
    });
  });

  it('treats an answer that is not our envelope (a proxy error page) as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(callApi(ping, { value: 'x' })).rejects.toMatchObject({ rcode: CLIENT_RCODE.NETWORK });
  });

  it('refuses a result that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: { echo: 42 } }));
    await expect(callApi(ping, { value: 'x' })).rejects.toMatchObject({ rcode: CLIENT_RCODE.BAD_ANSWER });
    expect(toastMock).toHaveBeenCalledTimes(1);
  });

  it('accepts a null result for calls that answer nothing', async () => {
    saveLogin(makeUser());
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: null }));
    await expect(callApi(mine)).resolves.toEqual({});
  });

  it('remembers the page only for the redirect, not on other refusals', async () => {
    rememberReturnTo('/x');
    fetchMock.mockResolvedValue(answer({ rcode: 103, msg: 'slow down', result: {} }));
    await expect(callApi(ping, { value: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(takeReturnTo()).toBe('/x');
  });
});
