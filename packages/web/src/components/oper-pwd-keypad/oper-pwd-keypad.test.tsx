import '../test-antd';
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { OperPwdKeypad } from './oper-pwd-keypad';
import type { OperPwdKeypadHandle } from './oper-pwd-keypad';
import { OperPwdPopup } from './oper-pwd-popup';

beforeAll(() => {
  initTestI18n('en-US');
});

async function press(...keys: string[]) {
  for (const key of keys) {
    const button = await screen.findByRole('button', { name: key });
    act(() => {
      fireEvent.click(button);
    });
  }
}

function filledCells(): number {
  return document.querySelectorAll('.adm-passcode-input-cell-dot').length;
}

describe('OperPwdKeypad', () => {
  it('shows six boxes and a keyboard with a dot key', async () => {
    render(<OperPwdKeypad onComplete={() => {}} hint="Set it in the side menu" />);
    expect(screen.getByText('Enter the 6-digit operation password')).toBeTruthy();
    expect(screen.getByText('Set it in the side menu')).toBeTruthy();
    expect(document.querySelectorAll('.adm-passcode-input-cell')).toHaveLength(6);
    expect(await screen.findByRole('button', { name: '.' })).toBeTruthy();
  });

  it('is one control: the hidden input for the phone keyboard inside its boxes cannot take the focus', () => {
    render(<OperPwdKeypad onComplete={() => {}} />);
    const boxes = document.querySelector('.adm-passcode-input')!;
    expect(boxes.getAttribute('role')).toBe('button');
    const inputs = [...boxes.querySelectorAll('input')];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((input) => input.disabled)).toBe(true);
  });

  it('ignores the dot key and shows the digits-only tip until the next digit', async () => {
    const onChange = vi.fn();
    render(<OperPwdKeypad onComplete={() => {}} onChange={onChange} />);
    await press('1', '.');
    expect(screen.getByRole('alert').textContent).toBe('The operation password takes digits only');
    expect(filledCells()).toBe(1);
    await press('2');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(onChange.mock.calls).toEqual([['1'], ['12']]);
  });

  it('stops at six digits and fires onComplete once', async () => {
    const onComplete = vi.fn();
    render(<OperPwdKeypad onComplete={onComplete} />);
    await press('1', '2', '3', '4', '5', '6', '7', '8');
    expect(filledCells()).toBe(6);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('clears on reset so the user can try again', async () => {
    const onComplete = vi.fn();
    const ref = createRef<OperPwdKeypadHandle>();
    const { rerender } = render(<OperPwdKeypad ref={ref} onComplete={onComplete} />);
    await press('1', '1', '1', '1', '1', '1');
    rerender(<OperPwdKeypad ref={ref} onComplete={onComplete} error="Wrong password" />);
    act(() => ref.current?.reset());
    expect(filledCells()).toBe(0);
    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
    await press('2');
    // Typing again hides the old error.
    expect(screen.getByRole('alert').textContent).toBe('');
    await press('2', '2', '2', '2', '2');
    expect(onComplete.mock.calls).toEqual([['111111'], ['222222']]);
  });

  it('deletes the last digit with backspace', async () => {
    const onChange = vi.fn();
    render(<OperPwdKeypad onComplete={() => {}} onChange={onChange} />);
    await press('4', '5');
    // Bottom-right key; its label comes from antd-mobile's own locale, which the app's ConfigProvider sets.
    const backspace = document.querySelector('.adm-number-keyboard-main .adm-number-keyboard-key:last-child');
    expect(backspace).not.toBeNull();
    act(() => {
      fireEvent.click(backspace as Element);
    });
    expect(onChange).toHaveBeenLastCalledWith('4');
  });
});

describe('OperPwdPopup', () => {
  it('shows the failure and clears the boxes when the check fails, then continues when it passes', async () => {
    const verify = vi
      .fn<(digits: string) => Promise<boolean>>()
      .mockResolvedValueOnce(false)
      .mockResolvedValueOnce(true);
    const onVerified = vi.fn();
    render(<OperPwdPopup visible onClose={() => {}} verify={verify} onVerified={onVerified} />);
    expect(await screen.findByText('Enter the 6-digit operation password')).toBeTruthy();
    // No hint unless the caller gives one: "no operation password yet?" is not for an account that has one.
    expect(screen.queryByText('No operation password yet? Set one in the side menu')).toBeNull();

    await press('9', '9', '9', '9', '9', '9');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Operation password verification failed'),
    );
    expect(filledCells()).toBe(0);
    expect(onVerified).not.toHaveBeenCalled();

    await press('1', '2', '3', '4', '5', '6');
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(verify.mock.calls).toEqual([['999999'], ['123456']]);
  });

  it('closes from its close button', async () => {
    const onClose = vi.fn();
    render(<OperPwdPopup visible onClose={onClose} verify={async () => true} onVerified={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
