import { DEVICE_TYPE_LABELS, enumLabel, ONLINE_STATE_LABELS, onlineState } from '@vendo/contract/enums';
import { checkSn } from '@vendo/contract/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListSearch } from '../../../components/list-search/list-search';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { toast } from '../../../lib/notify';
import { validationText } from '../../../lib/validation';
import { useDayOrder } from '../api/get-day-order';
import { useDeviceList } from '../api/get-device-list';
import { useHoursOrder } from '../api/get-hours-order';
import { placePath } from '../utils/place';
import { rangeCondition } from '../utils/range';
import { AnalysisBrief } from './analysis-brief';
import { DeviceOverviewCard } from './device-overview-card';
import { SalesSeriesCard, type SeriesBy } from './series-card';
import { StatsItem } from './stats-item';
import { StatsList } from './stats-list';
import { StatsPicker } from './stats-picker';
import { usePageParam, usePatchParams } from './use-page-param';
import { useUrlRange } from './use-url-range';
import '../../../styles/list-page.css';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

function DeviceResults({ range }: { range: TimeRange }) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const [params] = useSearchParams();
  const patch = usePatchParams();
  const [page, setPage] = usePageParam();
  const sn = params.get('sn') ?? '';
  const query = useDeviceList(range, page, sn);
  const search = (term: string) => {
    // Spec §5: serial numbers are digits; anything else gets the tip and no search.
    const key = term ? checkSn(term) : null;
    if (key) {
      toast(validationText(key, locale));
      return;
    }
    patch({ sn: term || null });
  };
  return (
    <StatsList
      query={query}
      countText={(count) => t('devices.count', { count })}
      report={{
        kind: 'device',
        condition: { ...rangeCondition(range), sn: sn || undefined },
        subject: t('report.subjects.device'),
      }}
      range={range}
      emptyText={sn ? t('empty.noMatch') : t('empty.deviceList')}
      label={t('devices.list')}
      page={page}
      onPage={setPage}
      controls={<ListSearch placeholder={t('devices.search')} onSearch={search} />}
    >
      {(query.data?.data ?? []).map((device) => (
        <StatsItem
          key={device.sn}
          title={device.title || t('untitled')}
          badge={ONLINE_STATE_LABELS[onlineState(device.alive)][locale]}
          meta={[
            [device.sn, enumLabel(DEVICE_TYPE_LABELS, device.type, locale)].filter(Boolean).join(' · '),
            [device.area?.area_name, device.store?.store_name].filter(Boolean).join(' / '),
          ]}
          to={placePath({ kind: 'sn', sn: device.sn }, params)}
        >
          <AnalysisBrief analysis={device.analysis} />
        </StatsItem>
      ))}
    </StatsList>
  );
}

function DeviceStats() {
  const [range, setRange] = useUrlRange(DEFAULT_TIME_RANGE_MODES, 'day');
  const [by, setBy] = useState<SeriesBy>(() => (range.mode === 'day' ? 'hour' : 'day'));
  const day = useDayOrder(range, by === 'day');
  const hour = useHoursOrder(range, by === 'hour');
  return (
    <div className="page an-screen">
      <DeviceOverviewCard />
      <StatsPicker range={range} onChange={setRange} />
      <SalesSeriesCard query={by === 'day' ? day : hour} by={by} onBy={setBy} brief />
      <DeviceResults range={range} />
    </div>
  );
}

/** /sicDevice (spec §2): the machines by type and online, their sales by day or hour, and each machine (1027). */
export default function DeviceStatsScreen() {
  return <DeviceStats />;
}
