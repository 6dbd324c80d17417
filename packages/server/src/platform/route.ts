import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isValidationKey, type ValidationKey } from '@vendo/contract/validation-messages';
import { apiKeyMayCall, isReadingCall } from '@vendo/contract/api/api-keys';
import type { Call } from '@vendo/contract/api/call';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from './app-error';
import {
  apiKeyOf,
  isMainAccount,
  type AuthContext,
  type Authenticator,
  type MemberContext,
  type PassportContext,
} from './auth';
import { localeOf, rcodeMessage } from './i18n';
import type { RegisteredCall } from './openapi';
import { noteCaller } from './request-log';
import { noteOrigin } from './request-origin';

export interface CallContext<Req> {
  body: Req;
  locale: Locale;
  ip: string;
  userAgent: string;
  request: FastifyRequest;
}

export interface SessionCallContext<Req> extends CallContext<Req> {
  auth: AuthContext;
}

export interface PassportCallContext<Req> extends CallContext<Req> {
  passport: PassportContext;
}

export interface MemberCallContext<Req> extends CallContext<Req> {
  member: MemberContext;
}

type Handler<C, Res> = (ctx: C) => Promise<Res>;

/**
 * Registers a contract call as a route: resolve the session and check the call's declared guard (app, API key,
 * mainOnly / staffOnly, perm, anyPerm) before the body is read, then parse the body with the call's schema, run the
 * handler, and answer the envelope with a result shaped by the response schema.
 * Routes stay one line; the rules live in services.
 */
export class CallRegistrar {
  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticator: Authenticator,
    private readonly permissions: (auth: AuthContext) => Promise<number[]>,
    /** Whether the merchant's app module of that name is present and not expired (calls that declare `app`). */
    private readonly appUsable: (merchantId: number, app: string) => Promise<boolean>,
  ) {}

  /** Every path registered, with how it is guarded: the authorization matrix test walks these. */
  readonly registered: RegisteredCall[] = [];

  public<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<CallContext<z.output<Req>>, z.input<Res>>,
  ): void {
    this.register(call, async (request) => handler(await this.context(call, request)));
  }

  /**
   * A call of a login or an API key. Who calls and whether they may is settled when the request arrives, before
   * its body is read (route-level onRequest, ahead of every body parser and form reader): a caller refused the
   * call gets that refusal whatever the body holds, never a complaint about the body.
   */
  session<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<SessionCallContext<z.output<Req>>, z.input<Res>>,
    /**
     * A service's refusal that reads no body, checked after the declared guard and still before the body (decision
     * 061): the Account app's subuser_self_reset_password switch of a staff member's own password change.
     */
    admit?: (auth: AuthContext) => Promise<void>,
  ): void {
    const guard = async (request: FastifyRequest): Promise<void> => {
      const auth = await this.authenticator.authenticate(request.headers);
      noteCaller(request, {
        merchant: auth.user.merchant_id,
        user: auth.user.id,
        staff: !isMainAccount(auth.user),
      });
      await this.authorize(call, auth);
      if (admit) await admit(auth);
      this.admitted.set(request, auth);
    };
    this.register(
      call,
      async (request) => {
        const auth = this.admitted.get(request);
        if (!auth) throw new Error(`${call.path}: the session guard did not run`);
        return this.handleSession(call, handler, request, auth);
      },
      guard,
    );
  }

  /** The callers the guard let through, by request (read once by the handler). */
  private readonly admitted = new WeakMap<FastifyRequest, AuthContext>();

  private async handleSession<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<SessionCallContext<z.output<Req>>, z.input<Res>>,
    request: FastifyRequest,
    auth: AuthContext,
  ): Promise<z.input<Res>> {
    const ctx = await this.context(call, request);
    // Services record sensitive actions with where they came from (modules/audit).
    noteOrigin(auth, { ip: ctx.ip, userAgent: ctx.userAgent, call: call.path });
    const result = await handler({ ...ctx, auth });
    // An API key's use of a call that changes something is recorded (decision 047). The action is done by now:
    // an entry that cannot be written is logged, never answered as a failure the integration would retry.
    if (!isReadingCall(call.path)) {
      await this.authenticator
        .recordKeyUse(auth, { ip: ctx.ip, userAgent: ctx.userAgent, call: call.path })
        .catch((error: unknown) => request.log.error({ err: error }, 'API key use not recorded'));
    }
    return result;
  }

  /** A call of a messaging-app identity (api/passport.ts): a bind ticket or a session the messaging app opened. */
  passport<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<PassportCallContext<z.output<Req>>, z.input<Res>>,
  ): void {
    this.register(call, async (request) => {
      const passport = await this.authenticator.authenticatePassport(request.headers);
      return handler({ ...(await this.context(call, request)), passport });
    });
  }

  /** A call of a member (api/members.ts): the member cert's token and secret, else INVALID_CERT. */
  member<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<MemberCallContext<z.output<Req>>, z.input<Res>>,
  ): void {
    this.register(call, async (request) => {
      const member = await this.authenticator.authenticateMember(request.headers);
      return handler({ ...(await this.context(call, request)), member });
    });
  }

  /** The permission rules of spec §6 that a call declares, enforced here for every call alike. */
  private async authorize(call: Call<z.ZodType, z.ZodType>, auth: AuthContext): Promise<void> {
    if (call.app !== undefined && !(await this.appUsable(auth.user.merchant_id, call.app))) {
      throw new AppError(RCODE.APP_EXPIRED);
    }
    // An API key makes only the calls open to keys, then is checked as staff (decision 047).
    if (apiKeyOf(auth.user) && !apiKeyMayCall(call)) throw new AppError(RCODE.API_KEY_CALL_REFUSED);
    if (isMainAccount(auth.user)) {
      if (call.staffOnly) throw new AppError(RCODE.FORBIDDEN);
      return;
    }
    if (call.mainOnly) throw new AppError(call.staffRefusal ?? RCODE.FORBIDDEN);
    if (call.perm === undefined && call.anyPerm === undefined) return;
    const held = await this.permissions(auth);
    if (call.perm !== undefined && !held.includes(call.perm)) throw new AppError(RCODE.FORBIDDEN);
    if (call.anyPerm !== undefined && !call.anyPerm.some((p) => held.includes(p))) {
      throw new AppError(RCODE.FORBIDDEN);
    }
  }

  private register<Res extends z.ZodType>(
    call: Call<z.ZodType, Res>,
    run: (request: FastifyRequest) => Promise<z.input<Res>>,
    guard?: (request: FastifyRequest) => Promise<void>,
  ): void {
    const { path, auth, perm, anyPerm, mainOnly, staffRefusal, staffOnly, app, request, response } = call;
    this.registered.push({
      path,
      auth,
      perm,
      anyPerm,
      mainOnly,
      staffRefusal,
      staffOnly,
      app,
      request,
      response,
    });
    this.app.post(call.path, guard ? { onRequest: guard } : {}, async (request) => {
      const result = call.response.parse(await run(request));
      return { rcode: RCODE.OK, msg: rcodeMessage(RCODE.OK, localeOf(request.headers)), result };
    });
  }

  private async context<Req extends z.ZodType>(
    call: Call<Req, z.ZodType>,
    request: FastifyRequest,
  ): Promise<CallContext<z.output<Req>>> {
    return {
      body: await parseRequest(call.request, request.body ?? {}),
      locale: localeOf(request.headers),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      request,
    };
  }
}

