import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs/tabs';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { useUserInfo } from '../../../lib/session';
import { useAreaList } from '../api/get-area-list';
import { useStoreList } from '../api/get-store-list';
import { regionTabs } from '../utils/access';
import { placePath } from '../utils/place';
import { rangeCondition } from '../utils/range';
import { AnalysisBrief } from './analysis-brief';
import { StatsItem } from './stats-item';
import { StatsList } from './stats-list';
import { StatsPicker } from './stats-picker';
import { usePageParam, usePatchParams } from './use-page-param';
import { useUrlRange } from './use-url-range';
import '../../../styles/list-page.css';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

type RegionTab = 'area' | 'store';

interface ListProps {
  range: TimeRange;
}

function AreaResults({ range }: ListProps) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const [page, setPage] = usePageParam();
  const query = useAreaList(range, page);
  return (
    <StatsList
      query={query}
      countText={(count) => t('region.areaCount', { count })}
      report={{ kind: 'area', condition: rangeCondition(range), subject: t('report.subjects.area') }}
      range={range}
      emptyText={t('empty.areas')}
      label={t('region.areas')}
      page={page}
      onPage={setPage}
    >
      {(query.data?.data ?? []).map((area) => (
        <StatsItem
          key={area._id}
          title={area.area_name}
          badge={t('region.stores', { count: area.store_count })}
          meta={[area.area_address]}
          to={placePath({ kind: 'area', id: area._id }, params)}
        >
          <AnalysisBrief analysis={area.analysis} />
        </StatsItem>
      ))}
    </StatsList>
  );
}

function StoreResults({ range }: ListProps) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const [page, setPage] = usePageParam();
  const query = useStoreList(range, page);
  return (
    <StatsList
      query={query}
      countText={(count) => t('region.storeCount', { count })}
      report={{ kind: 'store', condition: rangeCondition(range), subject: t('report.subjects.store') }}
      range={range}
      emptyText={t('empty.storeList')}
      label={t('region.storeList')}
      page={page}
      onPage={setPage}
    >
      {(query.data?.data ?? []).map((store) => (
        <StatsItem
          key={store._id}
          title={store.store_name}
          badge={t('region.devices', { count: store.dev_count })}
          meta={[store.area?.area_name, store.store_address]}
          to={placePath({ kind: 'store', id: store._id }, params)}
        >
          <AnalysisBrief analysis={store.analysis} />
        </StatsItem>
      ))}
    </StatsList>
  );
}

function Region({ tabs }: { tabs: readonly RegionTab[] }) {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const patch = usePatchParams();
  const [range, setRange] = useUrlRange(DEFAULT_TIME_RANGE_MODES, 'day');
  const asked = params.get('tab');
  const tab = tabs.find((key) => key === asked) ?? tabs[0] ?? 'area';
  return (
    <div className="an-screen">
      {tabs.length > 1 ? (
        <Tabs<RegionTab>
          tabs={tabs.map((key) => ({ key, title: t(`region.tabs.${key}`) }))}
          activeKey={tab}
          onChange={(key) => patch({ tab: key })}
        />
      ) : null}
      <div className="page">
        <StatsPicker range={range} onChange={setRange} />
        {tab === 'area' ? <AreaResults range={range} /> : <StoreResults range={range} />}
      </div>
    </div>
  );
}

/**
 * /sicRegion (spec §2): areas (1025) and stores (1026) with the analysis of the range, 10 a page; a card opens
 * its detail. A role with one of the two sees only that tab.
 */
export default function RegionScreen() {
  // The route table lets in only those who hold at least one of the two.
  return <Region tabs={regionTabs(useUserInfo())} />;
}
