import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { lockMerchant, pageWindow } from '../../db/list-query';
import type {
  FundAccountRow,
  LedgerEntriesTable,
  LedgerEntryRow,
  SettlementRow,
  SettlementsTable,
} from './funds-tables';

type Db = Kysely<Database>;
export type NewEntry = Omit<Insertable<LedgerEntriesTable>, 'id'>;
export type NewSettlement = Omit<Insertable<SettlementsTable>, 'id'>;
/** What the daily run writes into a settlement when it prices it. */
export type PriceFields = Pick<
  SettlementsTable,
  | 'income_amt'
  | 'refund_amt'
  | 'carried_amt'
  | 'gross_amt'
  | 'poundage'
  | 'transfer_fee'
  | 'settle_amt'
  | 'order_count'
  | 'refund_count'
>;

/** Settlement states (funds-tables.ts). */
export const OPEN_STATES = ['pending', 'sending', 'settling', 'failed'] as const;
/** Rows per multi-row insert: under both databases' limits on bound parameters. */
const CHUNK = 200;

/** Sums of a settlement's entries (what the daily run prices). */
export interface SettlementSums {
  settlementId: number;
  accountId: number;
  gross: number;
  income: number;
  refund: number;
  carried: number;
  orders: number;
  refunds: number;
}

/** The money of an account, by where its entries stand. */
export interface AccountFigures {
  notSettle: number;
  toSettle: number;
  settling: number;
  settled: number;
}

export interface SettlementFilter {
  merchantId: number;
  from?: string | undefined;
  to?: string | undefined;
  states?: readonly string[] | undefined;
  /** Only these accounts (null: every one). */
  accountIds: readonly number[] | null;
}

