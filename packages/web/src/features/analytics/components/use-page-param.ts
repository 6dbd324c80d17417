import { useSearchParams } from 'react-router';
import { pageFromParams } from '../utils/paging';

/** The list's page, held in the address so going back from a detail returns to it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = (page: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [pageFromParams(params), setPage];
}
