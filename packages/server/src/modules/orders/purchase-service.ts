import type { Kysely } from 'kysely';
import type { CallResult } from '@vendo/contract/api/call';
import type {
  CustomerStage,
  createOrder,
  getMachine,
  getOrder,
  PayChannel,
} from '@vendo/contract/api/purchase';
import { buyPagePath } from '@vendo/contract/api/purchase';
import { faultText, isDeviceType, orderStatusText, saleModes } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import { isAppUsable } from '@vendo/contract/constants';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import { channelOfUserAgent, type PaymentProvider } from '../../integrations/payments/payment-provider';
import { AppError } from '../../platform/app-error';
import { hmac, safeEqual } from '../../platform/crypto';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppModules } from '../apps/app-modules';
import type { ImageUrls } from '../catalog/image-urls';
import type { Body } from '../devices/call-types';
import type { MachineShelves } from '../devices/machine-shelves';
import { readSettings } from '../devices/device-settings';
import type { DeviceRow } from '../devices/device-tables';
import { STATUS } from './order-lifecycle';
import type { OrderNumbers } from './order-numbers';
import type { OrderRepository, SaleShelf } from './order-repository';
import type { OrderRow } from './order-tables';
import type { PaymentService } from './payment-service';
import type { CustomerIdentity } from './customer-identity';
import { SaleOffers } from './sale-offers';

export interface PurchaseDeps {
  db: Kysely<Database>;
  repo: OrderRepository;
  machines: Pick<MachineShelves, 'machineBySn'>;
  provider: PaymentProvider;
  payments: PaymentService;
  limiter: RateLimiter;
  urls: ImageUrls;
  clock: () => number;
  timeZone: string;
  /** Signs the token that lets a customer follow their order. */
  secret: string;
  numbers: OrderNumbers;
  /** False where the provider's cashier is off (a sandbox in production): online sales are refused up front. */
  canPay: boolean;
  /** Whether an order is still online enough to sell (the devices table says so). */
  online?: (device: DeviceRow) => boolean;
  /** The marketing offers (coupons, referrers) told of each order before it is written. */
  offers?: SaleOffers;
  /** Reads the customer token the page sends (coupons need to know who buys). */
  customers?: CustomerIdentity;
}

type OfferFields = 'customer' | 'coupon_receipt_id' | 'referrer_id';
/** createOrder's request; the marketing fields may be left out (the demo's and tests' sales). */
type CreateBody = Omit<Body<typeof createOrder>, OfferFields> &
  Partial<Pick<Body<typeof createOrder>, OfferFields>>;

/** Orders a customer may create per address per minute. */
const CREATE_LIMIT = { count: 30, windowMs: 60_000 };
/** An unpaid order asks the channel itself, at most this often, while its customer watches. */
const ASK_EVERY_MS = 3_000;

/**
 * The customer's purchase (issue 5): the machine's page lists what it sells; an order is created with its
 * payment; the customer pays in the channel's cashier; the page then follows the order to its result.
 */
export class PurchaseService {
  constructor(private readonly d: PurchaseDeps) {}

  async machine(sn: string): Promise<CallResult<typeof getMachine>> {
    const device = await this.sellingDevice(sn);
    const settings = readSettings(device.settings);
    const modes = saleModes(device.type, settings.buy_mode);
    const shelves = (await this.d.repo.shelves(this.d.db, device.id, device.merchant_id!)).filter(sellable);
    return {
      sn: device.sn,
      title: device.title,
      type: isDeviceType(device.type) ? device.type : 'vm',
      online: this.online(device),
      modes,
      shelves: shelves.map((s) => ({
        channel_sn: s.channel_sn,
        name: s.name,
        goods_name: s.goods_name ?? s.name,
        img: this.d.urls.toUrl(s.goods_img ?? ''),
        price: s.price,
        game_price: settings.same_gp === 1 ? settings.price : s.game_price,
        quantity: s.quantity,
      })),
      sandbox: this.d.provider.sandbox,
      members: await this.membersUsable(device.merchant_id!),
    };
  }

