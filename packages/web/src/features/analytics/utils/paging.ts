import { PAGE_SIZE } from '@vendo/contract/constants';

/** The statistics lists show 10 a page (spec §7: /a/device page size 10; §9 pagination). */
export const STATS_PAGE_SIZE = PAGE_SIZE.pagination;

/** A page number from the address; anything else is the first page. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
