import { addStore, type Store } from '@vendo/contract/api/catalog';
import { describe, expect, it } from 'vitest';
import { storeBody, storeToForm } from './store-form-values';

const STORE: Store = {
  _id: 7,
  store_name: 'Mall',
  store_address: '1 Road',
  phone: '0755-12345678',
  remarks: '',
  area: { _id: 3, area_name: 'South' },
  dev_count: 0,
  prov: '广东省',
  prov_code: '440000',
  city: '深圳市',
  city_code: '440300',
  s_area: '南山区',
  s_area_code: '440305',
  manager: 'Li',
  salesman: '',
  coop_start: '2026-01-01',
  coop_end: '',
  refund_mode: 'manual',
  client_code: 'C1',
  mode: 'activity',
  coop_mode: 'rent',
  create_time: 0,
};

describe('store form values', () => {
  it('a new store starts in the filtered area with the defaults the server would pick', () => {
    const values = storeToForm(null, 3);
    expect(values.area).toBe(3);
    expect([values.refund_mode, values.mode, values.coop_mode]).toEqual(['auto', 'routine', '']);
  });

  it('an edited store round-trips into a body the contract accepts', () => {
    const body = storeBody(storeToForm(STORE, null));
    const parsed = addStore.request.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({ area: 3, prov_code: '440000', s_area_code: '440305', tel: '0755-12345678' });
    expect(body).not.toHaveProperty('prov');
  });

  it('without an area the contract says the area cannot be empty', () => {
    const parsed = addStore.request.safeParse(storeBody({ ...storeToForm(null, null), name: 'x' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['area', 'required']]);
  });
});
