import '../test-antd';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { dayStart, initialRange } from './time-range';
import type { TimeRange, TimeRangeMode } from './time-range';
import { TimeRangePicker } from './time-range-picker';

const SH = 'Asia/Shanghai';
// Wednesday 2026-11-25 14:30 in Shanghai.
const NOW = Date.UTC(2026, 10, 25, 6, 30);
const clock = () => NOW;

beforeAll(() => {
  initTestI18n('en-US');
});

function Harness({
  initial,
  onChange,
  modes,
}: {
  initial: TimeRange;
  onChange: (r: TimeRange) => void;
  modes?: TimeRangeMode[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <TimeRangePicker
      value={value}
      modes={modes}
      now={clock}
      timeZone={SH}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('TimeRangePicker', () => {
  it('shows today and refuses "next day" with a toast', async () => {
    const onChange = vi.fn();
    render(<Harness initial={initialRange('day', NOW, SH)} onChange={onChange} />);
    expect(screen.getByText('2026-11-25')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    });
    await waitFor(() => expect(screen.getByText('No data for the next day')).toBeTruthy());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('steps back a day, then forward again', () => {
    const onChange = vi.fn<(r: TimeRange) => void>();
    render(<Harness initial={initialRange('day', NOW, SH)} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByText('2026-11-24')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(onChange.mock.calls.map(([r]) => r.start)).toEqual([
      dayStart('2026-11-24', SH),
      dayStart('2026-11-25', SH),
    ]);
    expect(onChange).toHaveBeenLastCalledWith({ mode: 'day', start: dayStart('2026-11-25', SH), end: NOW });
  });

  it('switches to this week (from Monday) and this month with their own arrow labels', () => {
    const onChange = vi.fn();
    render(<Harness initial={initialRange('day', NOW, SH)} onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'This week' }));
    expect(onChange).toHaveBeenLastCalledWith(initialRange('week', NOW, SH));
    expect(screen.getByText('2026-11-23 ~ 2026-11-25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'This month' }));
    expect(screen.getByText('2026-11')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
  });

  it('keeps the viewed period when switching to custom and edits the start day', async () => {
    const onChange = vi.fn();
    render(<Harness initial={initialRange('week', NOW, SH)} onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
    expect(onChange).toHaveBeenLastCalledWith({
      mode: 'custom',
      start: dayStart('2026-11-23', SH),
      end: NOW,
    });
    expect(screen.queryByRole('button', { name: 'Next week' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Start date/ }));
    const confirm = await screen.findByText('Confirm');
    await act(async () => {
      fireEvent.click(confirm);
    });
    // Confirming the day already shown yields the same, valid range.
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith({
      mode: 'custom',
      start: dayStart('2026-11-23', SH),
      end: NOW,
    });
  });

  it('offers "all" instead of custom on the dashboard, without arrows', () => {
    const onChange = vi.fn();
    render(
      <Harness
        initial={initialRange('day', NOW, SH)}
        modes={['day', 'week', 'month', 'none']}
        onChange={onChange}
      />,
    );
    expect(screen.queryByRole('tab', { name: 'Custom' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith(initialRange('none', NOW, SH));
    expect(screen.queryByRole('button', { name: /Previous/ })).toBeNull();
  });
});
