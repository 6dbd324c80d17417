import * as api from '@vendo/contract/api/stock';
import type { CallRegistrar } from '../../platform/route';
import { restockBillWorkbook } from './restock-bill-file';
import type { StockService } from './stock-service';

export function stockRoutes(r: CallRegistrar, stock: StockService): void {
  r.session(api.getStock, ({ auth, body }) => stock.list(auth, body));
  r.session(api.addStock, ({ auth, body }) => stock.create(auth, body));
  r.session(api.editStock, ({ auth, body }) => stock.change(auth, body));
  r.session(api.delStock, async ({ auth, body }) => {
    await stock.remove(auth, body);
    return {};
  });
  r.session(api.getStockTotal, ({ auth, body }) => stock.totals(auth, body));
  r.session(api.getStockLog, ({ auth, body }) => stock.log(auth, body));
  r.session(api.getStoreStockGroupByDev, ({ auth, body }) => stock.storeByDevice(auth, body.store));
  r.session(api.getRestockBill, ({ auth, body }) => stock.restockBill(auth, body.store));
  r.session(api.exportRestockBill, async ({ auth, body, locale }) =>
    restockBillWorkbook(await stock.restockBill(auth, body.store), locale, auth.merchant.time_zone),
  );
  r.session(api.getLowStock, ({ auth, body }) => stock.lowStock(auth, body));
}
