import type { ReactNode } from 'react';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { Pagination } from '../../../components/pagination/pagination';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import type { ReportKind } from '@vendo/contract/api/analytics';
import { STATS_PAGE_SIZE } from '../utils/paging';
import { StatsState, type StatsQuery } from './stats-state';

interface StatsListProps {
  query: StatsQuery & { data: { count: number; data: readonly unknown[] } | undefined };
  /** "12 areas", once the count is known. */
  countText: (count: number) => string;
  report: { kind: ReportKind; condition: Record<string, unknown>; subject: string };
  range: TimeRange;
  emptyText: string;
  label: string;
  page: number;
  onPage: (page: number) => void;
  /** Goes between the toolbar and the list (a sort switch, a search box). */
  controls?: ReactNode;
  /** The cards (each an li). */
  children: ReactNode;
}

/** A paged statistics list: its count and download, the cards 10 a page, and its empty-state guide. */
export function StatsList({
  query,
  countText,
  report,
  range,
  emptyText,
  label,
  page,
  onPage,
  controls,
  children,
}: StatsListProps) {
  const data = query.data;
  return (
    <>
      {controls}
      <div className="an-toolbar">
        <span className="muted" aria-live="polite">
          {data ? countText(data.count) : null}
        </span>
        <ReportDownload {...report} range={range} />
      </div>
      <StatsState
        query={query}
        empty={(data?.data.length ?? 0) === 0}
        emptyGuide={<EmptyGuide description={emptyText} />}
      >
        <ul className="card-list an-list" aria-label={label} aria-busy={query.isPlaceholderData === true}>
          {children}
        </ul>
        <Pagination current={page} total={data?.count ?? 0} pageSize={STATS_PAGE_SIZE} onChange={onPage} />
      </StatsState>
    </>
  );
}
