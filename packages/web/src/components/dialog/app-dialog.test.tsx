import '../test-antd';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { AppDialog, showTip } from './app-dialog';

describe('AppDialog', () => {
  it('defaults to the title "tip" and the close button "done"', () => {
    initTestI18n('en-US');
    const onClose = vi.fn();
    render(<AppDialog visible content="Saved" onClose={onClose} />);
    expect(screen.getByText('Tip')).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('speaks the chosen language and takes custom texts', () => {
    initTestI18n('zh-TW');
    const { rerender } = render(<AppDialog visible content="內容" onClose={() => {}} />);
    expect(screen.getByText('提示')).toBeTruthy();
    expect(screen.getByRole('button', { name: '完成' })).toBeTruthy();
    rerender(<AppDialog visible content="內容" title="Info" closeText="OK" onClose={() => {}} />);
    expect(screen.getByText('Info')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });
});

describe('showTip', () => {
  it('opens an alert with the default texts and resolves when closed', async () => {
    initTestI18n('zh-CN');
    let closed = false;
    let promise: Promise<void> = Promise.resolve();
    act(() => {
      promise = showTip('设备离线，无法执行').then(() => {
        closed = true;
      });
    });
    await waitFor(() => expect(screen.getByText('设备离线，无法执行')).toBeTruthy());
    expect(screen.getByText('提示')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '完成' }));
    });
    await promise;
    expect(closed).toBe(true);
  });
});
