import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { contains, lockMerchant, pageWindow } from '../../db/list-query';
import type {
  BankCardImageRow,
  BankCardImagesTable,
  BankCardRow,
  BankCardShareRow,
  BankCardsTable,
} from './bank-card-tables';

export interface CardFilter {
  merchantId: number;
  /** Staff limited to their own cards: only these. */
  createdBy: number | null;
  keyword?: string | undefined;
  reviewState?: string | undefined;
}

type Db = Kysely<Database>;

/** All SQL of the payout cards, their photos and share links. */
export class BankCardRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: BankCardRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BankCardRepository(trx), trx));
  }

  /** Serialises quota checks of one merchant (PostgreSQL row lock; SQLite writes one at a time anyway). */
  lockMerchant(merchantId: number): Promise<void> {
    return lockMerchant(this.db, merchantId);
  }

  async insertCard(values: Insertable<BankCardsTable>): Promise<number> {
    const row = await this.db
      .insertInto('bank_cards')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateCard(id: number, values: Updateable<BankCardsTable>): Promise<void> {
    await this.db.updateTable('bank_cards').set(values).where('id', '=', id).execute();
  }

  async deleteCard(id: number): Promise<void> {
    await this.db.deleteFrom('bank_cards').where('id', '=', id).execute();
  }

  findCard(merchantId: number, id: number): Promise<BankCardRow | undefined> {
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Any merchant's card (the reviewer). */
  findAnyCard(id: number): Promise<BankCardRow | undefined> {
    return this.db.selectFrom('bank_cards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countCards(merchantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('bank_cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(
    f: CardFilter,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: BankCardRow[]; count: number }> {
    let query = this.db.selectFrom('bank_cards').where('merchant_id', '=', f.merchantId);
    if (f.createdBy !== null) query = query.where('created_by', '=', f.createdBy);
    if (f.reviewState) query = query.where('review_state', '=', f.reviewState);
    if (f.keyword) {
      const k = f.keyword;
      query = query.where((eb) =>
        eb.or([contains('acct_name', k), contains('mch_name', k), eb('acct_no_last4', '=', k)]),
      );
    }
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(n) };
  }

  /** Cards by review state (home's banner); with createdBy, only the cards that user added. */
  async countsByState(merchantId: number, createdBy: number | null = null): Promise<Map<string, number>> {
    let query = this.db.selectFrom('bank_cards').where('merchant_id', '=', merchantId);
    if (createdBy !== null) query = query.where('created_by', '=', createdBy);
    const rows = await query
      .select(['review_state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('review_state')
      .execute();
    return new Map(rows.map((r) => [r.review_state, Number(r.n)]));
  }

  /** These cards of the merchant, by id. */
  /** Ids of the cards a user of the merchant added (or that came through their share links). */
  async cardIdsCreatedBy(merchantId: number, userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('bank_cards')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('created_by', '=', userId)
      .execute();
    return rows.map((r) => String(r.id));
  }

  cardsByIds(merchantId: number, ids: readonly number[]): Promise<BankCardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Approved cards of every merchant with this number's blind index (fee splitting's look-up). */
  approvedByNumberIndex(index: string): Promise<BankCardRow[]> {
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('acct_no_index', '=', index)
      .where('review_state', '=', 'approved')
      .orderBy('id')
      .execute();
  }

  /** Cards of any merchant by id (split accounts are other merchants' cards). */
  anyCardsByIds(ids: readonly number[]): Promise<BankCardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Cards written before the blind index existed. */
  unindexed(limit: number): Promise<Pick<BankCardRow, 'id' | 'acct_no_enc'>[]> {
    return this.db
      .selectFrom('bank_cards')
      .select(['id', 'acct_no_enc'])
      .where('acct_no_index', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async setNumberIndex(id: number, index: string): Promise<void> {
    await this.db.updateTable('bank_cards').set({ acct_no_index: index }).where('id', '=', id).execute();
  }

  /** The reviewer's list: every merchant's cards in these states, oldest submission first. */
  reviewQueue(states: readonly string[], limit: number): Promise<BankCardRow[]> {
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('review_state', 'in', [...states])
      .orderBy('submitted_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  // -- Images

  async insertImage(values: Insertable<BankCardImagesTable>): Promise<void> {
    await this.db.insertInto('bank_card_images').values(values).execute();
  }

  findImage(merchantId: number, publicId: string): Promise<BankCardImageRow | undefined> {
    return this.db
      .selectFrom('bank_card_images')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('public_id', '=', publicId)
      .executeTakeFirst();
  }

  imagesByIds(ids: readonly number[]): Promise<BankCardImageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('bank_card_images')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  findImageById(id: number): Promise<BankCardImageRow | undefined> {
    return this.db.selectFrom('bank_card_images').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteImages(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('bank_card_images')
      .where('id', 'in', [...ids])
      .execute();
  }

  // -- Share links

  async insertShare(values: {
    merchant_id: number;
    created_by: number;
    token: string;
    secret_hash: string;
    expires_at: number;
    created_at: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('bank_card_shares')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  findShareByToken(token: string): Promise<BankCardShareRow | undefined> {
    return this.db.selectFrom('bank_card_shares').selectAll().where('token', '=', token).executeTakeFirst();
  }

  findShare(merchantId: number, id: number): Promise<BankCardShareRow | undefined> {
    return this.db
      .selectFrom('bank_card_shares')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Links still usable to start a card: not revoked, not expired, no card yet. */
  async countLiveShares(merchantId: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('bank_card_shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('revoked_at', 'is', null)
      .where('card_id', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listShares(
    merchantId: number,
    createdBy: number | null,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: BankCardShareRow[]; count: number }> {
    let query = this.db.selectFrom('bank_card_shares').where('merchant_id', '=', merchantId);
    if (createdBy !== null) query = query.where('created_by', '=', createdBy);
    const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return { rows, count: Number(n) };
  }

  async revokeShare(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('bank_card_shares')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async attachShareCard(id: number, cardId: number): Promise<void> {
    await this.db.updateTable('bank_card_shares').set({ card_id: cardId }).where('id', '=', id).execute();
  }
}
