import { PAY_CHANNELS, type PayChannel } from '@vendo/contract/api/purchase';
import { hmac, safeEqual } from '../../platform/crypto';

/**
 * Who a customer on /buy/<sn> is (issue 17, docs/marketing.md "Customer identity"): `<channel>:<openid>`, as the
 * channel's OAuth told it (the messaging sandbox in demo and tests). The page keeps a signed token of it and sends
 * it with coupon calls and createOrder; only a token this server signed names a customer.
 */
export class CustomerIdentity {
  /** `secret`: derived from the platform secret for this purpose only. */
  constructor(private readonly secret: string) {}

  /** The token of a customer: `<channel>:<openid>.<signature>`. */
  sign(channel: PayChannel, openid: string): string {
    const customer = `${channel}:${openid}`;
    return `${customer}.${this.signature(customer)}`;
  }

  /** The customer a token names, or null when it is not one this server signed. */
  verify(token: string | null | undefined): string | null {
    if (!token) return null;
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const customer = token.slice(0, dot);
    if (!safeEqual(this.signature(customer), token.slice(dot + 1))) return null;
    const channel = customer.slice(0, customer.indexOf(':'));
    if (!(PAY_CHANNELS as readonly string[]).includes(channel) || customer.length <= channel.length + 1)
      return null;
    return customer;
  }

  private signature(customer: string): string {
    return hmac(this.secret, `customer:${customer}`).slice(0, 32);
  }
}
