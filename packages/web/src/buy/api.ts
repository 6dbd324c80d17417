import type { CallRequest, CallResult, Envelope } from '@vendo/contract/api/call';
import type {
  createOrder,
  getMachine,
  getOrder,
  getSandboxCheckout,
  sandboxPay,
} from '@vendo/contract/api/purchase';
import type { RCODE } from '@vendo/contract/rcodes';
import { locale } from './texts';

/*
 * The calls of the customer's pages, typed from the contract's purchase calls. Only their types are imported: the
 * contract's modules bring zod, which would weigh more than the whole page, so the paths are written here and
 * api.test.ts checks them against the contract. The server checks every request and shapes every answer with the
 * contract's schemas.
 */

/** A contract call as this page posts it: its path, with the call's types along. */
export interface Endpoint<C> {
  readonly path: string;
  /** Never set: carries the call's type. */
  readonly call?: C;
}

const endpoint = <C>(path: string): Endpoint<C> => ({ path });

export const CALLS = {
  getMachine: endpoint<typeof getMachine>('/p/v1/buy/getMachine'),
  createOrder: endpoint<typeof createOrder>('/p/v1/buy/createOrder'),
  getOrder: endpoint<typeof getOrder>('/p/v1/buy/getOrder'),
  getSandboxCheckout: endpoint<typeof getSandboxCheckout>('/p/v1/sandboxPay/getCheckout'),
  sandboxPay: endpoint<typeof sandboxPay>('/p/v1/sandboxPay/pay'),
};

/** The rcode this page acts on, typed against the contract's catalogue (a renumbering fails typecheck). */
export const PAY_CHANNEL_REQUIRED: (typeof RCODE)['PAY_CHANNEL_REQUIRED'] = 808;

export type Machine = CallResult<typeof getMachine>;
export type Shelf = Machine['shelves'][number];
export type Order = CallResult<typeof getOrder>;
export type Checkout = CallResult<typeof getSandboxCheckout>;

/** A call's answer: its result, or the server's rcode and msg (in the customer's language). */
export type Answer<Result> = { ok: true; result: Result } | { ok: false; rcode: number; msg: string };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).rcode === 'number'
  );
}

/** Posts one call (spec §7: POST + JSON, the language in `lang`). Rejects when the server was not reached. */
export async function post<C>(endpoint: Endpoint<C>, body: CallRequest<C>): Promise<Answer<CallResult<C>>> {
  const response = await fetch(endpoint.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: locale },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const answer: unknown = await response.json();
  if (!isEnvelope(answer)) throw new Error(`unexpected answer from ${endpoint.path}`);
  return answer.rcode === 0
    ? { ok: true, result: answer.result as CallResult<C> }
    : { ok: false, rcode: answer.rcode, msg: answer.msg };
}
