import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useSalesDetail } from '../api/get-detail';
import { chartBucket, rangeCondition } from '../utils/range';
import { AnalysisOverview } from './analysis-overview';
import { SectionHead } from './section-head';
import { SalesChart } from './series-chart';
import { StatsState } from './stats-state';

/**
 * The dashboard's sales tab: the overview card and the chart of income and refunds (spec §2).
 *
 * While `/a/detail` is in flight both cards paint with their titles and labels, the figures as dashes and the
 * chart's box empty, at the heights they will have: the screen's first render holds them (the largest paint
 * with it), and nothing moves when the figures arrive. A failed call or an expired app shows its state instead.
 */
export function SalesTab({ range }: { range: TimeRange }) {
  const { t } = useTranslation('analytics');
  const user = useUserInfo();
  const query = useSalesDetail(range);
  const data = query.data;
  if (!data && !query.isPending) return <StatsState query={query}>{null}</StatsState>;
  // The answer's bucket; until it arrives the one the call asked for (a range of no mode leaves it to the server).
  const bucket = data?.bucket ?? chartBucket(range);
  const chartTitle = bucket ? t(`chart.${bucket}`) : '\u00a0';
  return (
    <>
      <AnalysisOverview
        analysis={data ? data.analysis : null}
        title={t('dashboard.overview')}
        withCost={can(user, 'profit', Date.now())}
      />
      <section className="card" aria-labelledby="an-sales-chart" aria-busy={data ? undefined : true}>
        <SectionHead id="an-sales-chart" title={chartTitle}>
          <ReportDownload
            kind="detail"
            condition={rangeCondition(range)}
            range={range}
            subject={t('report.subjects.detail')}
          />
        </SectionHead>
        {!data ? (
          <div className="an-chart" />
        ) : data.analysis.count === 0 ? (
          <EmptyGuide description={t('empty.sales')} />
        ) : (
          <SalesChart records={data.records} bucket={data.bucket} label={chartTitle} />
        )}
      </section>
    </>
  );
}
