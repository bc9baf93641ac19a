import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared/schemas/errors.ts';

export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Every failure leaves as JSON `{ statusCode, error, message }`; nothing internal leaks out of a 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send(apiError(400, first?.message ?? 'Invalid request'));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(statusCode)
        .send(apiError(statusCode, 'Something went wrong on our side. Please try again.'));
    }
    return reply.code(statusCode).send(apiError(statusCode, error.message));
  });
});

export function notFoundError(request: { method: string; url: string }): ApiError {
  return apiError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
}
