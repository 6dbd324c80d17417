import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { EmptyGuide } from './empty-guide';
import { ExpiredAppGuide } from './expired-app-guide';

beforeAll(() => {
  initTestI18n('en-US');
});

describe('EmptyGuide', () => {
  it('says "no data" and shows no button by default', () => {
    render(<EmptyGuide />);
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the action when given', () => {
    const onAction = vi.fn();
    render(<EmptyGuide description="No devices yet" actionText="Bind a device" onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Bind a device' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });
});

describe('ExpiredAppGuide', () => {
  it('tells the user to contact support and calls onContact', () => {
    const onContact = vi.fn();
    render(<ExpiredAppGuide onContact={onContact} />);
    expect(screen.getByText('The app has expired. Please contact support')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Contact now' }));
    expect(onContact).toHaveBeenCalledTimes(1);
  });
});
