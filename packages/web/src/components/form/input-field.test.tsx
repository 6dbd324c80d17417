import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputField } from './input-field';
import { TextAreaField } from './text-area-field';

const noop = () => undefined;

describe('form fields tie their message to the control itself', () => {
  it('marks the input, not its wrapper, invalid and described by the message', () => {
    const { rerender } = render(
      <InputField id="f-name" label="Name" value="" onChange={noop} error="Name cannot be empty" />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-name-error');
    expect(document.getElementById('f-name-error')?.textContent).toContain('Name cannot be empty');
    expect(input.parentElement?.getAttribute('aria-invalid')).toBeNull();

    rerender(<InputField id="f-name" label="Name" value="Ann" onChange={noop} />);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('does the same for a text area', () => {
    render(<TextAreaField id="f-note" label="Note" value="" onChange={noop} error="Too long" />);
    const area = screen.getByRole('textbox', { name: 'Note' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(area.getAttribute('aria-describedby')).toBe('f-note-error');
  });
});
