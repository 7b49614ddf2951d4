import type { AppErrorCode, ValidationErrorItem } from '@luz/shared/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '../messages';
import { RequestValidationError } from './validation';

/**
 * What went wrong, as the domains say it, and the one place that maps it to an HTTP status. The
 * code leaves with the answer (`{"detail": …, "code": …}`) for clients to reason on; the
 * `detail` is for people.
 */
export const appErrorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  subscription_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  password_change_required: 428,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
} as const satisfies Record<AppErrorCode, number>;

/** A failure for the user: services throw it, the error handler answers it. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return appErrorStatus[this.code];
  }
}

export const badRequest = (detail: string) => new AppError('bad_request', detail);
export const unauthorized = (detail: string) =>
  new AppError('unauthenticated', detail, { 'WWW-Authenticate': 'Bearer' });
/** The caller's subscription does not give access to this route (spec §4); see `AuthGuard.user`. */
export const paymentRequired = (detail: string) => new AppError('subscription_required', detail);
export const forbidden = (detail: string) => new AppError('forbidden', detail);
export const notFound = (detail: string) => new AppError('not_found', detail);
export const conflict = (detail: string) => new AppError('conflict', detail);
/** The caller must first change a temporary password (see `AuthGuard.user`). */
export const preconditionRequired = (detail: string) => new AppError('password_change_required', detail);
/** Too many requests; `seconds` to wait go in Retry-After when known. */
export const rateLimited = (detail: string, seconds?: number) =>
  new AppError('rate_limited', detail, seconds === undefined ? {} : { 'Retry-After': String(seconds) });

/** Fastify's own client errors, answered in our words and shape. */
const fastifyClientErrors: Record<string, { status: number; body: () => unknown }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 422,
    body: () => ({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] }),
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 422,
    body: () => ({ detail: [{ loc: ['body'], msg: 'body is a required field', type: 'missing' }] }),
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: () => ({ detail: messages.payloadTooLarge }) },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, body: () => ({ detail: messages.unsupportedMediaType }) },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, body: () => ({ detail: messages.badRequest }) },
};

/**
 * Errors Fastify's router raises before any route, hook or error handler runs (a path with a
 * broken percent-escape, `FST_ERR_BAD_URL`): answered in our shape and with our `headers` too,
 * instead of Fastify's own JSON.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    reply.code(400).headers(headers).send({ detail: messages.badRequest });
  };
}

/** A 422 always carries FastAPI's list (clients read `loc` from it), even when raised with a sentence. */
const asValidationList = (msg: string): ValidationErrorItem[] => [
  { loc: ['body'], msg, type: 'value_error' },
];

/**
 * Every failure leaves as FastAPI's `{"detail": ...}`. Client mistakes never crash the process
 * and never show internals; unexpected errors are logged with the request and answered with a
 * generic 500.
 */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code });
    }
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.detail });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return reply.code(known.status).send(known.body());
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, 'Unhandled error');
      return reply.code(500).send({ detail: messages.internalError });
    }
    // Any other 4xx raised by Fastify or a plugin: the status is right, the English text is not for users.
    request.log.info({ err: error }, 'Client error');
    const detail = error.statusCode === 422 ? asValidationList('Validation Error') : messages.badRequest;
    return reply.code(error.statusCode).send({ detail });
  });
}
