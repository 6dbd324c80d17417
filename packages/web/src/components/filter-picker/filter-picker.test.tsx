import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../test-antd';
import { FilterPicker } from './filter-picker';

describe('FilterPicker', () => {
  // A bare text node beside the caret cannot take an ellipsis: a long choice was cut short, caret and all.
  it('sets the choice in an element of its own, beside the caret', () => {
    render(
      <FilterPicker
        label="Status"
        options={[{ value: '5', label: 'Abnormal (no result from the machine)' }]}
        value="5"
        active
        onChange={vi.fn()}
      />,
    );
    const text = screen.getByText('Abnormal (no result from the machine)');
    expect(text.className).toBe('filter-chip-text');
    expect(text.nextElementSibling?.tagName.toLowerCase()).toBe('svg');
  });
});
