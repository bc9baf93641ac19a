import type { FastifyRequest } from 'fastify';

/** Path segments that are secrets themselves: Better Auth's password-reset link carries its token in the path. */
const TOKEN_SEGMENTS = [/(\/reset-password\/)[^/]+/gi];

/**
 * The path to log for a request URL: without the query string, which carries verification and reset tokens
 * (`/verify-email?token=…`) and OAuth codes, and with token segments masked.
 */
export function loggablePath(url: string): string {
  const path = url.replace(/[?#].*/s, '');
  return TOKEN_SEGMENTS.reduce((masked, pattern) => masked.replace(pattern, '$1[redacted]'), path);
}

/** Fastify's request serializer with the URL reduced to a loggable path. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggablePath(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
