import { PAGE_SIZE, PAGINATION_COLLAPSE_ABOVE } from '@vendo/contract/constants';

/** A page number, or a gap standing for the pages hidden before / after the current window. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export const DEFAULT_PAGE_SIZE = PAGE_SIZE.pagination;

/** Number of pages for an item count; an empty list still has page 1 so "current" is always valid. */
export function pageCount(total: number, pageSize: number = DEFAULT_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The items the pagination control shows (spec §2, §9): every page up to 7 pages; above that the first and last
 * page, the current page with one neighbour each side, and ellipses for the gaps (1 … 4 5 6 … 20). Near either
 * edge the window slides so the control always has 7 items and does not jump in width while paging.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  const last = Math.max(1, Math.floor(pages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const max = PAGINATION_COLLAPSE_ABOVE;
  if (last <= max) return Array.from({ length: last }, (_, i) => i + 1);

  // With 7 slots: first, gap, 3-page window, gap, last. An edge window grows to 5 pages instead of a gap.
  const edge = max - 2;
  if (page <= edge - 1) {
    return [...Array.from({ length: edge }, (_, i) => i + 1), 'ellipsis-end', last];
  }
  if (page >= last - (edge - 2)) {
    return [1, 'ellipsis-start', ...Array.from({ length: edge }, (_, i) => last - edge + 1 + i)];
  }
  return [1, 'ellipsis-start', page - 1, page, page + 1, 'ellipsis-end', last];
}
