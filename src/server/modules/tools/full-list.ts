import { jsonArray } from '#server/json-array.ts';
import { rowsInChunks } from '#server/db/paging.ts';
import { tools } from '#server/db/schema.ts';
import type { Executor } from '#server/db/transaction.ts';
import { toApiTool, type ToolRow } from './tools.repo.ts';

/**
 * Tools read and written at a time: the list is never held whole, and other requests get their turns between
 * chunks (a health check waits for one chunk's read and JSON at most, about 20 ms at 100,000 tools).
 */
export const FULL_LIST_CHUNK = 200;

/** The list's chunks, newest first, read one at a time. */
const chunksOfList = (db: Executor) => rowsInChunks(db, tools, tools, undefined, 'newest', FULL_LIST_CHUNK);

/** The list's first chunks, and the reader of the rest unless they are the whole list. */
export interface BegunList {
  read: ToolRow[][];
  rest?: AsyncGenerator<ToolRow[]>;
}

/** Reads the list's first chunks, one at a time, until more than `tools` tools are read or the list ends. */
export async function beginList(db: Executor, tools: number): Promise<BegunList> {
  const rest = chunksOfList(db);
  const read: ToolRow[][] = [];
  for (let count = 0; count <= tools;) {
    const next = await rest.next();
    if (next.done) return { read };
    read.push(next.value);
    count += next.value.length;
  }
  return { read, rest };
}

async function* listChunks(db: Executor, begun?: BegunList): AsyncGenerator<ToolRow[]> {
  if (!begun) return yield* chunksOfList(db);
  yield* begun.read;
  if (begun.rest) yield* begun.rest;
}

/**
 * Every tool, newest first, as one JSON array written a chunk at a time, each chunk read after the previous
 * was taken; from the list's first chunks when they have been read already (`begun`).
 */
export function newestFirstJson(db: Executor, begun?: BegunList): AsyncGenerator<string> {
  return jsonArray(listChunks(db, begun), (rows) => rows.map(toApiTool));
}
