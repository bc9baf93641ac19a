import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressedStream } from './response-encoding.ts';

/**
 * The items of `chunks`, each chunk as `shown` makes it, as one JSON array written a chunk at a time: the whole
 * array is never held, and the next chunk is read only once the previous one has been taken.
 */
export async function* jsonArray<T>(
  chunks: AsyncIterable<T[]> | Iterable<T[]>,
  shown: (chunk: T[]) => unknown[] | Promise<unknown[]>,
): AsyncGenerator<string> {
  yield '[';
  let separator = '';
  for await (const chunk of chunks) {
    const items = await shown(chunk);
    if (items.length === 0) continue;
    yield separator + items.map((item) => JSON.stringify(item)).join(',');
    separator = ',';
  }
  yield ']';
}

interface JsonArrayOptions {
  cacheControl?: string;
  whenClosed?: () => void;
  /** On a route that compresses its own answers (`compress: false`): the request, whose client says how. */
  compressFor?: FastifyRequest;
}

/**
 * Sends a JSON array as it is written (jsonArray); by default for nobody's cache, as lists of accounts and
 * orders are. `whenClosed` runs once the stream has closed, whether it ended or the client went away.
 */
export function sendJsonArray(
  reply: FastifyReply,
  pieces: AsyncIterable<string>,
  { cacheControl = 'private, no-store', whenClosed, compressFor }: JsonArrayOptions = {},
): FastifyReply {
  const body = Readable.from(pieces);
  if (whenClosed) body.once('close', whenClosed);
  reply.type('application/json; charset=utf-8').header('cache-control', cacheControl);
  return reply.send(compressFor ? compressedStream(compressFor, reply, body) : body);
}
