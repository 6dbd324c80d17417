import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { hasErrors, useForm } from './use-form';

describe('useForm', () => {
  it('binds a field to its value, setter and message; editing drops the message', () => {
    const { result } = renderHook(() => useForm({ name: '', note: '' }));
    act(() => result.current.setErrors({ name: 'Required', note: 'Too long' }));
    expect(result.current.bind('name').error).toBe('Required');
    act(() => result.current.bind('name').onChange('Nanshan'));
    expect(result.current.bind('name')).toMatchObject({ value: 'Nanshan', error: undefined });
    expect(result.current.errors.note).toBe('Too long');
    expect(hasErrors(result.current.errors)).toBe(true);
  });

  it('updates several fields at once and drops only the messages the change settles', () => {
    const { result } = renderHook(() => useForm({ rows: ['a', 'b'], title: '' }));
    act(() => result.current.setErrors({ 'rows.0': 'Bad', 'rows.1': 'Bad too', title: 'Required' }));
    act(() =>
      result.current.update(
        (prev) => ({ ...prev, rows: prev.rows.slice(1) }),
        (field) => field.startsWith('rows.'),
      ),
    );
    expect(result.current.values.rows).toEqual(['b']);
    expect(result.current.errors).toEqual({ title: 'Required' });
    act(() => result.current.update((prev) => ({ ...prev, title: 'T' }), ['title']));
    expect(result.current.errors).toEqual({});
  });

  it('check shows what was found, keeps the typed values and says whether the form may send', () => {
    const { result } = renderHook(() => useForm({ name: 'typed' }));
    let ok = true;
    act(() => {
      ok = result.current.check({ name: 'Too long' });
    });
    expect(ok).toBe(false);
    expect(result.current.errors.name).toBe('Too long');
    expect(result.current.values.name).toBe('typed');
    act(() => {
      ok = result.current.check({ name: undefined });
    });
    expect(ok).toBe(true);
  });

  it("keeps the server's words when a call is refused, and clears them on the next try", async () => {
    const { result } = renderHook(() => useForm({ name: '' }));
    let ok = true;
    await act(async () => {
      ok = await result.current.attempt(() => Promise.reject(new ApiError(701, 'Name taken')));
    });
    expect(ok).toBe(false);
    expect(result.current.message).toBe('Name taken');
    await act(async () => {
      ok = await result.current.attempt(() => Promise.resolve());
    });
    expect(ok).toBe(true);
    expect(result.current.message).toBeNull();
  });
});
