import { FilterOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { panelFilterCount, type DeviceFilters } from '../utils/device-filters';

// The place selector and the filter panel (and the overlay library under them) load when first opened.
const AreaStoreSelector = lazyComponent(() =>
  import('./area-store-selector').then((m) => m.AreaStoreSelector),
);
const FilterPanel = lazyComponent(() => import('./filter-panel').then((m) => m.FilterPanel));
// The names of a picked place load only when one is picked.
const PlaceLabel = lazyComponent(() => import('./place-label').then((m) => m.PlaceLabel));

/** The list's two filter chips: the place (area and store) and the panel of the other filters, with their count. */
export function DeviceFilterRow({
  filters,
  onChange,
}: {
  filters: DeviceFilters;
  onChange: (patch: Partial<DeviceFilters>) => void;
}) {
  const { t } = useTranslation('devices');
  const [placeOpen, setPlaceOpen] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const placeOpened = useOpenedOnce(placeOpen);
  const filterOpened = useOpenedOnce(filterOpen);
  const panelCount = panelFilterCount(filters);
  return (
    <>
      <div className="dv-filter-row">
        <button
          type="button"
          className="chip dv-chip dv-chip-select"
          aria-haspopup="dialog"
          aria-pressed={filters.areaId !== null}
          onClick={() => setPlaceOpen(true)}
        >
          <span className="visually-hidden">{t('place.title')}: </span>
          <span className="dv-chip-text">
            {filters.areaId === null && filters.storeId === null ? (
              t('place.allAreas')
            ) : (
              <PlaceLabel areaId={filters.areaId} storeId={filters.storeId} />
            )}
          </span>
          <span className="dv-caret" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="chip dv-chip dv-chip-select"
          aria-haspopup="dialog"
          aria-pressed={panelCount > 0}
          onClick={() => setFilterOpen(true)}
        >
          <FilterOutline aria-hidden="true" />
          <span>{panelCount > 0 ? t('filter.buttonCount', { count: panelCount }) : t('filter.button')}</span>
        </button>
      </div>
      {placeOpened ? (
        <AreaStoreSelector
          visible={placeOpen}
          value={{ areaId: filters.areaId, storeId: filters.storeId }}
          onClose={() => setPlaceOpen(false)}
          onPick={(pick) => onChange(pick)}
        />
      ) : null}
      {filterOpened ? (
        <FilterPanel
          visible={filterOpen}
          value={{ title: filters.title, alive: filters.alive, merchantId: filters.merchantId }}
          onClose={() => setFilterOpen(false)}
          onApply={(values) => onChange(values)}
        />
      ) : null}
    </>
  );
}
