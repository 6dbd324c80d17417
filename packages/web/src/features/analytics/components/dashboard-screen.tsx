import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListState } from '../../../components/list-state/list-state';
import { Tabs } from '../../../components/tabs/tabs';
import { TimeRangePicker } from '../../../components/time-range-picker/time-range-picker';
import { dayOf } from '../../../components/time-range-picker/time-range';
import { registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { loadChunk } from '../../../lib/load-chunk';
import {
  DASHBOARD_FALLBACK_MODE,
  DASHBOARD_MODES as MODES,
  forgetPrefetchedRange,
  prefetchedRange,
} from '../api/dashboard-calls';
import { SalesTab } from './sales-tab';
import { usePatchParams } from './use-page-param';
import { useUrlRange } from './use-url-range';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

// The ranking tabs load when one is opened (or the address opens one): the sales tab, where the dashboard
// opens, paints without their calls, lists and thumbnails.
const RankingTab = lazy(() =>
  loadChunk(() => import('./ranking-tabs')).then((m) => ({ default: m.RankingTab })),
);

const TABS = ['sales', 'store', 'device', 'goods'] as const;
type DashboardTab = (typeof TABS)[number];

function isTab(value: string | null): value is DashboardTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

function Dashboard() {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const patch = usePatchParams();
  const tabParam = params.get('tab');
  const tab: DashboardTab = isTab(tabParam) ? tabParam : 'sales';
  const [range, setRange] = useUrlRange(MODES, DASHBOARD_FALLBACK_MODE, prefetchedRange);
  useEffect(forgetPrefetchedRange, []);
  return (
    <div className="an-screen">
      <Tabs<DashboardTab>
        tabs={TABS.map((key) => ({ key, title: t(`dashboard.tabs.${key}`) }))}
        activeKey={tab}
        onChange={(key) => patch({ tab: key })}
      />
      <div className="page">
        <div className="card an-picker">
          <TimeRangePicker value={range} onChange={setRange} modes={MODES} />
          {range.mode === 'none' ? (
            <p className="an-range-note">
              {t('rangeNone', { start: dayOf(range.start), end: dayOf(range.end) })}
            </p>
          ) : null}
        </div>
        {tab === 'sales' ? (
          <SalesTab range={range} />
        ) : (
          <Suspense
            fallback={
              <ListState pending failed={false} error={null} onRetry={() => undefined} children={null} />
            }
          >
            <RankingTab tab={tab} range={range} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** /dashboard (spec §2): sales, store, device and goods tabs over one time-range picker; permission 1020. */
export default function DashboardScreen() {
  return <Dashboard />;
}
