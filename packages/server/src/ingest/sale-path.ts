import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { GatewayLog } from '../gateway/machine-ports';
import { GoodsRepository } from '../modules/catalog/goods-repository';
import { MachineEventRepository } from '../modules/devices/machine-event-repository';
import { MachineShelves } from '../modules/devices/machine-shelves';
import { MachineStateRepository } from '../modules/devices/machine-state-repository';
import { MachineSales } from '../modules/orders/machine-sales';
import { MerchantZones } from '../modules/orders/merchant-zones';
import { OrderNumbers } from '../modules/orders/order-numbers';
import { OrderRepository } from '../modules/orders/order-repository';
import { RefundReservations } from '../modules/orders/refund-reservations';
import { SaleWriteOffs } from '../modules/stock/sale-write-offs';
import { StockRepository } from '../modules/stock/stock-repository';

export interface SalePath {
  events: MachineEventRepository;
  state: MachineStateRepository;
  /** This path's own node slot for order and refund numbers; close() gives it back. */
  numbers: OrderNumbers;
}

/**
 * The machine-event store with the sale path behind it, on a connection of its own: the same classes app.ts
 * wires through the devices, orders and stock modules (MachineEventRepository with MachineSales attached,
 * SaleWriteOffs, RefundReservations), without the rest of those modules. The ingest worker runs it (decision
 * 055). What a sale leaves for after its commit (sending an automatic refund) is the server's: `refundsDue` says
 * that one was reserved.
 */
export async function salePathOn(
  db: Kysely<Database>,
  o: { timeZone: string; log: Pick<GatewayLog, 'error'>; refundsDue: () => void },
): Promise<SalePath> {
  const clock = Date.now;
  const numbers = await OrderNumbers.start({ db, clock, timeZone: o.timeZone, log: o.log });
  const repo = new OrderRepository(db);
  const reservations = new RefundReservations({ repo, numbers });
  const sales = new MachineSales({
    repo,
    stock: new SaleWriteOffs({
      machines: new MachineShelves(db),
      goods: new GoodsRepository(db),
      repo: new StockRepository(db),
      clock,
    }),
    refunds: {
      autoRefund: (trx, order, amount, now) => reservations.autoRefund(trx, order, amount, now),
      kick: o.refundsDue,
    },
    zones: new MerchantZones(o.timeZone),
    numbers,
  });
  const events = new MachineEventRepository(db);
  events.attach(sales);
  return { events, state: new MachineStateRepository(db), numbers };
}