  /** Whether the merchant's Member app is present and not expired (issue 18: signed-in purchases earn points). */
  private async membersUsable(merchantId: number): Promise<boolean> {
    const app = (await new AppModules(this.d.db).list(merchantId)).find(
      (a) => a.app_module_name === 'Member',
    );
    return isAppUsable(app, this.d.clock());
  }

  async create(
    body: CreateBody,
    caller: { userAgent: string; ip: string },
  ): Promise<CallResult<typeof createOrder>> {
    if (!this.d.canPay) throw new AppError(RCODE.ONLINE_PAYMENT_UNAVAILABLE);
    if (body.client_token) {
      const same = await this.d.repo.findByClientToken(body.client_token);
      if (same && same.sn === body.sn) return this.reopen(same);
    }
    const bucket = `buy:ip:${caller.ip}`;
    await this.d.limiter.reserve([{ bucket, limit: CREATE_LIMIT.count, windowMs: CREATE_LIMIT.windowMs }]);

    const device = await this.sellingDevice(body.sn);
    if (!this.online(device)) throw new AppError(RCODE.DEVICE_OFFLINE);
    const settings = readSettings(device.settings);
    if (!saleModes(device.type, settings.buy_mode)[body.kind])
      throw new AppError(RCODE.SALE_MODE_UNAVAILABLE);
    const shelves = await this.d.repo.shelves(this.d.db, device.id, device.merchant_id!);
    const shelf = shelves.find((s) => s.channel_sn === body.channel_sn);
    if (!shelf) throw new AppError(RCODE.SHELF_NOT_FOUND);
    if (!sellable(shelf)) throw new AppError(RCODE.SHELF_OUT_OF_STOCK);
    const channel: PayChannel | undefined = body.pay_channel ?? channelOfUserAgent(caller.userAgent);
    if (!channel) throw new AppError(RCODE.PAY_CHANNEL_REQUIRED);
    const game = body.kind === 'game';
    const amount = game ? (settings.same_gp === 1 ? settings.price : shelf.game_price) : shelf.price;

    const now = this.d.clock();
    await this.d.numbers.ready();
    const orderNo = this.d.numbers.next(now);
    const offers = this.d.offers ?? new SaleOffers();
    const customer = this.d.customers?.verify(body.customer) ?? null;
    const inserted = await this.d.db
      .transaction()
      .execute(async (trx) => {
        const applied = await offers.apply(
          trx,
          {
            order_no: orderNo,
            merchant_id: device.merchant_id!,
            sn: device.sn,
            store_id: device.store_id,
            area_id: device.area_id,
            goods_id: shelf.goods_id,
            kind: body.kind,
            price: amount,
            now,
          },
          { customer, coupon_receipt_id: body.coupon_receipt_id, referrer_id: body.referrer_id },
        );
        return this.d.repo.insert(
          trx,
          {
            order_no: orderNo,
            merchant_id: device.merchant_id!,
            sn: device.sn,
            device_type: device.type,
            area_id: device.area_id,
            store_id: device.store_id,
            kind: body.kind,
            source: 'customer',
            client: channel,
            status: STATUS.awaitingPayment,
            ...applied,
            client_token: body.client_token ?? null,
            plays: game ? 1 : 0,
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
              price: applied.amount,
              cost_price: shelf.goods_cost ?? 0,
              quantity: 1,
              delivered: 0,
              fault: '',
            },
          ],
        );
      })
      .catch(async (error: unknown) => {
        // The same tap arrived twice at once: the unique client token let one in; answer that one.
        const same = body.client_token ? await this.d.repo.findByClientToken(body.client_token) : undefined;
        if (same) return null;
        throw error;
      });
    if (inserted === null) return this.reopen((await this.d.repo.findByClientToken(body.client_token!))!);
    const order = (await this.d.repo.findByNo(orderNo))!;
    return this.pay(order, `${device.title} ${shelf.goods_name ?? shelf.name}`.trim());
  }

  /** The order as its customer follows it; while unpaid, the channel is asked too (now and then). */
  async order(body: Body<typeof getOrder>, locale: Locale): Promise<CallResult<typeof getOrder>> {
    let order = await this.d.repo.findByNo(body.order_no);
    if (!order || !safeEqual(this.token(order.order_no), body.token))
      throw new AppError(RCODE.ORDER_NOT_FOUND);
    const now = this.d.clock();
    const asked = order.query_at ?? order.created_at;
    if (order.status === STATUS.awaitingPayment && order.closed_at === null && now - asked >= ASK_EVERY_MS) {
      await this.d.payments.query(order);
      order = (await this.d.repo.findByNo(body.order_no)) ?? order;
    }
    const items = await this.d.repo.items(order.id);
    return {
      order_no: order.order_no,
      sn: order.sn,
      kind: order.kind === 'game' ? 'game' : 'goods',
      amount: order.amount,
      pay_channel: order.client,
      stage: stageOf(order),
      status: order.status,
      status_text: orderStatusText(
        { status: order.status, refund: order.refund_fee, goodsErr: order.goods_err },
        locale,
      ),
      goods: items.map((i) => ({
        name: i.goods_name,
        quantity: i.quantity,
        delivered: i.delivered,
        err_text: faultText(
          i.fault || (order.status === STATUS.deliveryFailed ? order.goods_err : ''),
          locale,
        ),
      })),
      refund: order.refund_fee,
      refunding: order.refund_reserved - order.refund_fee,
      game_result: order.game_result === 'win' || order.game_result === 'lose' ? order.game_result : '',
      paid_at: order.paid_at,
      sandbox: this.d.provider.sandbox,
    };
  }

  /** The token of an order's page: only its customer (who got it with the order) follows it. */
  token(orderNo: string): string {
    return hmac(this.d.secret, `order:${orderNo}`).slice(0, 32);
  }

  private async reopen(order: OrderRow): Promise<CallResult<typeof createOrder>> {
    const items = await this.d.repo.items(order.id);
    return this.pay(order, items[0]?.goods_name ?? '');
  }

  /** Creates (or finds again: the channel dedups our order number) the payment of an order. */
  private async pay(order: OrderRow, description: string): Promise<CallResult<typeof createOrder>> {
    const channel = order.client === 'alipay' ? 'alipay' : 'wechat';
    const token = this.token(order.order_no);
    const returnUrl = `${buyPagePath(order.sn)}?order=${order.order_no}&t=${token}`;
    try {
      const payment = await this.d.provider.createPayment({
        channel,
        outTradeNo: order.order_no,
        amount: order.amount,
        description: description || order.order_no,
        returnUrl,
      });
      return {
        order_no: order.order_no,
        token,
        amount: order.amount,
        original_amount: order.original_amount,
        discount: order.discount,
        pay_channel: channel,
        pay_url: payment.payUrl,
        sandbox: this.d.provider.sandbox,
      };
    } catch {
      await this.d.payments.close(order, this.d.clock());
      throw new AppError(RCODE.PAYMENT_CREATE_FAILED);
    }
  }

  private async sellingDevice(sn: string): Promise<DeviceRow> {
    const device = await this.d.machines.machineBySn(sn);
    if (!device) throw new AppError(RCODE.DEVICE_NOT_FOUND);
    if (device.merchant_id === null) throw new AppError(RCODE.MACHINE_NOT_SELLING);
    return device;
  }

  private online(device: DeviceRow): boolean {
    return this.d.online ? this.d.online(device) : device.alive === 1;
  }
}

/** Enabled shelves holding goods in stock are sellable (spec §4: disabled shelves' goods are not). */
function sellable(shelf: SaleShelf): boolean {
  return shelf.enabled === 1 && shelf.goods_id !== null && shelf.goods_name !== null && shelf.quantity > 0;
}

function stageOf(order: OrderRow): CustomerStage {
  switch (order.status) {
    case STATUS.awaitingPayment:
      return order.closed_at !== null ? 'closed' : 'unpaid';
    case STATUS.paid:
      return 'paid';
    case STATUS.vending:
      return 'vending';
    case STATUS.delivered:
      return 'delivered';
    case STATUS.deliveryFailed:
      return 'failed';
    case STATUS.gameWon:
      return 'won';
    case STATUS.gameLost:
      return 'lost';
    case STATUS.refunding:
      return 'refunding';
    case STATUS.noResult:
      return 'abnormal';
    default:
      return order.refund_fee > 0 ? 'refunded' : 'abnormal';
  }
}
