import { pipeline, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ResponseEncoding = 'br' | 'gzip';

/** Brotli before gzip, as the compress plugin prefers them (plugins/security.ts). */
const ENCODINGS: ResponseEncoding[] = ['br', 'gzip'];

/** Brotli's quality for a body compressed as it is sent: the compress plugin's, fast enough for a stream. */
const STREAM_BROTLI_QUALITY = 4;

/**
 * How to compress an answer for `request`, as the compress plugin chooses: the encoding the client prefers by
 * its q-values ("br;q=0" refuses brotli), brotli on a tie, `*` and `x-gzip` taken as gzip. Undefined for a
 * client that accepts neither.
 */
export function responseEncoding(request: FastifyRequest): ResponseEncoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return undefined;
  const chosen = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
  return chosen ?? undefined;
}

/**
 * `body` compressed as `request` accepts it, with the headers that say so, for a route that compresses its own
 * answers (it opts out of the compress plugin: `compress: false`). Closing the answer early closes `body`.
 */
export function compressedStream(request: FastifyRequest, reply: FastifyReply, body: Readable): Readable {
  reply.header('vary', 'accept-encoding');
  const encoding = responseEncoding(request);
  if (!encoding) return body;
  reply.header('content-encoding', encoding);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY } })
      : createGzip();
  // An error or an early close of either ends both; the answer's own stream reports it.
  return pipeline(body, compressor, () => undefined);
}
