import type { UserInfo } from '@vendo/contract/api/account';
import type { Device } from '@vendo/contract/api/devices';
import { checkSn } from '@vendo/contract/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import devicesTexts from '../../../i18n/resources/devices';
import { ApiError } from '../../../lib/api-client';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { loadChunk } from '../../../lib/load-chunk';
import { toast } from '../../../lib/notify';
import { useUserInfo } from '../../../lib/session';
import { DEVICE_PAGE_SIZE, useDevices } from '../api/get-devices';
import { canBind, canUnbind, controlEntry, deviceAccess } from '../utils/access';
import { can } from '../../../lib/permissions';
import {
  filtersFromParams,
  filtersToParams,
  isFiltered,
  NO_FILTERS,
  type DeviceFilters,
} from '../utils/device-filters';
import { APP_EXPIRED } from '../utils/outcome';
import { DeviceCard, type DeviceAction } from './device-card';
import { DeviceFilterRow } from './device-filter-row';
import { DeviceSheets } from './device-sheets';
import { useDeviceSheets } from './use-device-sheets';
import { useUnbindFlow } from './use-unbind-flow';
import './devices.css';

registerNamespace('devices', devicesTexts);

// The dialogs (and the overlay library under them) load when first opened, as the sheets do.
const DeviceInfoDialog = lazyComponent(() => import('./device-info-dialog').then((m) => m.DeviceInfoDialog));
const UnbindDialog = lazyComponent(() => import('./unbind-dialog').then((m) => m.UnbindDialog));
// What the list needs only now and then: the warning about devices without a payout merchant, the guide of a
// missing Device app.
const UnboundWarning = lazyComponent(() => import('./unbound-warning').then((m) => m.UnboundWarning));
const DeviceAppGuide = lazyComponent(() => import('./device-app-guide').then((m) => m.DeviceAppGuide));

/**
 * The device list (spec §3): search by serial number, the place and filter chips, the cards with their actions,
 * paging; the sheets, dialogs and the unbind questions the actions open.
 */
function DeviceList({ user }: { user: UserInfo }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  // Clearing the filters empties the search box too: a new key gives a fresh one.
  const [searchKey, setSearchKey] = useState(0);
  const [info, setInfo] = useState<{ open: boolean; device: Device | null }>({ open: false, device: null });
  const infoOpened = useOpenedOnce(info.open);
  const devices = useDevices(filters);
  const guard = useOperGuard();
  const sheets = useDeviceSheets(guard);
  const list = devices.data?.data ?? [];
  const count = devices.data?.count ?? 0;
  const control = controlEntry(user);
  const mayUnbind = canUnbind(user);
  const [now] = useState(() => Date.now());
  const maySetPayout = can(user, 'bankCard', now);
  const filtered = isFiltered(filters);

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

  const {
    unbinding,
    steps,
    start: startUnbind,
  } = useUnbindFlow(guard, () => {
    if (list.length === 1 && filters.page > 1) setFilters({ ...filters, page: filters.page - 1 });
  });

  const onAction = (action: DeviceAction, device: Device) => {
    if (action === 'info') setInfo({ open: true, device });
    else if (action === 'unbind') startUnbind(device);
    else if (action === 'remote' || action === 'test') {
      guard.guard((sign) => sheets.open(action, device, sign));
    } else sheets.open(action, device);
  };

  const unboundCount = filters.merchantId === '0' ? list.filter((d) => d.merchant_id === null).length : 0;

  if (devices.error instanceof ApiError && devices.error.rcode === APP_EXPIRED) return <DeviceAppGuide />;

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
      <DeviceFilterRow filters={filters} onChange={change} />
      {devices.data ? (
        <p className="muted dv-count" aria-live="polite">
          {t('count', { count })}
        </p>
      ) : null}
      {unboundCount > 0 ? <UnboundWarning count={unboundCount} /> : null}
      <ListState
        pending={devices.isPending}
        failed={devices.isError && !devices.data}
        error={devices.error}
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
              canSetPayout={maySetPayout}
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
      <DeviceSheets state={sheets} />
      {guard.popup}
    </div>
  );
}

/** /deviceManage (spec §2): the Device app and permission 1023 (the main account holds every permission). */
export default function DeviceScreen() {
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const access = deviceAccess(user, now);
  if (!user) return null;
  if (access === 'noApp') return <DeviceAppGuide />;
  return <DeviceList user={user} />;
}
