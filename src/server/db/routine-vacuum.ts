import { sql } from 'drizzle-orm';
import type { PeriodicTask } from '#server/periodic-task.ts';
import type { Db } from './client.ts';

/**
 * PGlite runs no autovacuum. Without it the planner's statistics never change (a catalogue grown to 100,000
 * tools is planned as the empty table it once was), the space of rows that orders updated is never reused,
 * and no page is ever marked all-visible, so every read checks every row's transaction. This does what
 * autovacuum would by PostgreSQL's default rules, for the embedded database only: VACUUM a table once more
 * than 50 + 20% of its rows are dead or 1,000 + 20% were inserted since, ANALYZE it once more than 50 + 10%
 * changed. The embedded database answers nothing meanwhile (about half a second for 100,000 tools), which the
 * rules keep rare.
 */
export function routineVacuum(db: Db): PeriodicTask {
  return {
    name: 'vacuuming and analyzing the embedded database',
    everyMs: 10 * 60 * 1000,
    async run() {
      const { rows } = (await db.execute(sql`
        SELECT format('%I.%I', schemaname, relname) AS "table",
          n_dead_tup > 50 + 0.2 * n_live_tup OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup AS vacuum,
          n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyze
        FROM pg_stat_user_tables`)) as { rows: Array<{ table: string; vacuum: boolean; analyze: boolean }> };
      for (const { table, vacuum, analyze } of rows) {
        const command = [vacuum && 'VACUUM', analyze && 'ANALYZE'].filter(Boolean).join(' ');
        if (command) await db.execute(sql.raw(`${command} ${table}`));
      }
    },
  };
}
