import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isValidationKey } from '@vendo/contract/validation-messages';
import type { Call } from '@vendo/contract/api/call';
import type { Locale } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from './app-error';
import type { AuthContext, Authenticator, PassportContext } from './auth';
import { localeOf, rcodeMessage } from './i18n';

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

type Handler<C, Res> = (ctx: C) => Promise<Res>;

/**
 * Registers a contract call as a route: parse the body with the call's schema, resolve the session when the
 * call needs one, run the handler, and answer the envelope with a result shaped by the response schema.
 * Routes stay one line; the rules live in services.
 */
export class CallRegistrar {
  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticator: Authenticator,
    private readonly permissions: (auth: AuthContext) => Promise<number[]>,
  ) {}

  /** Every path registered, with how it is guarded: the authorization matrix test walks these. */
  readonly registered: Array<Pick<Call<z.ZodType, z.ZodType>, 'path' | 'auth' | 'perm' | 'mainOnly'>> = [];

  public<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<CallContext<z.output<Req>>, z.input<Res>>,
  ): void {
    this.register(call, async (request) => handler(await this.context(call, request)));
  }

  session<Req extends z.ZodType, Res extends z.ZodType>(
    call: Call<Req, Res>,
    handler: Handler<SessionCallContext<z.output<Req>>, z.input<Res>>,
  ): void {
    this.register(call, async (request) => {
      const auth = await this.authenticator.authenticate(request.headers);
      await this.authorize(call, auth);
      return handler({ ...(await this.context(call, request)), auth });
    });
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

  /** The permission rules of spec §6 that a call declares, enforced here for every call alike. */
  private async authorize(call: Call<z.ZodType, z.ZodType>, auth: AuthContext): Promise<void> {
    if (auth.user.is_main === 1) return;
    if (call.mainOnly) throw new AppError(RCODE.FORBIDDEN);
    if (call.perm !== undefined && !(await this.permissions(auth)).includes(call.perm)) {
      throw new AppError(RCODE.FORBIDDEN);
    }
  }

  private register<Res extends z.ZodType>(
    call: Call<z.ZodType, Res>,
    run: (request: FastifyRequest) => Promise<z.input<Res>>,
  ): void {
    this.registered.push({ path: call.path, auth: call.auth, perm: call.perm, mainOnly: call.mainOnly });
    this.app.post(call.path, async (request) => {
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
 */
export async function parseRequest<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const parsed = await schema.safeParseAsync(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'body';
    throw new ZodFieldError(field, issueKey(issue));
  }
  return parsed.data;
}

/** Our schemas put a validation key in each message; zod's own checks map to the generic keys. */
function issueKey(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'invalidValue';
  if (isValidationKey(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  return 'invalidValue';
}

/** A body that failed its schema; the message is a validation key or zod's own text. */
export class ZodFieldError extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
  ) {
    super(`invalid ${field}: ${key}`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
