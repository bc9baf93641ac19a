import { jsonArray } from '#server/json-array.ts';
import type { Executor } from '#server/db/transaction.ts';
import { toApiTool, toolsNewestFirst, type ToolRow, type NewestCursor } from './tools.repo.ts';

/**
 * Tools read and written at a time: the list is never held whole, and other requests get their turns between
 * chunks (a health check waits for one chunk's read and JSON at most, about 20 ms at 100,000 tools).
 */
export const FULL_LIST_CHUNK = 200;

export type ListChunk = Array<ToolRow & { cursor: NewestCursor }>;

/** The chunk after `previous`, or the first; keyset paging, so each read costs the same however far down. */
const nextChunk = (db: Executor, previous?: ListChunk) =>
  toolsNewestFirst(db, FULL_LIST_CHUNK, previous?.at(-1)!.cursor);

const isLast = (chunk: ListChunk) => chunk.length < FULL_LIST_CHUNK;

/** The list's first chunks, read one at a time until more than `tools` tools are read or the list ends. */
export async function firstChunks(db: Executor, tools: number): Promise<ListChunk[]> {
  const chunks: ListChunk[] = [];
  let read = 0;
  do {
    chunks.push(await nextChunk(db, chunks.at(-1)));
    read += chunks.at(-1)!.length;
  } while (read <= tools && !isLast(chunks.at(-1)!));
  return chunks;
}

/** The list's chunks, newest first: those in `read` (its first chunks, read already), then the rest. */
async function* listChunks(db: Executor, read: ListChunk[]): AsyncGenerator<ListChunk> {
  let chunk = read[0] ?? (await nextChunk(db));
  for (let index = 1; chunk.length > 0; index += 1) {
    yield chunk;
    if (isLast(chunk)) return;
    chunk = read[index] ?? (await nextChunk(db, chunk));
  }
}

/**
 * Every tool, newest first, as one JSON array written a chunk at a time, each chunk read after the previous
 * was taken. `read` is the list's first chunks when they have been read already.
 */
export function newestFirstJson(db: Executor, read: ListChunk[] = []): AsyncGenerator<string> {
  return jsonArray(listChunks(db, read), (rows) => rows.map(toApiTool));
}
