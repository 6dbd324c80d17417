import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './pagination-pages';

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(200)).toBe(20);
    expect(pageCount(13, 6)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });
});

describe('pageItems', () => {
  it('shows the single page of a one-page list', () => {
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('shows every page up to 7 pages', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses 8 pages around the current page', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageItems(5, 8)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8]);
    expect(pageItems(8, 8)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8]);
  });

  it('collapses 20 pages at the edges and in the middle', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('always includes the current page and keeps 7 items above 7 pages', () => {
    for (let pages = 8; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = pageItems(current, pages);
        expect(items).toHaveLength(7);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items[6]).toBe(pages);
      }
    }
  });

  it('clamps a current page outside 1..N', () => {
    expect(pageItems(0, 20)).toEqual(pageItems(1, 20));
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
  });
});
