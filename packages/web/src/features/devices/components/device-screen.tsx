import type { UserInfo } from '@vendo/contract/api/account';
import type { Device } from '@vendo/contract/api/devices';
import { checkSn } from '@vendo/contract/validation';
import { FilterOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { explainFailure } from '../../../components/dialog/explain-failure';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import {
  isOperSignExpired,
  useOperGuard,
  type OperSign,
} from '../../../components/oper-pwd-keypad/use-oper-guard';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import devicesTexts from '../../../i18n/resources/devices';
import { ApiError, errorText } from '../../../lib/api-client';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { loadChunk } from '../../../lib/load-chunk';
import { toast } from '../../../lib/notify';
import { useUserInfo } from '../../../lib/session';
import { DEVICE_PAGE_SIZE, useDevices } from '../api/get-devices';
import { useUnbindDevice } from '../api/unbind-device';
import { canBind, canUnbind, controlEntry, deviceAccess } from '../utils/access';
import {
  filtersFromParams,
  filtersToParams,
  isFiltered,
  NO_FILTERS,
  panelFilterCount,
  type DeviceFilters,
} from '../utils/device-filters';
import { APP_EXPIRED } from '../utils/outcome';
import { useUnbindSteps } from '../utils/unbind-steps';
import { DeviceCard, type DeviceAction } from './device-card';
import './devices.css';

registerNamespace('devices', devicesTexts);

// Each sheet is its own chunk with its sheet around it: the list opens without them, and one loads when first
// opened, so that it slides up filled.
const SettingsSheet = lazyComponent(() => import('./settings-sheet').then((m) => m.SettingsSheet));
const ShelvesSheet = lazyComponent(() => import('./shelves-sheet').then((m) => m.ShelvesSheet));
const RemoteSheet = lazyComponent(() => import('./remote-sheet').then((m) => m.RemoteSheet));
const InventorySheet = lazyComponent(() => import('./inventory-sheet').then((m) => m.InventorySheet));
// The dialogs (and the overlay library under them) load when first opened, as the sheets do.
const DeviceInfoDialog = lazyComponent(() => import('./device-info-dialog').then((m) => m.DeviceInfoDialog));
const UnbindDialog = lazyComponent(() => import('./unbind-dialog').then((m) => m.UnbindDialog));
const AreaStoreSelector = lazyComponent(() =>
  import('./area-store-selector').then((m) => m.AreaStoreSelector),
);
const FilterPanel = lazyComponent(() => import('./filter-panel').then((m) => m.FilterPanel));
// What the list needs only now and then: the names of a picked place, the warning about devices without a payout
// merchant, the guide of a missing Device app.
const PlaceLabel = lazyComponent(() => import('./place-label').then((m) => m.PlaceLabel));
const UnboundWarning = lazyComponent(() => import('./unbound-warning').then((m) => m.UnboundWarning));
const DeviceAppGuide = lazyComponent(() => import('./device-app-guide').then((m) => m.DeviceAppGuide));

type SheetKind = 'settings' | 'shelves' | 'remote' | 'test' | 'inventory';

/** A sheet once opened: its device (kept while it slides away), the operator sign it got, and whether it shows. */
interface SheetState {
  device: Device;
  sign: OperSign;
  open: boolean;
}

function DeviceList({ user }: { user: UserInfo }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  // Clearing the filters empties the search box too: a new key gives a fresh one.
  const [searchKey, setSearchKey] = useState(0);
  const [placeOpen, setPlaceOpen] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [info, setInfo] = useState<{ open: boolean; device: Device | null }>({ open: false, device: null });
  const [sheets, setSheets] = useState<Partial<Record<SheetKind, SheetState>>>({});
  const [unbinding, setUnbinding] = useState<{ device: Device; sign: OperSign } | null>(null);
  const infoOpened = useOpenedOnce(info.open);
  const placeOpened = useOpenedOnce(placeOpen);
  const filterOpened = useOpenedOnce(filterOpen);
  const devices = useDevices(filters);
  const guard = useOperGuard();
  const unbind = useUnbindDevice();
  const list = devices.data?.data ?? [];
  const count = devices.data?.count ?? 0;
  const control = controlEntry(user);
  const mayUnbind = canUnbind(user);
  const filtered = isFiltered(filters);
  const panelCount = panelFilterCount(filters);

  const setFilters = (next: DeviceFilters) => setParams(filtersToParams(next), { replace: true });
  const change = (patch: Partial<DeviceFilters>) => setFilters({ ...filters, ...patch, page: 1 });

  const search = (sn: string) => {
    // Spec §5: serial numbers are digits; anything else gets the tip and no search.
    const key = checkSn(sn);
    if (key) {
      // The texts of the contract's checks load with the first tip: most visits never need them.
      void loadChunk(() => import('../../../lib/validation')).then(({ validationText }) =>
        toast(validationText(key, currentLocale())),
      );
      return;
    }
    change({ sn });
  };

  const steps = useUnbindSteps(() => {
    if (!unbinding) return;
    const { device, sign } = unbinding;
    unbind.mutate(
      { sn: device.sn, sign },
      {
        onSuccess: () => {
          toast(t('unbind.done'), { icon: 'success' });
          if (list.length === 1 && filters.page > 1) setFilters({ ...filters, page: filters.page - 1 });
        },
        onError: (error) => {
          if (isOperSignExpired(error)) {
            // The operator session lapsed during the questions: verify again, then ask again.
            guard.expire();
            toast(errorText(error));
            guard.guard((fresh) => {
              setUnbinding({ device, sign: fresh });
              steps.start();
            });
            return;
          }
          void explainFailure(error, t('unbind.failed'));
        },
      },
    );
  });

  const openSheet = (kind: SheetKind, device: Device, sign: OperSign = undefined) =>
    setSheets((all) => ({ ...all, [kind]: { device, sign, open: true } }));
  const closeSheet = (kind: SheetKind) =>
    setSheets((all) => {
      const sheet = all[kind];
      return sheet ? { ...all, [kind]: { ...sheet, open: false } } : all;
    });

  const onAction = (action: DeviceAction, device: Device) => {
    if (action === 'info') setInfo({ open: true, device });
    else if (action === 'unbind') {
      guard.guard((sign) => {
        setUnbinding({ device, sign });
        steps.start();
      });
    } else if (action === 'remote' || action === 'test') {
      guard.guard((sign) => openSheet(action, device, sign));
    } else openSheet(action, device);
  };

  /** Remote control found the operator session over: close, verify again, and reopen (spec §4). */
  const reverify = (kind: SheetKind, device: Device) => {
    guard.expire();
    closeSheet(kind);
    guard.guard((sign) => openSheet(kind, device, sign));
  };

  const unboundCount = filters.merchantId === '0' ? list.filter((d) => d.merchant_id === null).length : 0;

  if (devices.error instanceof ApiError && devices.error.rcode === APP_EXPIRED) return <DeviceAppGuide />;

  const { settings, shelves, remote, test, inventory } = sheets;
  return (
    <div className="page dv-page">
      <ListSearch
        key={searchKey}
        placeholder={t('search')}
        onSearch={search}
        add={
          canBind(user)
            ? { label: t('bindAction'), onClick: () => void navigate('/deviceBindEnter') }
            : undefined
        }
      />
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
      {devices.data ? (
        <p className="muted dv-count" aria-live="polite">
          {t('count', { count })}
        </p>
      ) : null}
      {unboundCount > 0 ? <UnboundWarning count={unboundCount} /> : null}
      <ListState
        pending={devices.isPending}
        failed={devices.isError && !devices.data}
        onRetry={() => void devices.refetch()}
        empty={list.length === 0}
        emptyGuide={
          filtered ? (
            <EmptyGuide
              description={t('empty.noMatch')}
              actionText={t('empty.clear')}
              onAction={() => {
                setSearchKey((k) => k + 1);
                setFilters(NO_FILTERS);
              }}
            />
          ) : (
            <EmptyGuide
              description={canBind(user) ? t('empty.none') : t('empty.noneStaff')}
              actionText={canBind(user) ? t('empty.bind') : undefined}
              onAction={canBind(user) ? () => void navigate('/deviceBindEnter') : undefined}
            />
          )
        }
      >
        <ul className="dv-list">
          {list.map((device) => (
            <DeviceCard
              key={device.sn}
              device={device}
              canUnbind={mayUnbind}
              control={control}
              onAction={onAction}
            />
          ))}
        </ul>
        <Pagination
          current={filters.page}
          total={count}
          pageSize={DEVICE_PAGE_SIZE}
          onChange={(page) => setFilters({ ...filters, page })}
        />
      </ListState>

      {placeOpened ? (
        <AreaStoreSelector
          visible={placeOpen}
          value={{ areaId: filters.areaId, storeId: filters.storeId }}
          onClose={() => setPlaceOpen(false)}
          onPick={(pick) => change(pick)}
        />
      ) : null}
      {filterOpened ? (
        <FilterPanel
          visible={filterOpen}
          value={{ title: filters.title, alive: filters.alive, merchantId: filters.merchantId }}
          onClose={() => setFilterOpen(false)}
          onApply={(values) => change(values)}
        />
      ) : null}
      {infoOpened ? (
        <DeviceInfoDialog
          device={info.device}
          visible={info.open}
          onClose={() => setInfo((i) => ({ ...i, open: false }))}
        />
      ) : null}
      {unbinding ? (
        <UnbindDialog
          visible={steps.open}
          step={steps.step}
          name={unbinding.device.title || t('notSet')}
          sn={unbinding.device.sn}
          onConfirm={steps.confirm}
          onCancel={steps.cancel}
        />
      ) : null}
      {settings ? (
        <SettingsSheet
          visible={settings.open}
          device={settings.device}
          onClose={() => closeSheet('settings')}
        />
      ) : null}
      {shelves ? (
        <ShelvesSheet visible={shelves.open} device={shelves.device} onClose={() => closeSheet('shelves')} />
      ) : null}
      {inventory ? (
        <InventorySheet
          visible={inventory.open}
          device={inventory.device}
          onClose={() => closeSheet('inventory')}
        />
      ) : null}
      {remote ? (
        <RemoteSheet
          visible={remote.open}
          device={remote.device}
          sign={remote.sign}
          mode="remote"
          onClose={() => closeSheet('remote')}
          onSignExpired={() => reverify('remote', remote.device)}
        />
      ) : null}
      {test ? (
        <RemoteSheet
          visible={test.open}
          device={test.device}
          sign={test.sign}
          mode="test"
          onClose={() => closeSheet('test')}
          onSignExpired={() => reverify('test', test.device)}
        />
      ) : null}
      {guard.popup}
    </div>
  );
}

/** /deviceManage (spec §2): the Device app and permission 1023 (the main account holds every permission). */
export default function DeviceScreen() {
  const { t } = useTranslation('devices');
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const access = deviceAccess(user, now);
  if (!user) return null;
  if (access === 'noApp') return <DeviceAppGuide />;
  if (access === 'noPermission') return <EmptyGuide description={t('noPermission')} />;
  return <DeviceList user={user} />;
}
