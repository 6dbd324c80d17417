import { sql, type Kysely } from 'kysely';
import { bigint, withId } from '../schema-helpers';

/** Areas, stores, goods with detail images, uploads and the image library, stock entries and the stock log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('areas'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('areas_merchant').on('areas').columns(['merchant_id', 'deleted_at']).execute();

  await withId(db, db.schema.createTable('stores'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('area_id', bigint, (c) => c.notNull().references('areas.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('prov', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('prov_code', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('city_code', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('district', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('district_code', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('manager', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('salesman', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('coop_start', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('coop_end', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_mode', 'varchar(16)', (c) => c.notNull().defaultTo('auto'))
    .addColumn('client_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mode', 'varchar(16)', (c) => c.notNull().defaultTo('routine'))
    .addColumn('coop_mode', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema
    .createIndex('stores_merchant')
    .on('stores')
    .columns(['merchant_id', 'deleted_at'])
    .execute();
  await db.schema.createIndex('stores_area').on('stores').column('area_id').execute();

  await withId(db, db.schema.createTable('goods'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('price', bigint, (c) => c.notNull())
    .addColumn('cost_price', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('goods_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sold', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('goods_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail_intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('goods_merchant').on('goods').columns(['merchant_id', 'deleted_at']).execute();

  await withId(db, db.schema.createTable('goods_detail_images'))
    .addColumn('goods_id', bigint, (c) => c.notNull().references('goods.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('goods_detail_images_goods')
    .on('goods_detail_images')
    .columns(['goods_id', 'position'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('uploads'))
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('path', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('bytes', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('goods_images'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('upload_id', bigint, (c) => c.notNull().references('uploads.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_by', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_images_merchant').on('goods_images').column('merchant_id').execute();
  await db.schema.createIndex('goods_images_upload').on('goods_images').column('upload_id').execute();

  await withId(db, db.schema.createTable('stocks'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('goods_id', bigint, (c) => c.notNull().references('goods.id'))
    .addColumn('store_id', bigint, (c) => c.references('stores.id'))
    .addColumn('quantity', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  // One entry per goods and place; NULL never equals NULL in a unique index, so the total level gets its own.
  await db.schema
    .createIndex('stocks_goods_store')
    .on('stocks')
    .columns(['goods_id', 'store_id'])
    .unique()
    .where(sql.ref('store_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('stocks_goods_total')
    .on('stocks')
    .column('goods_id')
    .unique()
    .where(sql.ref('store_id'), 'is', null)
    .execute();
  await db.schema.createIndex('stocks_merchant').on('stocks').column('merchant_id').execute();

  await withId(db, db.schema.createTable('stock_records'))
    .addColumn('merchant_id', bigint, (c) => c.notNull().references('merchants.id'))
    .addColumn('goods_id', bigint, (c) => c.notNull().references('goods.id'))
    .addColumn('stock_type', 'integer', (c) => c.notNull())
    .addColumn('oper_type', 'integer', (c) => c.notNull())
    .addColumn('quantity', bigint, (c) => c.notNull())
    .addColumn('balance', bigint, (c) => c.notNull())
    .addColumn('area_id', bigint)
    .addColumn('store_id', bigint)
    .addColumn('sn', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_id', bigint)
    .addColumn('channel_sn', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('oper_user_id', bigint)
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_records_merchant_time')
    .on('stock_records')
    .columns(['merchant_id', 'created_at'])
    .execute();
}
