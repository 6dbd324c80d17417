import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { detail } from '@vendo/contract/api/analytics';
import { callQuery } from '../../../lib/query-keys';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { salesDetailBody } from './dashboard-calls';

/** The dashboard's sales tab: the analysis of the range and its chart. */
export function useSalesDetail(range: TimeRange) {
  return useQuery({
    ...callQuery(detail, salesDetailBody(range)),
    placeholderData: keepPreviousData,
  });
}
