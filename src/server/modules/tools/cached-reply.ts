import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseEncoding } from '#server/response-encoding.ts';
import type { CachedResponse } from './catalogue.ts';

/** Below this, compressing costs more than it saves (the compress plugin's own threshold). */
const COMPRESS_FROM_BYTES = 1024;

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}

/** The answer compressed as the client accepts it, made once per cached answer rather than per request. */
function encoded(request: FastifyRequest, response: CachedResponse) {
  if (response.body.length < COMPRESS_FROM_BYTES) return undefined;
  const encoding = responseEncoding(request);
  if (encoding === 'br') {
    response.br ??= brotliCompressSync(response.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    return { encoding: 'br', body: response.br };
  }
  if (encoding === 'gzip') {
    response.gzip ??= gzipSync(response.body);
    return { encoding: 'gzip', body: response.gzip };
  }
  return undefined;
}

/** Sends a pre-serialized JSON body with its ETag, or 304 when the client already has it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
  reply.header('etag', response.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, response.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const compressed = encoded(request, response);
  if (!compressed) return reply.send(response.body);
  return reply.header('content-encoding', compressed.encoding).send(compressed.body);
}
