import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getImg } from '@vendo/contract/api/catalog';
import { listQuery } from '../../../lib/query-keys';
import { pageRequest } from '../../../lib/paging';

/** Twelve a page: four rows of the three-column grid. */
export const IMAGES_PAGE_SIZE = 12;

/** One page of the image library, newest first. */
export function useImages({ page, name }: { page: number; name: string }) {
  return useQuery({
    ...listQuery(getImg, { ...pageRequest(page, IMAGES_PAGE_SIZE), condition: { name: name || undefined } }),
    placeholderData: keepPreviousData,
  });
}
