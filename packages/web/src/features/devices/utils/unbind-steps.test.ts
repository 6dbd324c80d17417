import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterConfirm, useUnbindSteps } from './unbind-steps';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the three unbind confirmations (spec §4, §9)', () => {
  it('moves from one prompt to the next and unbinds on the third', () => {
    expect(afterConfirm(1)).toEqual({ step: 2, unbind: false });
    expect(afterConfirm(2)).toEqual({ step: 3, unbind: false });
    expect(afterConfirm(3)).toEqual({ step: 3, unbind: true });
  });

  it('unbinds only after the third confirmation', () => {
    const onUnbind = vi.fn();
    const { result } = renderHook(() => useUnbindSteps(onUnbind));
    act(() => result.current.start());
    expect(result.current).toMatchObject({ open: true, step: 1 });
    act(() => result.current.confirm());
    act(() => result.current.confirm());
    expect(result.current.step).toBe(3);
    expect(onUnbind).not.toHaveBeenCalled();
    act(() => result.current.confirm());
    expect(onUnbind).toHaveBeenCalledTimes(1);
    expect(result.current.open).toBe(false);
  });

  it('a cancel closes the question and goes back to the first one after 1 s', () => {
    const onUnbind = vi.fn();
    const { result } = renderHook(() => useUnbindSteps(onUnbind));
    act(() => result.current.start());
    act(() => result.current.confirm());
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ open: false, step: 2 });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.step).toBe(2);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.step).toBe(1);
    expect(onUnbind).not.toHaveBeenCalled();
  });

  it('starting again at once begins at the first prompt too', () => {
    const { result } = renderHook(() => useUnbindSteps(() => undefined));
    act(() => result.current.start());
    act(() => result.current.confirm());
    act(() => result.current.cancel());
    act(() => result.current.start());
    expect(result.current).toMatchObject({ open: true, step: 1 });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toMatchObject({ open: true, step: 1 });
  });
});
