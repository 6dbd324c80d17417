import type { Store } from '@vendo/contract/api/catalog';
import type { CooperationMode, StoreMode, StoreRefundMode } from '@vendo/contract/enums';
import { NO_REGION, type PickedRegion } from '../../../components/region-field/region-options';

export interface StoreFormValues extends PickedRegion {
  [key: string]: unknown;
  name: string;
  address: string;
  tel: string;
  note: string;
  /** The area's _id; null until one is picked. */
  area: number | null;
  manager: string;
  salesman: string;
  /** 'YYYY-MM-DD' or '' */
  coop_start: string;
  coop_end: string;
  refund_mode: StoreRefundMode;
  client_code: string;
  mode: StoreMode;
  coop_mode: CooperationMode | '';
}

/** The form's starting values: the store being edited, or an empty store in the area the list is filtered to. */
export function storeToForm(store: Store | null, defaultArea: number | null): StoreFormValues {
  if (!store) {
    return {
      name: '',
      address: '',
      tel: '',
      note: '',
      area: defaultArea,
      ...NO_REGION,
      manager: '',
      salesman: '',
      coop_start: '',
      coop_end: '',
      refund_mode: 'auto',
      client_code: '',
      mode: 'routine',
      coop_mode: '',
    };
  }
  return {
    name: store.store_name,
    address: store.store_address,
    tel: store.phone,
    note: store.remarks,
    area: store.area._id,
    prov: store.prov,
    prov_code: store.prov_code,
    city: store.city,
    city_code: store.city_code,
    s_area: store.s_area,
    s_area_code: store.s_area_code,
    manager: store.manager,
    salesman: store.salesman,
    coop_start: store.coop_start,
    coop_end: store.coop_end,
    refund_mode: store.refund_mode,
    client_code: store.client_code,
    mode: store.mode,
    coop_mode: store.coop_mode,
  };
}

/** The body of addStore / editStore: the region travels as codes only (the server names them). */
export function storeBody(values: StoreFormValues) {
  return {
    name: values.name,
    address: values.address,
    tel: values.tel,
    note: values.note,
    area: values.area ?? undefined,
    prov_code: values.prov_code,
    city_code: values.city_code,
    s_area_code: values.s_area_code,
    manager: values.manager,
    salesman: values.salesman,
    coop_start: values.coop_start,
    coop_end: values.coop_end,
    refund_mode: values.refund_mode,
    client_code: values.client_code,
    mode: values.mode,
    coop_mode: values.coop_mode,
  };
}
