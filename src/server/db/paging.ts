import { count, type SQL } from 'drizzle-orm';
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

/** One page of the rows of `table` that pass `where`, in `order`, and how many pass it on all pages. */
export async function readPage<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  { page, pageSize }: Paging,
): Promise<Page<T['$inferSelect']>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0, page, pageSize };
}
