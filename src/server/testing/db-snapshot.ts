import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pendingMails, rateLimits, requestLimits, schema } from '#server/db/schema.ts';

/**
 * Left out: counters that a refused request is meant to move (it counts against the client's limit), and the
 * mails on their way into the mail queue, which the relay moves whenever it runs (the mail tests check that a
 * refused change sends none).
 */
const LEFT_OUT = new Set<string>(
  [rateLimits, requestLimits, pendingMails].map((table) => getTableName(table)),
);

/**
 * Every row of every table of the shop, as one comparable text: equal snapshots before and after a
 * request prove that it changed nothing (LEFT_OUT aside).
 */
export async function snapshotDatabase(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema)) {
    const name = getTableName(table);
    if (LEFT_OUT.has(name)) continue;
    const result = await db.execute(sql`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`);
    const rows = rowsOf<{ row: string }>(result).map(({ row }) => row);
    parts.push(`${name}: ${rows.join('\n')}`);
  }
  return parts.join('\n\n');
}

/** PGlite answers `{ rows }`, node-postgres a result with `rows` too; both through Drizzle's execute. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
