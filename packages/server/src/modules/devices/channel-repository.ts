import type { Kysely, Updateable } from 'kysely';
import { MIN_PRICE_CENTS } from '@vendo/contract/constants';
import type { Database } from '../../db/database';
import type { ChannelRow, ChannelsTable } from './device-tables';

/** A shelf with the goods it holds (catalog goods; deleted goods read as none). */
export interface ChannelWithGoods extends ChannelRow {
  goods_name: string | null;
  goods_img: string | null;
}

/** What a new or reset shelf holds: nothing, at the lowest prices, enabled. */
export const EMPTY_SHELF = {
  name: '',
  price: MIN_PRICE_CENTS,
  game_price: MIN_PRICE_CENTS,
  quantity: 0,
  capacity: 10,
  probability: 0,
  difficulty: 'normal',
  enabled: 1,
  goods_id: null,
  status: 0,
  fault: '',
} as const;

export type ShelfFields = Pick<
  Updateable<ChannelsTable>,
  | 'name'
  | 'price'
  | 'game_price'
  | 'quantity'
  | 'capacity'
  | 'probability'
  | 'difficulty'
  | 'enabled'
  | 'goods_id'
  | 'status'
  | 'fault'
>;

/** All SQL about shelves (the `channels` table). */
export class ChannelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The device's shelves in slot order, with their goods when those are the owner's and not deleted. */
  list(
    deviceId: number,
    merchantId: number | null,
    db: Kysely<Database> = this.db,
  ): Promise<ChannelWithGoods[]> {
    return db
      .selectFrom('channels')
      .leftJoin('goods', (j) =>
        j
          .onRef('goods.id', '=', 'channels.goods_id')
          .on('goods.merchant_id', '=', merchantId ?? -1)
          .on('goods.deleted_at', 'is', null),
      )
      .selectAll('channels')
      .select(['goods.name as goods_name', 'goods.img as goods_img'])
      .where('channels.device_id', '=', deviceId)
      .orderBy('channels.position')
      .execute();
  }

  find(deviceId: number, id: number, db: Kysely<Database> = this.db): Promise<ChannelRow | undefined> {
    return db
      .selectFrom('channels')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByNumbers(trx: Kysely<Database>, deviceId: number, numbers: number[]): Promise<ChannelRow[]> {
    if (numbers.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('channels')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('channel_sn', 'in', numbers)
      .execute();
  }

  findByPosition(trx: Kysely<Database>, deviceId: number, position: number): Promise<ChannelRow | undefined> {
    return trx
      .selectFrom('channels')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('position', '=', position)
      .executeTakeFirst();
  }

  /** The merchant's goods that still exist. */
  findGoods(merchantId: number, goodsId: number) {
    return this.db
      .selectFrom('goods')
      .select(['id', 'name', 'img'])
      .where('id', '=', goodsId)
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async update(trx: Kysely<Database>, id: number, fields: ShelfFields, now: number): Promise<void> {
    await trx
      .updateTable('channels')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Sets the shelf count: slots above it go, missing slots 1..count are added empty. A new slot takes its slot
   * number as shelf number unless another shelf was renumbered to it; then the next free number.
   */
  async setCount(trx: Kysely<Database>, deviceId: number, count: number, now: number): Promise<void> {
    await trx
      .deleteFrom('channels')
      .where('device_id', '=', deviceId)
      .where('position', '>', count)
      .execute();
    const existing = await trx
      .selectFrom('channels')
      .select(['position', 'channel_sn'])
      .where('device_id', '=', deviceId)
      .execute();
    const positions = new Set(existing.map((r) => r.position));
    const numbers = new Set(existing.map((r) => r.channel_sn));
    const rows = [];
    for (let position = 1; position <= count; position++) {
      if (positions.has(position)) continue;
      let number = position;
      while (numbers.has(number)) number++;
      numbers.add(number);
      rows.push({ device_id: deviceId, position, channel_sn: number, ...EMPTY_SHELF, updated_at: now });
    }
    // Chunks keep the statement under SQLite's variable limit.
    for (let i = 0; i < rows.length; i += 50) {
      await trx
        .insertInto('channels')
        .values(rows.slice(i, i + 50))
        .execute();
    }
  }

  /** New shelf numbers, in two steps so that swapping two numbers never meets the unique index. */
  async renumber(
    trx: Kysely<Database>,
    deviceId: number,
    changes: Array<{ id: number; channel_sn: number }>,
    now: number,
  ): Promise<void> {
    for (const c of changes) {
      await trx
        .updateTable('channels')
        .set({ channel_sn: -c.id })
        .where('device_id', '=', deviceId)
        .where('id', '=', c.id)
        .execute();
    }
    for (const c of changes) {
      await trx
        .updateTable('channels')
        .set({ channel_sn: c.channel_sn, updated_at: now })
        .where('device_id', '=', deviceId)
        .where('id', '=', c.id)
        .execute();
    }
  }

  /** Every shelf back to empty (unbinding: the next owner starts clean). */
  async resetAll(trx: Kysely<Database>, deviceId: number, now: number): Promise<void> {
    await trx
      .updateTable('channels')
      .set({ ...EMPTY_SHELF, updated_at: now })
      .where('device_id', '=', deviceId)
      .execute();
  }
}
