import { PAGE_SIZE } from '@vendo/contract/constants';

/** The statistics lists show 10 a page (spec §7: /a/device page size 10; §9 pagination). */
export const STATS_PAGE_SIZE = PAGE_SIZE.pagination;

/** The paging fields of a list call (spec §7): pageNum from 1, step 'start' on the first page, else null. */
export function pageRequest(page: number, pageSize: number = STATS_PAGE_SIZE) {
  return { pageNum: page, pageSize, step: page === 1 ? 'start' : null };
}

/** A page number from the address; anything else is the first page. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
