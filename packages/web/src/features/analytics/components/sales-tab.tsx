import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import { useSalesDetail } from '../api/get-detail';
import { rangeCondition } from '../utils/range';
import { AnalysisOverview } from './analysis-overview';
import { SectionHead } from './section-head';
import { SalesChart } from './series-chart';
import { StatsState } from './stats-state';

/** The dashboard's sales tab: the overview card and the chart of income and refunds (spec §2). */
export function SalesTab({ range }: { range: TimeRange }) {
  const { t } = useTranslation('analytics');
  const query = useSalesDetail(range);
  const data = query.data;
  return (
    <StatsState query={query}>
      {data ? (
        <>
          <AnalysisOverview analysis={data.analysis} title={t('dashboard.overview')} />
          <section className="card" aria-labelledby="an-sales-chart">
            <SectionHead id="an-sales-chart" title={t(`chart.${data.bucket}`)}>
              <ReportDownload
                kind="detail"
                condition={rangeCondition(range)}
                range={range}
                subject={t('report.subjects.detail')}
              />
            </SectionHead>
            {data.analysis.count === 0 ? (
              <EmptyGuide description={t('empty.sales')} />
            ) : (
              <SalesChart records={data.records} bucket={data.bucket} label={t(`chart.${data.bucket}`)} />
            )}
          </section>
        </>
      ) : null}
    </StatsState>
  );
}
