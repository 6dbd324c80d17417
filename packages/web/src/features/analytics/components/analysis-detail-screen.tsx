import { DEVICE_TYPE_LABELS, enumLabel } from '@vendo/contract/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { DEFAULT_TIME_RANGE_MODES } from '../../../components/time-range-picker/time-range-picker';
import type { TimeRange } from '../../../components/time-range-picker/time-range';
import { ReportDownload } from '../../../components/report-download/report-download';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import analyticsTexts from '../../../i18n/resources/analytics';
import { useUserInfo } from '../../../lib/session';
import { useAreaList } from '../api/get-area-list';
import { useDays } from '../api/get-days';
import { useDeviceList } from '../api/get-device-list';
import { useHours } from '../api/get-hours';
import { useStoreList } from '../api/get-store-list';
import { maySee } from '../utils/access';
import { placeCondition, placeFromParams, placeView, type Place } from '../utils/place';
import { rangeCondition } from '../utils/range';
import { AnalysisOverview } from './analysis-overview';
import { SalesSeriesCard, type SeriesBy } from './series-card';
import { StatsPicker } from './stats-picker';
import { lastingRefusal } from './stats-state';
import { useUrlRange } from './use-url-range';
import './analytics.css';

registerNamespace('analytics', analyticsTexts);

/**
 * The place's name and where it is, from the list call of its kind narrowed to it (the series calls carry
 * figures only). Until it answers, the heading names the place by its id or serial number.
 */
function usePlaceHeading(place: Place, range: TimeRange): { title: string; meta: string } {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const area = useAreaList(range, 1, place.kind === 'area' ? place.id : undefined, place.kind === 'area');
  const store = useStoreList(range, 1, place.kind === 'store' ? place.id : undefined, place.kind === 'store');
  const device = useDeviceList(range, 1, place.kind === 'sn' ? place.sn : '', place.kind === 'sn');
  if (place.kind === 'area') {
    const found = area.data?.data.find((a) => a._id === place.id);
    return {
      title: found?.area_name ?? t('detail.areaId', { id: place.id }),
      meta: [t('detail.kind.area'), found ? t('region.stores', { count: found.store_count }) : null]
        .filter(Boolean)
        .join(' · '),
    };
  }
  if (place.kind === 'store') {
    const found = store.data?.data.find((s) => s._id === place.id);
    return {
      title: found?.store_name ?? t('detail.storeId', { id: place.id }),
      meta: [t('detail.kind.store'), found?.area?.area_name].filter(Boolean).join(' · '),
    };
  }
  const found = device.data?.data.find((d) => d.sn === place.sn);
  return {
    title: found ? found.title || t('untitled') : place.sn,
    meta: [
      place.sn,
      found ? enumLabel(DEVICE_TYPE_LABELS, found.type, locale) : null,
      found?.store?.store_name,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

function AnalysisDetail({ place }: { place: Place }) {
  const { t } = useTranslation('analytics');
  const [range, setRange] = useUrlRange(DEFAULT_TIME_RANGE_MODES, 'day');
  // One day has one point by day: it opens by hour.
  const [by, setBy] = useState<SeriesBy>(() => (range.mode === 'day' ? 'hour' : 'day'));
  const heading = usePlaceHeading(place, range);
  const days = useDays(range, place);
  const hours = useHours(range, place, by === 'hour');
  const condition = { ...rangeCondition(range), ...placeCondition(place) };
  // A place gone or outside the caller's stores: say so, not "failed to load" with a retry that cannot help.
  const refusal = days.data ? null : lastingRefusal(days.error);
  if (refusal) return <EmptyGuide description={refusal} />;
  return (
    <div className="page an-screen">
      <header className="an-detail-head">
        <h2>{heading.title}</h2>
        {heading.meta ? <p className="muted">{heading.meta}</p> : null}
      </header>
      <StatsPicker range={range} onChange={setRange} />
      {days.data ? <AnalysisOverview analysis={days.data.analysis} title={t('detail.overview')} /> : null}
      <SalesSeriesCard
        query={by === 'day' ? days : hours}
        by={by}
        onBy={setBy}
        action={
          <ReportDownload
            kind="detail"
            condition={condition}
            range={range}
            subject={t('report.subjects.place', { name: heading.title })}
          />
        }
      />
    </div>
  );
}

/** /sicAnalysisDetail?area=ID | ?store=ID | ?sn=SN (spec §2): one place's analysis and its series. */
export default function AnalysisDetailScreen() {
  const { t } = useTranslation('analytics');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const place = placeFromParams(params);
  if (!place) return <EmptyGuide description={t('detail.badLink')} />;
  if (!maySee(user, placeView(place))) return <EmptyGuide description={t('noPermission.detail')} />;
  return <AnalysisDetail place={place} />;
}
