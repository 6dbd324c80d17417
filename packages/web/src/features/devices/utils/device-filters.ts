import { checkSn } from '@vendo/contract/validation';

export type AliveFilter = 'online' | 'offline';

/**
 * The device list's filters as the address holds them (spec §2 /deviceManage query parameters): alive
 * (true/false), areaId with storeId, merchantId (0: devices without a payout merchant), plus the serial-number
 * search, the name and the page, so the back button and a shared link give the same list.
 */
export interface DeviceFilters {
  sn: string;
  title: string;
  alive: AliveFilter | null;
  areaId: number | null;
  storeId: number | null;
  /** '0' lists devices without a payout merchant. */
  merchantId: string | null;
  page: number;
}

export const NO_FILTERS: DeviceFilters = {
  sn: '',
  title: '',
  alive: null,
  areaId: null,
  storeId: null,
  merchantId: null,
  page: 1,
};

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function aliveOf(value: string | null): AliveFilter | null {
  if (value === 'true' || value === '1') return 'online';
  if (value === 'false' || value === '0') return 'offline';
  return null;
}

export function filtersFromParams(params: URLSearchParams): DeviceFilters {
  const sn = params.get('sn')?.trim() ?? '';
  const merchant = params.get('merchantId')?.trim() ?? '';
  const page = positiveId(params.get('page')) ?? 1;
  return {
    // A hand-edited address cannot make the list search by a non-numeric serial number.
    sn: checkSn(sn) === null ? sn : '',
    title: params.get('title')?.trim() ?? '',
    alive: aliveOf(params.get('alive')),
    areaId: positiveId(params.get('areaId')),
    storeId: positiveId(params.get('storeId')),
    merchantId: /^[\w-]{1,64}$/.test(merchant) ? merchant : null,
    page,
  };
}

export function filtersToParams(filters: DeviceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sn) params.set('sn', filters.sn);
  if (filters.title) params.set('title', filters.title);
  if (filters.alive) params.set('alive', filters.alive === 'online' ? 'true' : 'false');
  if (filters.areaId !== null) params.set('areaId', String(filters.areaId));
  if (filters.storeId !== null) params.set('storeId', String(filters.storeId));
  if (filters.merchantId !== null) params.set('merchantId', filters.merchantId);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The condition of /d/getDev for these filters; what is not filtered is left out. */
export function deviceCondition(filters: DeviceFilters) {
  return {
    ...(filters.sn ? { sn: filters.sn } : {}),
    ...(filters.title ? { title: filters.title } : {}),
    ...(filters.alive ? { alive: filters.alive === 'online' ? (1 as const) : (0 as const) } : {}),
    ...(filters.areaId !== null ? { area: filters.areaId } : {}),
    ...(filters.storeId !== null ? { store: filters.storeId } : {}),
    ...(filters.merchantId !== null ? { merchant_id: filters.merchantId } : {}),
  };
}

/** How many filters the panel holds (name, status, payout merchant), for the badge on its button. */
export function panelFilterCount(filters: DeviceFilters): number {
  return [filters.title !== '', filters.alive !== null, filters.merchantId !== null].filter(Boolean).length;
}

/** Whether anything narrows the list, so the empty state says "no match" rather than "no devices yet". */
export function isFiltered(filters: DeviceFilters): boolean {
  return (
    filters.sn !== '' || panelFilterCount(filters) > 0 || filters.areaId !== null || filters.storeId !== null
  );
}
