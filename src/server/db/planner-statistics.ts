import { sql } from 'drizzle-orm';
import type { PeriodicTask } from '#server/periodic-task.ts';
import type { Db } from './client.ts';

/**
 * PGlite runs no autovacuum, so nothing refreshes the statistics the query planner chooses indexes by: a
 * catalogue grown to 100,000 tools would still be planned as the empty table it once was. This does what
 * autovacuum's analyze would (PostgreSQL's default rule: more than 50 + 10% of a table's rows changed since
 * its last analyze), for the embedded database only.
 */
export function plannerStatisticsRefresh(db: Db): PeriodicTask {
  return {
    name: 'refreshing the embedded database’s planner statistics',
    everyMs: 10 * 60 * 1000,
    async run() {
      const { rows } = (await db.execute(sql`
        SELECT format('%I.%I', schemaname, relname) AS "table" FROM pg_stat_user_tables
        WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup`)) as { rows: Array<{ table: string }> };
      for (const { table } of rows) await db.execute(sql.raw(`ANALYZE ${table}`));
    },
  };
}
