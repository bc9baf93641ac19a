import type { Executor } from '#server/db/transaction.ts';
import { toApiTool, toolsNewestFirst, type ToolRow, type NewestCursor } from './tools.repo.ts';

/** Rows read at a time: the list is never held whole, and other requests get their turns between chunks. */
const CHUNK = 500;

/**
 * Every tool, newest first, as one JSON array written a chunk at a time, each chunk read after the previous
 * was taken (keyset paging, so each read costs the same however far down the list it is). `first` is the
 * list's first chunk when it has been read already.
 */
export async function* newestFirstJson(
  db: Executor,
  first?: Array<ToolRow & { cursor: NewestCursor }>,
): AsyncGenerator<string> {
  let rows = first ?? (await toolsNewestFirst(db, CHUNK));
  yield '[';
  for (let separator = ''; rows.length > 0; separator = ',') {
    yield separator + rows.map((row) => JSON.stringify(toApiTool(row))).join(',');
    if (rows.length < CHUNK) break;
    rows = await toolsNewestFirst(db, CHUNK, rows.at(-1)!.cursor);
  }
  yield ']';
}
