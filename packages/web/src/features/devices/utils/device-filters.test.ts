import { getDev } from '@vendo/contract/api/devices';
import { describe, expect, it } from 'vitest';
import {
  deviceCondition,
  filtersFromParams,
  filtersToParams,
  isFiltered,
  NO_FILTERS,
  panelFilterCount,
} from './device-filters';

const from = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('device list filters', () => {
  it('honours the query parameters of spec §2: alive, areaId with storeId, merchantId', () => {
    expect(from('alive=true&areaId=3&storeId=7&merchantId=0')).toEqual({
      ...NO_FILTERS,
      alive: 'online',
      areaId: 3,
      storeId: 7,
      merchantId: '0',
    });
    expect(from('alive=false').alive).toBe('offline');
    expect(from('alive=1').alive).toBe('online');
    expect(from('alive=maybe').alive).toBeNull();
  });

  it('ignores what a hand-edited address gets wrong', () => {
    expect(from('areaId=-1&storeId=x&page=0&sn=86abc')).toEqual(NO_FILTERS);
    expect(from('merchantId=a%20b').merchantId).toBeNull();
  });

  it('round-trips through the address', () => {
    const filters = {
      ...NO_FILTERS,
      sn: '8600',
      title: 'Lobby',
      alive: 'offline' as const,
      areaId: 2,
      page: 3,
    };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
  });

  it('asks /d/getDev for what is filtered, and nothing else', () => {
    const condition = deviceCondition(from('alive=false&areaId=3&storeId=7&merchantId=0&sn=86&title=Lobby'));
    expect(condition).toEqual({ sn: '86', title: 'Lobby', alive: 0, area: 3, store: 7, merchant_id: '0' });
    expect(getDev.request.safeParse({ pageNum: 1, pageSize: 10, condition }).success).toBe(true);
    expect(deviceCondition(NO_FILTERS)).toEqual({});
  });

  it('counts the panel filters for its button and knows when the list is narrowed', () => {
    expect(panelFilterCount(from('title=a&alive=true&merchantId=0&areaId=1'))).toBe(3);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered(from('areaId=1'))).toBe(true);
    expect(isFiltered(from('sn=86'))).toBe(true);
  });
});
