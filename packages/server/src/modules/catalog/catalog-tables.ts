import type { Generated } from 'kysely';

/**
 * Areas, stores, goods, images and stock (issue: catalog). Areas, stores and goods are soft-deleted
 * (deleted_at) because orders, analytics and the stock log keep pointing at them after they leave the lists.
 */
export interface CatalogTables {
  areas: AreasTable;
  stores: StoresTable;
  goods: GoodsTable;
  goods_detail_images: GoodsDetailImagesTable;
  uploads: UploadsTable;
  goods_images: GoodsImagesTable;
}

export interface AreasTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  address: string;
  /** Service phone: mobile, landline or 400/800. */
  phone: string;
  remarks: string;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface StoresTable {
  id: Generated<number>;
  merchant_id: number;
  area_id: number;
  name: string;
  address: string;
  phone: string;
  remarks: string;
  /** Names and official 6-digit codes of province, city and district; all '' when not set. */
  prov: string;
  prov_code: string;
  city: string;
  city_code: string;
  district: string;
  district_code: string;
  manager: string;
  salesman: string;
  /** 'YYYY-MM-DD' or ''. */
  coop_start: string;
  coop_end: string;
  /** 'auto' | 'manual' */
  refund_mode: string;
  client_code: string;
  /** 'routine' | 'activity' | 'custom' */
  mode: string;
  /** 'rent' | 'revenueShare' | 'gift' | 'sale' | '' */
  coop_mode: string;
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface GoodsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  /** cents */
  price: number;
  /** cents */
  cost_price: number;
  goods_code: string;
  sold: number;
  /** Comma-joined, at most 2; a tag never holds an English comma. */
  tags: string;
  description: string;
  /** minutes */
  duration: number;
  goods_type: string;
  /** Stored upload path ('/uploads/ab/…'), '' when none; URLs are built on the way out. */
  img: string;
  detail_intro: string;
  /** The user who added the goods: staff limited to their own goods see only these. */
  created_by: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface GoodsDetailImagesTable {
  id: Generated<number>;
  goods_id: number;
  position: number;
  path: string;
}

/** Stored files, one per distinct content (sha256), shared by every library entry that holds it. */
export interface UploadsTable {
  id: Generated<number>;
  sha256: string;
  /** '/uploads/ab/<sha256>.<ext>' */
  path: string;
  content_type: string;
  bytes: number;
  created_at: number;
}

/** The merchant's image library: a named entry per image uploaded. */
export interface GoodsImagesTable {
  id: Generated<number>;
  merchant_id: number;
  upload_id: number;
  name: string;
  created_by: number;
  created_at: number;
}
