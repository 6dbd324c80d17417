import type { Kysely } from 'kysely';
import { isDeviceType, saleModes } from '@vendo/contract/enums';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/app-error';
import type { Background } from '../devices/background';
import { readSettings } from '../devices/device-settings';
import type { DeviceRow } from '../devices/device-tables';
import type { MachineShelves } from '../devices/machine-shelves';
import type { ImageUrls } from '../catalog/image-urls';
import { saleDay, type MerchantZones } from './merchant-zones';
import { STATUS } from './order-lifecycle';
import type { OrderNumbers } from './order-numbers';
import type { OrderRepository, SaleShelf } from './order-repository';
import type { VendService } from './vend-service';

export interface GiftOrdersDeps {
  db: Kysely<Database>;
  repo: OrderRepository;
  machines: Pick<MachineShelves, 'machineBySn'>;
  vend: VendService;
  background: Background;
  zones: MerchantZones;
  numbers: OrderNumbers;
  urls: ImageUrls;
  /** The token a customer follows an order with (the purchase page's). */
  token: (orderNo: string) => string;
  clock: () => number;
  online?: (device: DeviceRow) => boolean;
}

/** A shelf a gift may come from: enabled, holding goods, in stock. */
export interface GiftShelf {
  shelf: SaleShelf;
  img: string;
}

/**
 * Free orders for gift vouchers (issue 17, decision 036): the gifts module claims a code and, in the same
 * transaction, makes the order here — source customer, payment `gift`, amount 0, already paid (status 1) — and
 * after the commit the order is vended exactly like a paid one (VendService.start: once, whichever process gets
 * there first; busy retries, failures and the abnormal job as for any order). A failed vend leaves the order at 4
 * (nothing to refund at amount 0); `failed` tells the gifts module so the code may be redeemed again.
 */
export class GiftOrders {
  constructor(private readonly d: GiftOrdersDeps) {}

  /** The machine a customer redeems at: the merchant's, online, selling goods. */
  async machine(sn: string): Promise<DeviceRow> {
    const device = await this.d.machines.machineBySn(sn);
    if (!device) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (device.merchant_id === null) throw new AppError(RCODE.MACHINE_NOT_SELLING);
    return device;
  }

  assertCanVend(device: DeviceRow): void {
    const online = this.d.online ? this.d.online(device) : device.alive === 1;
    if (!online) throw new AppError(RCODE.DEVICE_OFFLINE);
    const type = isDeviceType(device.type) ? device.type : 'vm';
    if (!saleModes(type, readSettings(device.settings).buy_mode).goods) {
      throw new AppError(RCODE.SALE_MODE_UNAVAILABLE);
    }
  }

  /** The machine's sellable shelves holding one of `goodsIds`. */
  async shelves(db: Kysely<Database>, device: DeviceRow, goodsIds: readonly number[]): Promise<GiftShelf[]> {
    const wanted = new Set(goodsIds);
    const all = await this.d.repo.shelves(db, device.id, device.merchant_id!);
    return all
      .filter(
        (s) =>
          s.enabled === 1 &&
          s.goods_id !== null &&
          s.goods_name !== null &&
          s.quantity > 0 &&
          wanted.has(s.goods_id),
      )
      .map((shelf) => ({ shelf, img: this.d.urls.toUrl(shelf.goods_img ?? '') }));
  }

  /** Makes the paid gift order inside the caller's transaction (the code's claim). */
  async create(
    trx: Kysely<Database>,
    device: DeviceRow,
    shelf: SaleShelf,
    now: number,
  ): Promise<{ id: number; orderNo: string }> {
    await this.d.numbers.ready();
    const orderNo = this.d.numbers.next(now);
    const zone = await this.d.zones.of(trx, device.merchant_id!);
    const id = await this.d.repo.insert(
      trx,
      {
        order_no: orderNo,
        merchant_id: device.merchant_id!,
        sn: device.sn,
        device_type: device.type,
        area_id: device.area_id,
        store_id: device.store_id,
        kind: 'goods',
        source: 'customer',
        client: 'gift',
        status: STATUS.paid,
        amount: 0,
        paid_at: now,
        sale_day: saleDay(now, zone),
        created_at: now,
        updated_at: now,
      },
      [
        {
          position: shelf.position,
          channel_id: shelf.id,
          channel_sn: shelf.channel_sn,
          goods_id: shelf.goods_id,
          goods_name: (shelf.goods_name ?? shelf.name).slice(0, 100),
          img: (shelf.goods_img ?? '').slice(0, 500),
          price: 0,
          cost_price: shelf.goods_cost ?? 0,
          quantity: 1,
          delivered: 0,
          fault: '',
        },
      ],
    );
    return { id, orderNo };
  }

  /** After the claim committed: the vend goes out (in the background), and the customer's token to follow it. */
  vend(orderNo: string): { order_no: string; token: string } {
    this.d.background.run(() => this.d.vend.start(orderNo));
    return { order_no: orderNo, token: this.d.token(orderNo) };
  }

  /** Whether a gift order failed for good (delivery failed: nothing came out), so its code may be used again. */
  async failed(db: Kysely<Database>, orderId: number): Promise<boolean> {
    const order = await this.d.repo.findById(orderId, db);
    return !order || (order.client === 'gift' && order.status === STATUS.deliveryFailed);
  }

  /** A merchant's gift orders that failed for good (their codes redeem again): few, read at once. */
  async failedOf(db: Kysely<Database>, merchantId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('status', '=', STATUS.deliveryFailed)
      .where('client', '=', 'gift')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** The merchant's time zone. */
  zone(db: Kysely<Database>, merchantId: number): Promise<string> {
    return this.d.zones.of(db, merchantId);
  }
}
