import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { inSheet, Sheet, SheetFrame } from './sheet';

beforeAll(() => {
  initTestI18n('en-US');
});

function Note({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  return (
    <SheetFrame title="Note" onClose={onClose} onSubmit={() => undefined}>
      <input aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />
    </SheetFrame>
  );
}

const mask = () => document.querySelector('.sheet-mask') as HTMLElement;

describe('Sheet', () => {
  it('renders its content into the page body only while it is open', async () => {
    const { rerender, container } = render(
      <Sheet visible={false} onClose={() => undefined}>
        <p>inside</p>
      </Sheet>,
    );
    expect(screen.queryByText('inside')).toBeNull();
    rerender(
      <Sheet visible onClose={() => undefined}>
        <p>inside</p>
      </Sheet>,
    );
    expect(container.contains(screen.getByText('inside'))).toBe(false);
    rerender(
      <Sheet visible={false} onClose={() => undefined}>
        <p>inside</p>
      </Sheet>,
    );
    // Still there while it slides away, then gone.
    expect(screen.getByText('inside')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('inside')).toBeNull());
  });

  it('ignores a tap outside unless told otherwise', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Sheet visible onClose={onClose}>
        <p>inside</p>
      </Sheet>,
    );
    fireEvent.click(mask());
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <Sheet visible onClose={onClose} closeOnMaskClick>
        <p>inside</p>
      </Sheet>,
    );
    fireEvent.click(mask());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed while hidden when asked to', async () => {
    const Kept = ({ visible }: { visible: boolean }) => (
      <Sheet visible={visible} onClose={() => undefined} destroyOnClose={false}>
        <Note onClose={() => undefined} />
      </Sheet>
    );
    const { rerender } = render(<Kept visible />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'typed' } });
    rerender(<Kept visible={false} />);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Note' })).toBeNull());
    rerender(<Kept visible />);
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('typed');
  });
});

describe('SheetFrame', () => {
  it('is a form named by its title, with a close button and the save button', () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn();
    render(
      <SheetFrame title="New area" onClose={onClose} onSubmit={onSubmit} message="Name taken">
        <p>fields</p>
      </SheetFrame>,
    );
    const form = screen.getByRole('form', { name: 'New area' });
    expect(screen.getByRole('alert').textContent).toBe('Name taken');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(form.className).toBe('sheet');
  });

  it('does not submit twice while the first save is under way', () => {
    const onSubmit = vi.fn();
    render(
      <SheetFrame title="New area" onClose={() => undefined} onSubmit={onSubmit} submitting>
        <p>fields</p>
      </SheetFrame>,
    );
    fireEvent.submit(screen.getByRole('form', { name: 'New area' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is a region when it only shows something', () => {
    render(
      <SheetFrame title="Bill" onClose={() => undefined} tall>
        <p>lines</p>
      </SheetFrame>,
    );
    expect(screen.getByRole('region', { name: 'Bill' }).className).toBe('sheet sheet-tall');
  });
});

describe('inSheet', () => {
  it('puts content in a sheet that closes the way the content does', () => {
    const NoteSheet = inSheet(Note);
    const onClose = vi.fn();
    render(<NoteSheet visible onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
