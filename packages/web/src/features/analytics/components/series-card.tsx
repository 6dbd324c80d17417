import type { SalesSeries } from '@vendo/contract/api/analytics';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { AnalysisBrief } from './analysis-brief';
import { SectionHead } from './section-head';
import { Segmented } from './segmented';
import { SalesChart } from './series-chart';
import { StatsState, type StatsQuery } from './stats-state';

export type SeriesBy = 'day' | 'hour';

interface SalesSeriesCardProps {
  /** The series being shown (by day or by hour, as `by` says). */
  query: StatsQuery & { data: SalesSeries | undefined };
  by: SeriesBy;
  onBy: (by: SeriesBy) => void;
  /** The brief analysis above the chart, for screens that show no overview card. */
  brief?: boolean;
  /** The card's download. */
  action?: ReactNode;
}

/** A sales series by day or by hour of the day, switchable, with its chart (or the empty-state guide). */
export function SalesSeriesCard({ query, by, onBy, brief = false, action }: SalesSeriesCardProps) {
  const { t } = useTranslation('analytics');
  const data = query.data;
  const title = t(`chart.${by}`);
  return (
    <section className="card" aria-labelledby="an-series">
      <SectionHead id="an-series" title={t('series.title')}>
        {action}
      </SectionHead>
      <SeriesSwitch by={by} onBy={onBy} />
      <StatsState query={query}>
        {data ? (
          <>
            {brief ? <AnalysisBrief analysis={data.analysis} /> : null}
            {data.analysis.count === 0 ? (
              <EmptyGuide description={t('empty.sales')} />
            ) : (
              <SalesChart records={data.records} bucket={data.bucket} label={title} />
            )}
          </>
        ) : null}
      </StatsState>
    </section>
  );
}

/** By day / by hour of the day. */
export function SeriesSwitch({ by, onBy }: { by: SeriesBy; onBy: (by: SeriesBy) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <Segmented<SeriesBy>
      label={t('series.label')}
      options={[
        { key: 'day', title: t('series.day') },
        { key: 'hour', title: t('series.hour') },
      ]}
      value={by}
      onChange={onBy}
    />
  );
}
