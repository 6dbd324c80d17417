import type { z } from 'zod';
import { API_KEY_HEADER } from './api/api-keys';
import type { Call, Envelope } from './api/call';
import type { Locale } from './locales';

/*
 * A small typed client of the public API (issue 20, decision 047) for server-to-server integrations: Node 18+ or any
 * runtime with fetch. Typed by the contract itself: `call(getBuyBill, body)` takes the contract's call, so the
 * body is checked by the type of its zod schema and the result comes back typed, with no generated code to drift.
 * `callPath(path, body)` makes any call by its path, untyped (what the OpenAPI document lists).
 *
 *   const vendo = vendoClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.VENDO_API_KEY! });
 *   const bills = await vendo.call(getBuyBill, { pageNum: 1, pageSize: 50 });
 */

/** The part of fetch the client uses (the contract compiles without DOM or Node types). */
export type Fetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface VendoClientOptions {
  /** The server's origin, e.g. https://vendo.example.com. */
  baseUrl: string;
  /** An API key of the merchant (X-Api-Key). */
  apiKey: string;
  /** The language of error messages; en-US by default. */
  lang?: Locale;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: Fetch;
}

/** A call answered with another rcode than 0: the rcode and the server's message in the client's language. */
export class VendoError extends Error {
  constructor(
    readonly path: string,
    readonly rcode: number,
    message: string,
  ) {
    super(`${path}: ${message} (rcode ${rcode})`);
    this.name = 'VendoError';
  }
}

export interface VendoClient {
  /** A contract call, typed by its schemas; throws VendoError unless rcode is 0. */
  call<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    body: z.input<Req>,
  ): Promise<z.output<Res>>;
  /** Any call by its path, untyped. */
  callPath(path: string, body?: unknown): Promise<unknown>;
}

export function vendoClient(options: VendoClientOptions): VendoClient {
  const send = options.fetch ?? (globalThis as unknown as { fetch: Fetch }).fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await send(base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [API_KEY_HEADER]: options.apiKey,
        lang: options.lang ?? 'en-US',
      },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new VendoError(path, -response.status, `HTTP ${response.status}`);
    const answer = (await response.json()) as Envelope<unknown>;
    if (answer.rcode !== 0) throw new VendoError(path, answer.rcode, answer.msg);
    return answer.result;
  };
  return {
    // The result is the server's, shaped by the same schema on its side; it is not parsed again here.
    call: async (call, body) => (await post(call.path, body)) as never,
    callPath: (path, body) => post(path, body),
  };
}
