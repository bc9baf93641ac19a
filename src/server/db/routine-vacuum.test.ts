import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { routineVacuum } from './routine-vacuum.ts';
import { tools } from './schema.ts';

// The embedded database itself: the task exists because PGlite has no autovacuum.
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://', log: pino({ level: 'silent' }) });
});

afterAll(() => database.close());

interface ToolsTable {
  /** How many tools the query planner believes there are. */
  planned: number;
  pages: number;
  allVisible: number;
  vacuums: number;
}

async function toolsTable(): Promise<ToolsTable> {
  const { rows } = (await database.db.execute(sql`
    SELECT reltuples::int AS planned, relpages AS pages, relallvisible AS "allVisible",
      (SELECT vacuum_count::int FROM pg_stat_user_tables WHERE relname = 'tools') AS vacuums
    FROM pg_class WHERE relname = 'tools'`)) as { rows: ToolsTable[] };
  return rows[0]!;
}

// The activity counters the task goes by reach it with a delay of up to a second: each check runs it again.
const afterRuns = (task: { run(): Promise<void> }) => async () => {
  await task.run();
  return toolsTable();
};

it('tells the planner how big a table has grown, marks its pages all-visible, and clears the rows orders left', async () => {
  const task = routineVacuum(database.db);
  await task.run();
  expect((await toolsTable()).planned).toBeLessThanOrEqual(0);

  await database.db.insert(tools).values(
    Array.from({ length: 1300 }, (_, i) => ({
      name: `Tool ${i}`,
      priceCents: 100,
      availableQuantity: 10,
      minOrderQuantity: 1,
      details: 'Generated',
      image: '/images/tools/hex-bolt-m10.svg',
    })),
  );
  await expect.poll(afterRuns(task)).toMatchObject({ planned: 1300, vacuums: 1 });
  const grown = await toolsTable();
  expect(grown.pages).toBeGreaterThan(0);
  expect(grown.allVisible).toBe(grown.pages);

  // As orders do: every row's stock written once, which leaves as many dead rows.
  await database.db.update(tools).set({ availableQuantity: 9 }).where(eq(tools.minOrderQuantity, 1));
  await expect.poll(afterRuns(task)).toMatchObject({ vacuums: 2 });
  const { rows } = (await database.db.execute(
    sql`SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'tools'`,
  )) as { rows: Array<{ dead: number }> };
  expect(rows[0]!.dead).toBe(0);
});
