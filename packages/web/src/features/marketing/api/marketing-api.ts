import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDev } from '@vendo/contract/api/devices';
import { getActivityCenter, getRecord, recordReport } from '@vendo/contract/api/marketing';
import { callApi } from '../../../lib/api-client';
import { pageRequest, WHOLE_LIST } from '../../../lib/paging';
import { callQuery, listQuery } from '../../../lib/query-keys';
import { recordCondition, type RecordFilters } from '../utils/record-filters';

/** Lines of /record a page (the contract's default). */
export const RECORD_PAGE_SIZE = 20;

export function useActivityCenter() {
  return useQuery(listQuery(getActivityCenter, {}));
}

export function useRecords(f: RecordFilters) {
  return useQuery({
    ...listQuery(getRecord, { ...pageRequest(f.page, RECORD_PAGE_SIZE), condition: recordCondition(f) }),
    placeholderData: keepPreviousData,
  });
}

export function useMachines() {
  return useQuery(callQuery(getDev, WHOLE_LIST));
}

/** A link streaming the records the filters name as XLSX or CSV. */
export function recordReportLink(filters: RecordFilters, format: 'xlsx' | 'csv') {
  return callApi(recordReport, { condition: recordCondition(filters), format });
}
