import { PAGE_SIZE } from '@vendo/contract/constants';

/** Stock lists show the default 10 a page. */
export const STOCK_PAGE_SIZE = PAGE_SIZE.pagination;
