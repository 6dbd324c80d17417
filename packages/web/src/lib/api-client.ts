import type { Call, Envelope } from '@vendo/contract/api/call';
import { REQUEST_TIMEOUT_MS, TOAST_MS } from '@vendo/contract/constants';
import type { RCODE } from '@vendo/contract/rcodes';
import type { z } from 'zod';
import { currentLocale, i18n } from '../i18n/i18n';
import { currentAgent } from './agent';
import { toast } from './notify';
import { clearLogin, loginPath, readMemberCert, readUserInfo, rememberReturnTo } from './session';

/*
 * The rcodes this file acts on, typed against the contract's catalogue (a renumbering fails typecheck) without
 * loading the catalogue's texts: the server's msg is already in the person's language.
 */
const SESSION_EXPIRED: (typeof RCODE)['SESSION_EXPIRED'] = 604;
const INVALID_CERT: (typeof RCODE)['INVALID_CERT'] = 607;
const FORBIDDEN: (typeof RCODE)['FORBIDDEN'] = 403;
const SELF_RESET_DISABLED: (typeof RCODE)['SELF_RESET_DISABLED'] = 118;

/**
 * Refusals that say the stored user info is out of date: a permission the role lost (403), or the Account app's
 * staff self-service switched off since it was read (the side menu offered the reset from the old apps).
 */
const STALE_INFO: readonly number[] = [FORBIDDEN, SELF_RESET_DISABLED];

/** Client-side failures carry negative codes so they never collide with a server rcode. */
export const CLIENT_RCODE = { TIMEOUT: -1, NETWORK: -2, BAD_ANSWER: -3 } as const;

export class ApiError extends Error {
  readonly rcode: number;
  /** The text shown to the person: the server's msg (already in their language) or ours. */
  readonly msg: string;

  constructor(rcode: number, msg: string) {
    super(`${rcode}: ${msg}`);
    this.name = 'ApiError';
    this.rcode = rcode;
    this.msg = msg;
  }
}

/** What a failed call says to the person, as the toasts word it (spec §8: code and msg). */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('common:api.network');
  return error.rcode > 0 ? i18n.t('common:api.withCode', { code: error.rcode, msg: error.msg }) : error.msg;
}

/**
 * What a failed load says where it failed (a list's state, a field): a refusal the server answered, in its words
 * and with its code, else the screen's own "could not load" (network, timeout, an answer that was not ours).
 */
export function loadFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.rcode > 0 ? errorText(error) : fallback;
}

export interface CallOptions {
  /** Skip the error toast (the screen shows the msg itself). The 604 redirect still happens. */
  quiet?: boolean;
  /**
   * Token and secret to use instead of the stored login (a hand-over from another site). A 604 then concerns
   * these credentials, not the stored login, so it neither clears storage nor redirects.
   */
  credentials?: { token: string; secret: string };
}

type AnyCall = Call<z.ZodType, z.ZodType>;

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };

/**
 * What the client needs of a call: where it goes, who may make it, and how to check its result. Every contract
 * call is one (its zod schema checks the result); endpoint() makes one from a type guard, for the two calls the
 * first screen makes before zod has loaded (see account-calls.ts).
 */
export interface Endpoint<Result> {
  path: string;
  auth: AnyCall['auth'];
  response: { safeParse(value: unknown): Checked<Result> };
}

export function endpoint<Result>(
  path: string,
  auth: AnyCall['auth'],
  isResult: (value: unknown) => value is Result,
): Endpoint<Result> {
  return {
    path,
    auth,
    response: {
      safeParse: (value) =>
        isResult(value) ? { success: true, data: value } : { success: false, error: { issues: [value] } },
    },
  };
}

/** Calls whose body may be left out (empty requests) take it as optional. */
export type Args<Req extends z.ZodType> =
  undefined extends z.input<Req>
    ? [body?: z.input<Req>, options?: CallOptions]
    : [body: z.input<Req>, options?: CallOptions];

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate here so that the 604 redirect stays inside the single-page app. */
export function setApiNavigator(next: Navigate): void {
  navigate = next;
}

let forbidden: () => void = () => undefined;

/**
 * The shell registers here what a refusal for want of a permission (403, or a staff self-service switched off)
 * sets off: the main account may have changed the staff member's role or apps since the user info was read, so it
 * is read again and the screen turns into its "no permission" state (the menu drops the entry) instead of failing
 * call after call.
 */
export function setForbiddenListener(next: () => void): void {
  forbidden = next;
}

function showToast(content: string): void {
  toast(content, { duration: TOAST_MS });
}

/**
 * The toast a quiet call's failure would have shown, for a caller that said it later (a list's failed refetch,
 * lib/query-client.ts). An expired session (604) was said and redirected already, quiet or not.
 */
