import type { FastifyError, FastifyInstance } from 'fastify';
import { RCODE } from '@vendo/contract/rcodes';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './database-faults';
import { fieldMessage, localeOf, rcodeMessage } from './i18n';
import { ZodFieldError } from './route';

/**
 * Every failure leaves as the envelope {rcode, msg, result: null} in the caller's language.
 * Business refusals answer HTTP 200 (the app reads rcode); protocol faults keep their HTTP status.
 * Unexpected faults log the detail and answer a generic message: internals never reach the client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = localeOf(request.headers);
    const path = request.routeOptions.url;
    if (error instanceof AppError) {
      const msg = error.validation
        ? fieldMessage(error.validation.field, error.validation.key, locale, path)
        : rcodeMessage(error.rcode, locale, error.params);
      return reply.status(200).send({ rcode: error.rcode, msg, result: null });
    }
    if (error instanceof ZodFieldError) {
      return reply.status(200).send({
        rcode: RCODE.INVALID_PARAM,
        msg: fieldMessage(error.field, error.key, locale, path, error.params),
        result: null,
      });
    }
    const code = 'code' in error ? error.code : undefined;
    const protocol = protocolFault(code);
    if (protocol) {
      request.log.info({ code }, 'refused request');
      return reply
        .status(protocol.status)
        .send({ rcode: protocol.rcode, msg: rcodeMessage(protocol.rcode, locale), result: null });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of ours: the database is down or overloaded for a moment (decision 044). One line without the
      // stack; the caller is told to try again shortly.
      request.log.warn({ database: { code, message: error.message } }, 'database unavailable');
      return reply.status(503).send({
        rcode: RCODE.DATABASE_UNAVAILABLE,
        msg: rcodeMessage(RCODE.DATABASE_UNAVAILABLE, locale),
        result: null,
      });
    }
    request.log.error({ err: error }, 'unexpected fault');
    return reply
      .status(500)
      .send({ rcode: RCODE.INTERNAL, msg: rcodeMessage(RCODE.INTERNAL, locale), result: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = localeOf(request.headers);
    return reply
      .status(404)
      .send({ rcode: RCODE.NOT_FOUND, msg: rcodeMessage(RCODE.NOT_FOUND, locale), result: null });
  });
}

function protocolFault(code: string | undefined): { status: number; rcode: number } | undefined {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_INVALID_JSON':
      return { status: 400, rcode: RCODE.MALFORMED_REQUEST };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, rcode: RCODE.BODY_TOO_LARGE };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, rcode: RCODE.UNSUPPORTED_MEDIA_TYPE };
    default:
      return undefined;
  }
}
