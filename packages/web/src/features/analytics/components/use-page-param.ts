import { useSearchParams } from 'react-router';
import { pageFromParams } from '../utils/paging';

/**
 * Changes some of the address's parameters (null removes one), replacing the history entry. Any change but the
 * page's own starts the list again from page 1.
 */
export function usePatchParams(): (patch: Record<string, string | null>) => void {
  const [, setParams] = useSearchParams();
  return (patch) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in patch)) next.delete('page');
        for (const [name, value] of Object.entries(patch)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
}

/** The list's page, held in the address so going back from a detail returns to it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params] = useSearchParams();
  const patch = usePatchParams();
  return [pageFromParams(params), (page) => patch({ page: page > 1 ? String(page) : null })];
}
