import '../test-antd';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../../lib/api-client';
import { md5 } from '../../lib/md5';
import { readOperSign, saveOperSign } from '../../lib/oper-sign';
import { saveLogin } from '../../lib/session';
import { makeUser } from '../../lib/test-fixtures';
import { initTestI18n } from '../test-i18n';
import { keypadHint, signForNow, useOperGuard, type GuardedAction } from './use-oper-guard';

vi.mock('../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const NOW = 1_800_000_000_000;
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const envelope = (rcode: number, result: unknown, msg = 'OK') =>
  new Response(JSON.stringify({ rcode, msg, result }), { headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  initTestI18n('en-US');
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Guarded({ action }: { action: GuardedAction }) {
  const { guard, popup } = useOperGuard();
  return (
    <>
      <button type="button" onClick={() => guard(action)}>
        Unbind
      </button>
      {popup}
    </>
  );
}

async function press(...keys: string[]) {
  for (const key of keys) {
    const button = await screen.findByRole('button', { name: key });
    act(() => {
      fireEvent.click(button);
    });
  }
}

describe('signForNow', () => {
  const user = makeUser({ token: 'T' }, NOW);

  it('lets a user without an operation password through at once, with no sign and no expiry', () => {
    expect(signForNow({ ...user, isOperPwd: 0 }, NOW)).toEqual({ ready: true, sign: undefined });
  });

  it('uses the stored sign for 2 hours, then asks again', () => {
    expect(signForNow(user, NOW)).toEqual({ ready: false });
    saveOperSign(user, 'S1', NOW + 1000);
    expect(signForNow(user, NOW)).toEqual({ ready: true, sign: 'S1' });
    expect(signForNow(user, NOW + 1000)).toEqual({ ready: false });
  });
});

describe('keypadHint', () => {
  it('says where to set a password only to a main account without one, in each language', () => {
    expect(keypadHint(makeUser({ isOperPwd: 0 }))).toBe(
      'No operation password yet? Set one in the side menu',
    );
    expect(keypadHint(makeUser({ isOperPwd: 1 }))).toBeUndefined();
    expect(keypadHint(makeUser({ isOperPwd: 1, isMain: false }))).toBe(
      'Forgot the operation password? Ask the main account to reset it',
    );
    initTestI18n('zh-CN');
    expect(keypadHint(makeUser({ isOperPwd: 0 }))).toBe('还没有操作密码？请在侧边菜单中设置');
    expect(keypadHint(makeUser({ isOperPwd: 1 }))).toBeUndefined();
    initTestI18n('zh-TW');
    expect(keypadHint(makeUser({ isOperPwd: 0 }))).toBe('還沒有操作密碼？請在側邊選單中設定');
    initTestI18n('en-US');
  });
});

describe('useOperGuard', () => {
  it('runs the action at once for a user without an operation password', () => {
    saveLogin(makeUser({ isOperPwd: 0 }));
    const action = vi.fn();
    render(<Guarded action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(action).toHaveBeenCalledWith(undefined);
    expect(screen.queryByText('Enter the 6-digit operation password')).toBeNull();
  });

  it('asks for the six digits, sends their md5, keeps the sign and then runs the action with it', async () => {
    const user = makeUser({ token: 'T2' });
    saveLogin(user);
    const action = vi.fn();
    render(<Guarded action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('Enter the 6-digit operation password')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(envelope(110, null, 'Operator validation failure'));
    await press('6', '5', '4', '3', '2', '1');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Operation password verification failed'),
    );
    expect(action).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(envelope(0, { sign: 'SIGN', expire_at: Date.now() + 7_200_000 }));
    await press('1', '2', '3', '4', '5', '6');
    await waitFor(() => expect(action).toHaveBeenCalledWith('SIGN'));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/v1/u/checkOprPwd');
    expect(JSON.parse(String(init?.body))).toEqual({ password: md5('123456') });
    expect(readOperSign(user)).toBe('SIGN');

    // Within the operator session the next guarded action needs no keypad.
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(action).toHaveBeenLastCalledWith('SIGN');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not ask a main account that has a password whether it has none; tells staff only the main account can', async () => {
    saveLogin(makeUser({ token: 'T3', isOperPwd: 1 }));
    const { unmount } = render(<Guarded action={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('Enter the 6-digit operation password')).toBeTruthy();
    expect(screen.queryByText('No operation password yet? Set one in the side menu')).toBeNull();
    unmount();

    saveLogin(makeUser({ token: 'T4', isMain: false }));
    render(<Guarded action={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(
      await screen.findByText('Forgot the operation password? Ask the main account to reset it'),
    ).toBeTruthy();
    expect(screen.queryByText('No operation password yet? Set one in the side menu')).toBeNull();
  });
});