/** All SQL of the funds ledger: accounts, entries, settlements, the daily runs. */
export class FundsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // -- Accounts

  /** The account of this key, made on first use (inside the caller's transaction). */
  async ensureAccount(
    trx: Db,
    a: { merchantId: number; key: string; cardId: number | null; manual: boolean; now: number },
  ): Promise<number> {
    const found = await trx
      .selectFrom('fund_accounts')
      .select('id')
      .where('account_key', '=', a.key)
      .executeTakeFirst();
    if (found) return found.id;
    await trx
      .insertInto('fund_accounts')
      .values({
        merchant_id: a.merchantId,
        account_key: a.key,
        card_id: a.cardId,
        manual_transfer: a.manual ? 1 : 0,
        created_at: a.now,
      })
      .onConflict((oc) => oc.column('account_key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('fund_accounts')
      .select('id')
      .where('account_key', '=', a.key)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  accounts(merchantId: number, db: Db = this.db): Promise<FundAccountRow[]> {
    return db
      .selectFrom('fund_accounts')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .execute();
  }

  accountsByIds(ids: readonly number[], db: Db = this.db): Promise<FundAccountRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('fund_accounts')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The payout card a machine pays into now (devices.payout_merchant_id), read in the payment's transaction. */
  async machinePayout(trx: Db, merchantId: number, sn: string): Promise<string | null> {
    const row = await trx
      .selectFrom('devices')
      .select('payout_merchant_id')
      .where('merchant_id', '=', merchantId)
      .where('sn', '=', sn)
      .executeTakeFirst();
    return row?.payout_merchant_id ?? null;
  }

  // -- Entries

  async insertEntries(trx: Db, entries: NewEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += CHUNK) {
      await trx
        .insertInto('ledger_entries')
        .values(entries.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('ref').doNothing())
        .execute();
    }
  }

  /** An order's entries of these kinds, in the order they were written. */
  orderEntries(trx: Db, orderId: number, kinds: readonly string[]): Promise<LedgerEntryRow[]> {
    return trx
      .selectFrom('ledger_entries')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('kind', 'in', [...kinds])
      .orderBy('id')
      .execute();
  }

  // -- The daily run

  async lockMerchant(trx: Db, merchantId: number): Promise<void> {
    await lockMerchant(trx, merchantId);
  }

  async ran(trx: Db, merchantId: number, settleDate: string): Promise<boolean> {
    const row = await trx
      .selectFrom('fund_runs')
      .select('merchant_id')
      .where('merchant_id', '=', merchantId)
      .where('settle_date', '=', settleDate)
      .executeTakeFirst();
    return !!row;
  }

  async markRan(trx: Db, merchantId: number, settleDate: string, now: number): Promise<void> {
    await trx
      .insertInto('fund_runs')
      .values({ merchant_id: merchantId, settle_date: settleDate, ran_at: now })
      .execute();
  }

  /** Merchant ids holding money in the ledger (candidates of the daily run). */
  async merchantsWithAccounts(): Promise<Array<{ id: number; time_zone: string }>> {
    return this.db
      .selectFrom('merchants')
      .select(['id', 'time_zone'])
      .where('id', 'in', (eb) => eb.selectFrom('fund_accounts').select('merchant_id').distinct())
      .execute();
  }

  /** A merchant by its id or its main account's phone (the dev route settleNow). */
  async merchantByKey(key: string): Promise<{ id: number; time_zone: string } | undefined> {
    const byPhone = await this.db
      .selectFrom('users')
      .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
      .select(['merchants.id', 'merchants.time_zone'])
      .where('users.is_main', '=', 1)
      .where('users.username', '=', key)
      .executeTakeFirst();
    if (byPhone || !/^\d{1,15}$/.test(key)) return byPhone;
    return this.db
      .selectFrom('merchants')
      .select(['id', 'time_zone'])
      .where('id', '=', Number(key))
      .executeTakeFirst();
  }

  /** Merchants of these that have settled this day. */
  async ranMerchants(settleDate: string, merchantIds: readonly number[]): Promise<Set<number>> {
    if (merchantIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('fund_runs')
      .select('merchant_id')
      .where('settle_date', '=', settleDate)
      .where('merchant_id', 'in', [...merchantIds])
      .execute();
    return new Set(rows.map((r) => r.merchant_id));
  }

  /** Accounts of the merchant with entries before the cutoff that no settlement holds yet. */
  async unsettledAccounts(trx: Db, merchantId: number, cutoff: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('ledger_entries')
      .select('account_id')
      .distinct()
      .where('merchant_id', '=', merchantId)
      .where('settlement_id', 'is', null)
      .where('at', '<', cutoff)
      .execute();
    return rows.map((r) => r.account_id);
  }

  async insertSettlements(trx: Db, rows: NewSettlement[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('settlements')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['account_id', 'settle_date']).doNothing())
        .execute();
    }
  }

  /** One statement: every unsettled entry before the cutoff joins its account's open settlement of the day. */
  async assignEntries(trx: Db, merchantId: number, settleDate: string, cutoff: number): Promise<void> {
    await trx
      .updateTable('ledger_entries')
      .set((eb) => ({
        settlement_id: eb
          .selectFrom('settlements as s')
          .select('s.id')
          .whereRef('s.account_id', '=', 'ledger_entries.account_id')
          .where('s.settle_date', '=', settleDate)
          .where('s.state', '=', 'open'),
      }))
      .where('merchant_id', '=', merchantId)
      .where('settlement_id', 'is', null)
      .where('at', '<', cutoff)
      .where('account_id', 'in', (eb) =>
        eb
          .selectFrom('settlements')
          .select('account_id')
          .where('merchant_id', '=', merchantId)
          .where('settle_date', '=', settleDate)
          .where('state', '=', 'open'),
      )
      .execute();
  }

  /** GROUP BY settlement over the entries just assigned: what each open settlement of the day holds. */
  async openSums(
    trx: Db,
    merchantId: number,
    settleDate: string,
    dayStart: number,
  ): Promise<SettlementSums[]> {
    const rows = await trx
      .selectFrom('ledger_entries as e')
      .innerJoin('settlements as s', 's.id', 'e.settlement_id')
      .where('s.merchant_id', '=', merchantId)
      .where('s.settle_date', '=', settleDate)
      .where('s.state', '=', 'open')
      .groupBy(['e.settlement_id', 's.account_id'])
      .select((eb) => [
        'e.settlement_id',
        's.account_id',
        eb.fn.sum<number>('e.amount').as('gross'),
        sql<number>`sum(case when e.kind = 'payment' then e.amount else 0 end)`.as('income'),
        sql<number>`sum(case when e.kind = 'refund' then -e.amount else 0 end)`.as('refund'),
        sql<number>`sum(case when e.at < ${dayStart} then e.amount else 0 end)`.as('carried'),
        sql<number>`sum(case when e.kind = 'payment' and e.at >= ${dayStart} then 1 else 0 end)`.as('orders'),
        sql<number>`sum(case when e.kind = 'refund' then 1 else 0 end)`.as('refunds'),
      ])
      .execute();
    return rows.map((r) => ({
      settlementId: Number(r.settlement_id),
      accountId: Number(r.account_id),
      gross: Number(r.gross),
      income: Number(r.income),
      refund: Number(r.refund),
      carried: Number(r.carried),
      orders: Number(r.orders),
      refunds: Number(r.refunds),
    }));
  }

  /** Settlements with nothing to pay: their entries wait for the next day, the records go. */
  async dropSettlements(trx: Db, ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      await trx
        .updateTable('ledger_entries')
        .set({ settlement_id: null })
        .where('settlement_id', 'in', part)
        .execute();
      await trx.deleteFrom('settlements').where('id', 'in', part).execute();
    }
  }

  /**
   * Prices the day's open settlements and makes them pending, CHUNK records per statement (one UPDATE with a CASE
   * per column, not one statement per record: 10,000 accounts are 50 statements).
   */
  async priceSettlements(
    trx: Db,
    rows: ReadonlyArray<{ id: number } & PriceFields>,
    now: number,
  ): Promise<void> {
    const columns = [
      'income_amt',
      'refund_amt',
      'carried_amt',
      'gross_amt',
      'poundage',
      'transfer_fee',
      'settle_amt',
      'order_count',
      'refund_count',
    ] as const;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      const set: Record<string, RawBuilder<number>> = {};
      for (const column of columns) {
        set[column] = sql<number>`case id ${sql.join(
          part.map((r) => sql`when ${r.id} then cast(${r[column]} as bigint)`),
          sql` `,
        )} end`;
      }
      await trx
        .updateTable('settlements')
        .set({ ...set, state: 'pending', updated_at: now })
        .where(
          'id',
          'in',
          part.map((r) => r.id),
        )
        .where('state', '=', 'open')
        .execute();
    }
  }

  /** Failed payouts of the merchant wait no more: the daily run sends them again. */
  async retryFailed(trx: Db, merchantId: number, now: number): Promise<void> {
    await trx
      .updateTable('settlements')
      .set({ state: 'pending', updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('state', '=', 'failed')
      .where('manual_transfer', '=', 0)
      .execute();
  }

  // -- Payouts

  /** Card settlements whose payout has to be sent or asked about. */
  payoutsDue(limit: number, merchantId?: number): Promise<SettlementRow[]> {
    let q = this.db
      .selectFrom('settlements')
      .selectAll()
      .where('state', 'in', ['pending', 'sending', 'settling'])
      .where('manual_transfer', '=', 0);
    if (merchantId !== undefined) q = q.where('merchant_id', '=', merchantId);
    return q.orderBy('id').limit(limit).execute();
  }

  settlement(id: number, db: Db = this.db): Promise<SettlementRow | undefined> {
    return db.selectFrom('settlements').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Moves a settlement only from the states given (the guard that makes each step happen once). */
  async moveSettlement(
    trx: Db,
    id: number,
    from: readonly string[],
    fields: Partial<Omit<SettlementsTable, 'id'>>,
    key?: string,
  ): Promise<boolean> {
    let q = trx
      .updateTable('settlements')
      .set(fields)
      .where('id', '=', id)
      .where('state', 'in', [...from]);
    if (key !== undefined) q = q.where('payout_key', '=', key);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // -- Reading

  /** The money of each account of the merchant: unsettled entries, and settlements by state. */
  async figures(merchantId: number): Promise<Map<number, AccountFigures>> {
    const out = new Map<number, AccountFigures>();
    const get = (id: number) => {
      let f = out.get(id);
      if (!f) out.set(id, (f = { notSettle: 0, toSettle: 0, settling: 0, settled: 0 }));
      return f;
    };
    const open = await this.db
      .selectFrom('ledger_entries')
      .select(['account_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('merchant_id', '=', merchantId)
      .where('settlement_id', 'is', null)
      .groupBy('account_id')
      .execute();
    for (const r of open) get(r.account_id).notSettle = Number(r.amount);
    const settled = await this.db
      .selectFrom('settlements')
      .select(['account_id', 'state', (eb) => eb.fn.sum<number>('settle_amt').as('amount')])
      .where('merchant_id', '=', merchantId)
      .groupBy(['account_id', 'state'])
      .execute();
    for (const r of settled) {
      const f = get(r.account_id);
      const amount = Number(r.amount);
      if (r.state === 'pending' || r.state === 'failed') f.toSettle += amount;
      else if (r.state === 'sending' || r.state === 'settling') f.settling += amount;
      else if (r.state === 'success') f.settled += amount;
    }
    return out;
  }

  async listSettlements(
    f: SettlementFilter,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: SettlementRow[]; count: number }> {
    let q = this.db
      .selectFrom('settlements')
      .where('merchant_id', '=', f.merchantId)
      .where('state', '!=', 'open');
    if (f.from) q = q.where('settle_date', '>=', f.from);
    if (f.to) q = q.where('settle_date', '<=', f.to);
    if (f.states) q = f.states.length ? q.where('state', 'in', [...f.states]) : q.where(sql<boolean>`1 = 0`);
    if (f.accountIds) {
      q = f.accountIds.length ? q.where('account_id', 'in', [...f.accountIds]) : q.where(sql<boolean>`1 = 0`);
    }
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await q
      .selectAll()
      .orderBy('settle_date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, count: Number(n) };
  }

  /** The payments and refunds a settlement covers, paged. */
  async lines(
    settlementId: number,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: LedgerEntryRow[]; count: number }> {
    const q = this.db
      .selectFrom('ledger_entries')
      .where('settlement_id', '=', settlementId)
      .where('kind', 'in', ['payment', 'refund']);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await q.selectAll().orderBy('at').orderBy('id').limit(limit).offset(offset).execute();
    return { rows, count: Number(n) };
  }

  // -- Where orders' money went

  /** An order's payment and refund entries with their account, in the order they were written. */
  routeEntries(
    orderId: number,
  ): Promise<Array<LedgerEntryRow & { card_id: number | null; manual_transfer: number }>> {
    return this.db
      .selectFrom('ledger_entries as e')
      .innerJoin('fund_accounts as a', 'a.id', 'e.account_id')
      .selectAll('e')
      .select(['a.card_id', 'a.manual_transfer'])
      .where('e.order_id', '=', orderId)
      .where('e.kind', 'in', ['payment', 'refund'])
      .orderBy('e.id')
      .execute();
  }

  /**
   * Profit sharing, set-based: what each account received from the seller's split machines, one row per local
   * day, machine, account and role (payments less refunds), newest day first, main account before split ones.
   */
  async profitRows(
    f: ProfitFilter,
    paging: { pageNum: number; pageSize: number },
  ): Promise<{ rows: ProfitRow[]; count: number }> {
    const grouped = this.profitQuery(f)
      .select(['e.day', 'e.sn', 'e.account_id', 'e.role'])
      .select(profitSums)
      .groupBy(['e.day', 'e.sn', 'e.account_id', 'e.role']);
    const { n } = await this.db
      .selectFrom(grouped.as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageWindow(paging);
    const rows = await grouped
      .orderBy('e.day', 'desc')
      .orderBy('e.sn')
      .orderBy(sql`case when e.role = 'main' then 0 else 1 end`)
      .orderBy('e.account_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return {
      rows: rows.map((r) => ({
        day: Number(r.day),
        sn: r.sn,
        accountId: Number(r.account_id),
        role: r.role,
        income: Number(r.income),
        refund: Number(r.refund),
      })),
      count: Number(n),
    };
  }

  /** The same entries summed per account over the whole range. */
  async profitTotals(f: ProfitFilter): Promise<Array<Omit<ProfitRow, 'day' | 'sn'>>> {
    const rows = await this.profitQuery(f)
      .select(['e.account_id', 'e.role'])
      .select(profitSums)
      .groupBy(['e.account_id', 'e.role'])
      .orderBy(sql`case when e.role = 'main' then 0 else 1 end`)
      .orderBy('e.account_id')
      .execute();
    return rows.map((r) => ({
      accountId: Number(r.account_id),
      role: r.role,
      income: Number(r.income),
      refund: Number(r.refund),
    }));
  }

  private profitQuery(f: ProfitFilter) {
    let q = this.db
      .selectFrom('ledger_entries as e')
      .where('e.seller_id', '=', f.sellerId)
      .where('e.split', '=', 1)
      .where('e.kind', 'in', ['payment', 'refund']);
    if (f.from !== undefined) q = q.where('e.day', '>=', f.from);
    if (f.to !== undefined) q = q.where('e.day', '<', f.to);
    if (f.sn !== undefined) q = q.where('e.sn', '=', f.sn);
    if (f.sns) q = f.sns.length ? q.where('e.sn', 'in', [...f.sns]) : q.where(sql<boolean>`1 = 0`);
    return q;
  }
}

/** Profit sharing's filter: the seller's split entries, local days [from, to) as midnights, machines. */
export interface ProfitFilter {
  sellerId: number;
  from?: number | undefined;
  to?: number | undefined;
  sn?: string | undefined;
  /** Only these machines (a staff member's stores); undefined: every one. */
  sns?: readonly string[] | undefined;
}

export interface ProfitRow {
  day: number;
  sn: string;
  accountId: number;
  role: string;
  income: number;
  refund: number;
}

const profitSums = [
  sql<number>`sum(case when e.kind = 'payment' then e.amount else 0 end)`.as('income'),
  sql<number>`sum(case when e.kind = 'refund' then -e.amount else 0 end)`.as('refund'),
] as const;
