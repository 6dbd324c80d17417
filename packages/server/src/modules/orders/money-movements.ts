import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { OrderRow, RefundRow } from './order-tables';

/**
 * Money the payment channel took or gave back for the merchant, told inside the transaction that records it: the
 * funds module's ledger (docs/funds.md) provides it, as the stock provides the machines' ShelfLog; the orders
 * module only names what it reports. `paid`: a customer's payment was confirmed (also one that came too late and
 * is refunded). `refunded`: a refund of such an order succeeded (offline refunds included: the ledger decides).
 */
export interface MoneyMovements {
  paid(trx: Kysely<Database>, order: OrderRow): Promise<void>;
  refunded(trx: Kysely<Database>, refund: RefundRow, order: OrderRow): Promise<void>;
}

/** Until the funds module plugs in (and in the tools that make orders without it): nothing is recorded. */
export class MoneyPort implements MoneyMovements {
  private target: MoneyMovements | null = null;

  use(movements: MoneyMovements): void {
    this.target = movements;
  }

  async paid(trx: Kysely<Database>, order: OrderRow): Promise<void> {
    await this.target?.paid(trx, order);
  }

  async refunded(trx: Kysely<Database>, refund: RefundRow, order: OrderRow): Promise<void> {
    await this.target?.refunded(trx, refund, order);
  }
}