export function announceFailure(error: unknown): void {
  if (error instanceof ApiError && error.rcode === SESSION_EXPIRED) return;
  showToast(errorText(error));
}

function headersFor(auth: AnyCall['auth'], credentials?: CallOptions['credentials']): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: currentLocale() };
  if (auth === 'session') {
    const info = credentials ?? readUserInfo();
    if (info) {
      headers.token = info.token;
      headers.secret = info.secret;
    }
  } else if (auth === 'passport') {
    // The messaging-app session or a bind ticket, handed over in the address (/BindPassport?token=…&secret=…).
    if (credentials) {
      headers.token = credentials.token;
      headers.secret = credentials.secret;
    }
  } else if (auth === 'member') {
    const cert = readMemberCert();
    if (!cert) throw new ApiError(INVALID_CERT, i18n.t('common:api.invalidCert'));
    headers.token = cert.token;
    headers.secret = cert.secret;
  }
  return headers;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { rcode?: unknown }).rcode === 'number'
  );
}

/**
 * A FormData body (uploads, lib/upload.ts) goes as multipart/form-data: the browser writes the content-type with
 * its boundary, so ours is left out. Everything else is JSON.
 */
function encodeBody(
  headers: Record<string, string>,
  body: unknown,
): { headers: Record<string, string>; body: string | FormData } {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const { 'content-type': _json, ...rest } = headers;
    return { headers: rest, body };
  }
  return { headers, body: JSON.stringify(body ?? {}) };
}

async function post(
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Envelope<unknown>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      method: 'POST',
      ...encodeBody(headers, body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const answer: unknown = await response.json().catch(() => undefined);
    // A proxy's HTML error page or an empty 502 means the server was not reached in any useful way.
    if (!isEnvelope(answer)) throw new ApiError(CLIENT_RCODE.NETWORK, i18n.t('common:api.network'));
    return answer;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (controller.signal.aborted) throw new ApiError(CLIENT_RCODE.TIMEOUT, i18n.t('common:api.timeout'));
    throw new ApiError(CLIENT_RCODE.NETWORK, i18n.t('common:api.network'));
  } finally {
    clearTimeout(timer);
  }
}

function expireSession(): void {
  clearLogin();
  const { pathname, search } = window.location;
  rememberReturnTo(`${pathname}${search}`);
  navigate(loginPath(currentAgent()));
}

/**
 * Posts one contract call and returns its typed result. The one place that turns failures into toasts
 * (spec §8) and that answers an expired session (604) with a trip to /login.
 */
export function callApi<Req extends z.ZodType, Res extends z.ZodType>(
  call: Call<Req, Res>,
  ...[body, options]: Args<Req>
): Promise<z.output<Res>> {
  return callEndpoint<z.output<Res>>(call, body, options);
}

/** callApi for an endpoint that is not a zod-checked contract call, or for a FormData body (lib/upload.ts). */
export function callEndpoint<Result>(
  call: Endpoint<Result>,
  body?: unknown,
  options?: CallOptions,
): Promise<Result> {
  return request(call, () => call, body, options);
}

async function request<Result>(
  target: Pick<Endpoint<Result>, 'path' | 'auth'>,
  schema: () => Endpoint<Result> | Promise<Endpoint<Result>>,
  body: unknown,
  options: CallOptions | undefined,
): Promise<Result> {
  try {
    const answer = post(target.path, headersFor(target.auth, options?.credentials), body);
    const checker = Promise.resolve(schema());
    // Awaited only after a successful answer: a refusal reads the same whether or not the schema loaded.
    checker.catch(() => undefined);
    const envelope = await answer;
    if (envelope.rcode !== 0) {
      throw new ApiError(envelope.rcode, envelope.msg);
    }
    const call = await checker;
    // Calls without a result may answer null; their schema is an empty object.
    const parsed = call.response.safeParse(envelope.result ?? {});
    if (!parsed.success) {
      console.error(`Unexpected answer from ${target.path}`, parsed.error.issues);
      throw new ApiError(CLIENT_RCODE.BAD_ANSWER, i18n.t('common:api.badAnswer'));
    }
    return parsed.data;
  } catch (error) {
    const failure =
      error instanceof ApiError ? error : new ApiError(CLIENT_RCODE.NETWORK, i18n.t('common:api.network'));
    if (failure.rcode === SESSION_EXPIRED && !options?.credentials) {
      showToast(i18n.t('common:api.withCode', { code: failure.rcode, msg: failure.msg }));
      expireSession();
    } else if (!options?.quiet) {
      showToast(errorText(failure));
    }
    if (STALE_INFO.includes(failure.rcode)) forbidden();
    throw failure;
  }
}