/**
 * A value parsed by a call's schema, or a ZodFieldError naming the first field that is wrong: what every call's
 * body goes through, and what a call carrying another call's conditions (a report of a view) uses for them.
 * A NUL character anywhere in the value is refused before the schema looks at it: no text column takes one.
 */
export async function parseRequest<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const nul = pathOfNul(value);
  if (nul !== undefined) throw new ZodFieldError(nul || 'body', 'nulCharacter');
  const parsed = await schema.safeParseAsync(value, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'body';
    const { key, params } = issueKey(issue);
    throw new ZodFieldError(field, key, params);
  }
  return parsed.data;
}

/** The kinds of value zod names as expected, each with what the answer says was expected. */
const EXPECTED: Record<string, { kind: string; key: ValidationKey }> = {
  string: { kind: 'string', key: 'expectedText' },
  number: { kind: 'number', key: 'expectedNumber' },
  int: { kind: 'number', key: 'expectedNumber' },
  bigint: { kind: 'number', key: 'expectedNumber' },
  boolean: { kind: 'boolean', key: 'expectedSwitch' },
  array: { kind: 'array', key: 'expectedList' },
  tuple: { kind: 'array', key: 'expectedList' },
  object: { kind: 'object', key: 'expectedObject' },
  record: { kind: 'object', key: 'expectedObject' },
};

/**
 * The kind of a value as sent, or undefined where it says nothing: a missing or null value, or NaN (what a
 * coerced number makes of anything, a missing value too).
 */
function kindOf(value: unknown): string | undefined {
  if (value === undefined || value === null || Number.isNaN(value)) return undefined;
  if (Array.isArray(value)) return 'array';
  return typeof value === 'bigint' ? 'number' : typeof value;
}

/**
 * Our schemas put a validation key in each message; zod's own checks map to the generic keys. A value of the
 * wrong type says what was expected (a missing or null one stays "cannot be empty"), and a text over its maximum
 * says the maximum, whatever message the schema gave.
 */
export function issueKey(issue: z.core.$ZodIssue | undefined): {
  key: string;
  params?: Record<string, string | number>;
} {
  if (!issue) return { key: 'invalidValue' };
  if (issue.code === 'invalid_type') {
    // A value of another kind than expected (1 where text belongs); not 1.5 where zod expects an int.
    const expected = EXPECTED[issue.expected];
    const sent = kindOf(issue.input);
    if (sent !== undefined && sent !== expected?.kind) return { key: expected?.key ?? 'invalidValue' };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { key: 'tooLong', params: { max: Number(issue.maximum) } };
  }
  if (isValidationKey(issue.message)) return { key: issue.message };
  if (issue.code === 'invalid_type') return { key: 'required' };
  return { key: 'invalidValue' };
}

/**
 * The dotted path of the first string (or object key) holding U+0000, '' for the value itself; undefined when
 * there is none. Iterative, so no nesting depth a JSON body can have overflows the stack.
 */
export function pathOfNul(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (Array.isArray(v) || isPlainObject(v)) {
      // Parsed JSON holds only these; an uploaded file's bytes (a Buffer) are no text.
      const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
      for (const [key, item] of entries.reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || 'body';
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A body that failed its schema; the message is a validation key (with its placeholders) or zod's own text. */
export class ZodFieldError extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(`invalid ${field}: ${key}`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
