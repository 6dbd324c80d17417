import { CONDITION_LIST_PAGE_SIZE, PAGE_SIZE } from '@vendo/contract/constants';

/**
 * The paging fields of a list call (spec §7): pageNum from 1, step 'start' on the first page, else null.
 * Lists show the default 10 a page (spec §9) unless their screen says otherwise.
 */
export function pageRequest(page: number, pageSize: number = PAGE_SIZE.pagination) {
  return { pageNum: page, pageSize, step: page === 1 ? 'start' : null };
}

/** Area, store and goods condition lists (pickers, filters) load everything at once: page 1, size 999 (spec §7). */
export const CONDITION_LIST = pageRequest(1, CONDITION_LIST_PAGE_SIZE);

/** A condition list unfiltered: the body of every picker that offers all areas or all goods. */
export const WHOLE_LIST = { ...CONDITION_LIST, condition: {} };
