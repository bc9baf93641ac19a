import { and, asc, count, desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** The columns a list in order of creation is read by: when each row was made, and its id for ties. */
export interface CreationKeys {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * Every row of `table` that passes `where`, newest or oldest first (ties by id), `size` rows at a time: a long
 * list is never held whole, and other requests get their turns between chunks. Keyset reads, each as cheap
 * however far down; the last row's time is carried as the database's text, since a JavaScript date would lose
 * its microseconds and skip or repeat rows.
 */
export async function* rowsInChunks<T extends PgTable>(
  db: Executor,
  table: T,
  { createdAt, id }: CreationKeys,
  where: SQL | undefined,
  first: 'newest' | 'oldest',
  size: number,
): AsyncGenerator<Array<T['$inferSelect']>> {
  const newest = first === 'newest';
  const order = newest ? [desc(createdAt), desc(id)] : [asc(createdAt), asc(id)];
  const source: PgTable = table;
  let after: { at: string; id: unknown } | undefined;
  for (;;) {
    const beyond =
      after &&
      (newest
        ? sql`(${createdAt}, ${id}) < (${after.at}::timestamptz, ${after.id})`
        : sql`(${createdAt}, ${id}) > (${after.at}::timestamptz, ${after.id})`);
    const rows = (await db
      .select({ ...getTableColumns(source), keysetAt: sql<string>`${createdAt}::text`, keysetId: id })
      .from(source)
      .where(and(where, beyond))
      .orderBy(...order)
      .limit(size)) as Array<T['$inferSelect'] & { keysetAt: string; keysetId: unknown }>;
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = { at: last.keysetAt, id: last.keysetId };
  }
}
