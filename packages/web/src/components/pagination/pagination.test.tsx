import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test-i18n';
import { Pagination } from './pagination';

beforeAll(() => {
  initTestI18n('en-US');
});

function pageLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  // Skip the prev/next arrows: only the page numbers and gaps carry text.
  return Array.from(nav.children, (child) => child.textContent).filter((text) => text !== '');
}

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination current={1} total={10} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('collapses 20 pages around the current one and marks it', () => {
    render(<Pagination current={5} total={200} onChange={() => {}} />);
    expect(pageLabels()).toEqual(['1', '…', '4', '5', '6', '…', '20']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
  });

  it('reports the page tapped, prev and next, and disables prev on the first page', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pagination current={1} total={25} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onChange.mock.calls).toEqual([[3], [2]]);

    rerender(<Pagination current={3} total={25} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('uses the page size to count pages', () => {
    render(<Pagination current={1} total={13} pageSize={6} onChange={() => {}} />);
    expect(pageLabels()).toEqual(['1', '2', '3']);
  });
});
