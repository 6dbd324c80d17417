import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { salesDetailQuery } from './dashboard-calls';

/** The dashboard's sales tab: the analysis of the range and its chart. */
export function useSalesDetail(range: TimeRange) {
  return useQuery({
    ...salesDetailQuery(range),
    placeholderData: keepPreviousData,
  });
}
