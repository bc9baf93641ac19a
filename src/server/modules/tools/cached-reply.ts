import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse } from './catalogue.ts';

function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}

/** Sends a pre-serialized JSON body with its ETag, or 304 when the client already has it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
  reply.header('etag', response.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch, response.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(response.body);
}
