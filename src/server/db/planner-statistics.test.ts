import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { plannerStatisticsRefresh } from './planner-statistics.ts';
import { tools } from './schema.ts';

// The embedded database itself: the refresh exists because PGlite has no autovacuum.
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://', log: pino({ level: 'silent' }) });
});

afterAll(() => database.close());

/** How many tools the query planner believes there are. */
async function plannedTools(): Promise<number> {
  const { rows } = (await database.db.execute(
    sql`SELECT reltuples::int AS tools FROM pg_class WHERE relname = 'tools'`,
  )) as { rows: Array<{ tools: number }> };
  return rows[0]!.tools;
}

it('tells the planner how big a table has grown', async () => {
  const refresh = plannerStatisticsRefresh(database.db);
  await refresh.run();
  expect(await plannedTools()).toBeLessThanOrEqual(0);

  await database.db.insert(tools).values(
    Array.from({ length: 300 }, (_, i) => ({
      name: `Tool ${i}`,
      priceCents: 100,
      availableQuantity: 10,
      minOrderQuantity: 1,
      details: 'Generated',
      image: '/images/tools/hex-bolt-m10.svg',
    })),
  );
  // The activity counters the refresh goes by reach it with a delay of up to a second.
  await expect
    .poll(async () => {
      await refresh.run();
      return plannedTools();
    })
    .toBe(300);
});
