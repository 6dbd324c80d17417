import { z } from 'zod';
import { TEXT_MAX } from '../constants';
import type { KnownAppModule } from '../enums';
import type { Rcode } from '../rcodes';

/**
 * One API call as both sides see it: the path, who may call it, and the schemas of its body and result.
 * The server registers a route from it; the web client posts through it. Spec §7: every call is POST + JSON.
 */
/**
 * public: anyone. session: the `token` and `secret` of a live login. member: the member-info token and secret.
 * passport: a messaging-app identity (spec §7 linked login): the token and secret the messaging-app login handed
 * over, either of a session it opened or, while no account is linked yet, of its bind ticket.
 */
export type CallAuth = 'public' | 'session' | 'member' | 'passport';

export interface Call<Req extends z.ZodType, Res extends z.ZodType> {
  path: string;
  auth: CallAuth;
  /** Staff need this permission code (spec §6); the main account holds every code. */
  perm?: number;
  /**
   * Staff also need at least one of these codes, checked with `perm` before the body is read (decision 061), where
   * which one the call needs depends on the body (checked after it): /a/days and /a/hours by the place named, a
   * report file by the view it is of. A staff member holding none is refused whatever the body holds.
   */
  anyPerm?: readonly number[];
  /** Main-account only functions (spec §6): binding, unbinding, sub-accounts, notification, my apps... */
  mainOnly?: boolean;
  /**
   * What staff get from a mainOnly call instead of FORBIDDEN, where the product words it otherwise (spec §6: a
   * staff member's operation password is changed "by the main account", CONTACT_MAIN_ACCOUNT).
   */
  staffRefusal?: Rcode;
  /** Staff only: the main account is refused with FORBIDDEN (it changes its own password by SMS). */
  staffOnly?: boolean;
  /**
   * The app module the call belongs to (spec §6: member and advertisement need a non-expired app entry): every
   * caller, the main account included, is refused with APP_EXPIRED while the merchant's entry is missing or expired.
   */
  app?: KnownAppModule;
  request: Req;
  response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  call: Call<Req, Res>,
): Call<Req, Res> {
  return call;
}

export type CallRequest<C> = C extends Call<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallResult<C> = C extends Call<z.ZodType, infer Res> ? z.output<Res> : never;

/** The answer of every call (spec §7): rcode 0 is success; msg is in the caller's language. */
export interface Envelope<T> {
  rcode: number;
  msg: string;
  result: T;
}

export const emptyBody = z
  .object({})
  .strict()
  .or(z.undefined())
  .transform(() => ({}));
export const emptyResult = z.object({});

/**
 * The last page a list may be asked for: beyond it the offset (pageNum × pageSize, up to 999999 a page) would pass
 * the integers SQLite and PostgreSQL take for OFFSET and fail in the database (found by the contract fuzzer).
 */
export const PAGE_NUM_MAX = 1_000_000;

/** Paged list requests (spec §7): pageNum from 1, pageSize per screen, step 'start' on the first page. */
export const pagingFields = {
  pageNum: z.coerce.number().int().min(0).max(PAGE_NUM_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(999999).default(10),
  step: z.string().max(TEXT_MAX.word).nullish(),
};

export function listResult<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: z.number().int() });
}
