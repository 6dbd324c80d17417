import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TimeRange, TimeRangeMode } from '../../../components/time-range-picker/time-range';
import { rangeFromParams, rangeToParams } from '../utils/range';

/**
 * The screen's range: read once from the address, then held here and written back to it (replacing the entry),
 * so going back from a detail finds the period it left. A new range starts the list again from page 1.
 */
export function useUrlRange(
  modes: readonly TimeRangeMode[],
  fallback: TimeRangeMode,
  /** A range already read from this address (the route prefetch's), to start from instead. */
  initial?: (params: URLSearchParams) => TimeRange | null,
): [TimeRange, (next: TimeRange) => void] {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState(
    () => initial?.(params) ?? rangeFromParams(params, modes, fallback, Date.now()),
  );
  const change = (next: TimeRange) => {
    setRange(next);
    setParams(
      (current) => {
        const updated = rangeToParams(next, current);
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  };
  return [range, change];
}
