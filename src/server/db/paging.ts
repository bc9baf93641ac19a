import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './transaction.ts';

/** Which page of a list, from 1, and how many rows a page has. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** One page's rows, how many rows there are on all pages together, and the paging that was used. */
export interface Page<Row> extends Paging {
  rows: Row[];
  total: number;
}

/** One page of the rows of `table` that pass `where`, in `order`. */
export async function pageRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  { page, pageSize }: Paging,
): Promise<Array<T['$inferSelect']>> {
  const source: PgTable = table;
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows;
}

/** How many rows of `table` pass `where`; given `limit`, at most that many (the rest is never read). */
export async function countRows(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  limit?: number,
): Promise<number> {
  const [counted] =
    limit === undefined
      ? await db.select({ total: count() }).from(table).where(where)
      : await db.select({ total: count() }).from(
          db
            .select({ one: sql`1` })
            .from(table)
            .where(where)
            .limit(limit)
            .as('passing'),
        );
  return counted?.total ?? 0;
}

/** One page of the rows of `table` that pass `where`, in `order`, and how many pass it on all pages. */
export async function readPage<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  paging: Paging,
): Promise<Page<T['$inferSelect']>> {
  const [rows, total] = await Promise.all([
    pageRows(db, table, where, order, paging),
    countRows(db, table, where),
  ]);
  return { rows, total, ...paging };
}
