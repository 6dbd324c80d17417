import type { Generated, Selectable } from 'kysely';

/** Advertisement plans, their targets and the machines' ads revisions (migration 0022). */
export interface AdvertTables {
  adverts: AdvertsTable;
  advert_targets: AdvertTargetsTable;
  advert_machine_revs: AdvertMachineRevsTable;
}

export interface AdvertsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** Spec §9: 0..7 (api/adverts.ts ADVERT_TYPES). */
  type: number;
  /** all | stores | machines */
  scope: string;
  /** Stored image path of the merchant's library; '' when none. */
  image: string;
  text: string;
  link: string;
  web_url: string;
  /** 0 when none. */
  coupon_id: number;
  app_id: string;
  placement_id: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export type AdvertRow = Selectable<AdvertsTable>;

export interface AdvertTargetsTable {
  advert_id: number;
  /** store | machine */
  kind: string;
  /** A store id or a device id. */
  target_id: number;
}

export interface AdvertMachineRevsTable {
  device_id: number;
  rev: number;
  /** sha256 of the list the revision stands for. */
  digest: string;
  acked_rev: number;
  updated_at: number;
}
