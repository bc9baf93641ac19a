import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '#shared/schemas/errors.ts';
import { DomainError, TooManyRequests, Unavailable } from '#server/domain-errors.ts';
import { shortageOf } from '#server/failure-cause.ts';

export const STORAGE_FULL_MESSAGE =
  'The shop cannot save anything just now: its storage is full. Please try again later.';
export const SHORT_OF_RESOURCES_MESSAGE = 'The shop is overloaded just now. Please try again in a minute.';
export const DATABASE_UNREACHABLE_MESSAGE =
  'The shop cannot reach its database just now: nothing was changed. Please try again in a moment.';
/** Seconds a client is asked to wait, by shortage. */
const RETRY_AFTER_SECONDS = { resources: 30, database: 5 };

export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

const STATUS_OF: Record<DomainError['kind'], number> = {
  invalidInput: 400,
  notSignedIn: 401,
  paymentDeclined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  unavailable: 503,
};

/** Answers a service's refusal with its kind's status code (and Retry-After when it says when to return). */
export function replyToDomainError(
  error: DomainError,
  reply: FastifyReply,
  body: (statusCode: number, message: string) => unknown,
): FastifyReply {
  if (
    (error instanceof Unavailable || error instanceof TooManyRequests) &&
    error.retryAfterSeconds !== undefined
  ) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  const statusCode = STATUS_OF[error.kind];
  return reply.code(statusCode).send(body(statusCode, error.message));
}

const SHORTAGE_LOG = {
  storage: 'storage is full',
  resources: 'short of resources',
  database: 'the database cannot be reached',
};

/**
 * Answers a failure of the machine rather than of the request: 507 for a full disk (the file system's or the
 * database's), 503 with Retry-After for the database's other shortages and while it cannot be reached.
 * Undefined for any other failure.
 */
export function replyToShortage(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  body: (statusCode: number, message: string) => unknown,
): FastifyReply | undefined {
  const shortage = shortageOf(error);
  if (shortage === undefined) return undefined;
  request.log.error({ err: error }, `request failed: ${SHORTAGE_LOG[shortage]}`);
  if (shortage === 'storage') return reply.code(507).send(body(507, STORAGE_FULL_MESSAGE));
  const message = shortage === 'database' ? DATABASE_UNREACHABLE_MESSAGE : SHORT_OF_RESOURCES_MESSAGE;
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS[shortage]))
    .send(body(503, message));
}

/**
 * Every failure leaves as JSON `{ statusCode, error, message }`: a service's refusal with its kind's status and
 * details, anything unexpected as a 500 from which nothing internal leaks.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send(apiError(400, first?.message ?? 'Invalid request'));
    }
    if (error instanceof DomainError) {
      if (error instanceof Unavailable && error.fault !== undefined) {
        request.log.error({ err: error.fault }, `request failed: ${error.message}`);
      }
      return replyToDomainError(error, reply, (statusCode, message) => ({
        ...apiError(statusCode, message),
        ...error.details,
      }));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // A fault of the request itself (Fastify's 4xx), before any shortage: a client that dropped its connection
    // mid-body ("aborted", ECONNRESET) is not a database out of reach.
    if (statusCode < 500) return reply.code(statusCode).send(apiError(statusCode, error.message));
    const shortage = replyToShortage(error, request, reply, apiError);
    if (shortage) return shortage;
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(statusCode)
      .send(apiError(statusCode, 'Something went wrong on our side. Please try again.'));
  });
});

export function notFoundError(request: { method: string; url: string }): ApiError {
  return apiError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
}
