import { DEVICE_TYPE_LABELS, enumLabel } from '@vendo/contract/enums';
import { formatRate } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { useDeviceOverview } from '../api/get-device-overview';
import { FigureGrid } from './figure-grid';
import { StatsState } from './stats-state';

/** The machines now, by type (spec §3 device overview): online of total and the online rate. */
export function DeviceOverviewCard() {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const query = useDeviceOverview();
  const data = query.data;
  return (
    <section className="card" aria-labelledby="an-device-overview">
      <h2 id="an-device-overview" className="card-title">
        {t('devices.overview')}
      </h2>
      <StatsState
        query={query}
        empty={data?.total === 0}
        emptyGuide={<p className="muted">{t('empty.noDevices')}</p>}
      >
        {data ? (
          <>
            <FigureGrid
              figures={[
                [t('devices.total'), String(data.total)],
                [t('devices.online'), String(data.online)],
                [t('devices.onlineRate'), formatRate(data.onlineRate)],
              ]}
            />
            <ul className="an-types" aria-label={t('devices.byType')}>
              {data.data.map((group) => (
                <li key={group.type}>
                  <span className="an-type-name">
                    {enumLabel(DEVICE_TYPE_LABELS, group.type, locale) ?? group.type_text}
                  </span>
                  <span className="an-type-count">
                    {t('devices.onlineOf', { online: group.online, total: group.total })}
                  </span>
                  <span className="an-type-rate">{formatRate(group.onlineRate)}</span>
                  <span className="an-rank-bar" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, group.onlineRate / 100)}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </StatsState>
    </section>
  );
}
