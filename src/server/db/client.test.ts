import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { types, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONGEST_WAIT_MS, noteAnswerFromMemory } from './cached-reads-first.ts';
import { openDatabase, type Database } from './client.ts';

describe('the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://', log: pino({ level: 'silent' }) });
  });
  afterAll(() => database.close());

  it('lets the event loop turn between queued transactions, so requests are not kept waiting', async () => {
    const QUEUED = 40;
    let finished = 0;
    const all = Promise.all(
      Array.from({ length: QUEUED }, () =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`SELECT count(*) FROM generate_series(1, 2000)`);
          })
          .then(() => (finished += 1)),
      ),
    );
    const finishedWhenATimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished)));
    await all;
    expect(finished).toBe(QUEUED);
    expect(finishedWhenATimerRan).toBeLessThan(QUEUED / 4);
  });

  describe('while pages are answered from memory without a pause', () => {
    /** Answers from memory on every turn of the event loop until `until` settles; how long they went on. */
    async function answeringFromMemory(until: Promise<unknown>) {
      const started = performance.now();
      let answering = true;
      void until.finally(() => (answering = false));
      while (answering) {
        noteAnswerFromMemory();
        await new Promise((resolve) => setImmediate(resolve));
      }
      return performance.now() - started;
    }

    const timed = async (statement: Promise<unknown>) => {
      const started = performance.now();
      await statement;
      return performance.now() - started;
    };

    it('a statement waits for them, then runs on its own after the longest wait', async () => {
      const statement = timed(database.db.execute(sql`SELECT 1`));
      const answered = await answeringFromMemory(statement);
      expect(await statement).toBeGreaterThanOrEqual(LONGEST_WAIT_MS);
      expect(answered).toBeGreaterThanOrEqual(LONGEST_WAIT_MS);
    });

    it('a statement runs as soon as they pause', async () => {
      const pause = new Promise((resolve) => setTimeout(resolve, LONGEST_WAIT_MS / 5));
      const statement = timed(database.db.execute(sql`SELECT 1`));
      const answered = await answeringFromMemory(pause);
      expect(await statement).toBeGreaterThanOrEqual(answered);
      expect(await statement).toBeLessThan(LONGEST_WAIT_MS);
    });

    it('a statement asked with no answers from memory does not wait', async () => {
      expect(await timed(database.db.execute(sql`SELECT 1`))).toBeLessThan(LONGEST_WAIT_MS);
    });
  });

  it('reads the types Drizzle parses itself as text, and still hands the job runner dates', async () => {
    const result = await database.db.execute(
      sql`SELECT '2026-11-26 12:34:56.789012+00'::timestamptz AS at, '2020-01-02'::date AS day,
        '1 day'::interval AS span`,
    );
    // To the microsecond, as PostgreSQL wrote it: a Date would have lost the last three digits.
    expect((result as { rows: unknown[] }).rows).toEqual([
      { at: '2026-11-26 12:34:56.789012+00', day: '2020-01-02', span: '1 day' },
    ]);

    const jobs = database.jobsConnection.db!;
    const withParams = await jobs.executeSql('SELECT $1::timestamptz AS at', ['2026-11-26T12:00:00Z']);
    const withoutParams = await jobs.executeSql("SELECT '2020-01-02'::date AS day, 7 AS n");
    expect(withParams.rows[0].at).toEqual(new Date('2026-11-26T12:00:00Z'));
    expect(withoutParams.rows[0]).toEqual({ day: new Date('2020-01-02T00:00:00Z'), n: 7 });
  });

  it("applies a query's own parsers for types other than Drizzle's", async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ n: number }>('SELECT 41::int4 AS n', [], {
      parsers: { [types.INT4]: (value) => Number(value) + 1 },
    });
    expect(rows).toEqual([{ n: 42 }]);
  });
});

describe('an embedded database from before migration 0015', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-upgrade-'));
  const open = () => openDatabase({ pgliteDir: path.join(folder, 'pglite'), log: pino({ level: 'silent' }) });
  const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;
  const vacuums = async (database: Database) =>
    (
      await clientOf(database).query<{ count: number }>(
        "SELECT vacuum_count::int AS count FROM pg_stat_user_tables WHERE relname = 'tools'",
      )
    ).rows[0]?.count;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('gets the name sort column for the tools it has, and is vacuumed once upgraded; a new database is not', async () => {
    const created = await open();
    expect(await vacuums(created)).toBe(0);
    await clientOf(created).exec(`
      INSERT INTO tools (name, price_cents, available_quantity, min_order_quantity, details, image)
        VALUES ('Claw Hammer', 1950, 10, 1, 'Forged', '/h.svg'), ('ANGLE Grinder', 6900, 10, 1, 'Clutch', '/g.svg');
      ALTER TABLE tools DROP COLUMN name_key;
      DROP INDEX tools_newest_idx;
      CREATE INDEX tools_newest_idx ON tools (created_at DESC, id DESC);
      CREATE INDEX tools_name_idx ON tools (lower(name), id);
      -- Migration 0015 and every later one (by their time in meta/_journal.json) are to run again, on a
      -- database without the functions and indexes they create.
      DROP FUNCTION place_orders, place_order;
      DROP INDEX reviews_created_at_id_idx, reviews_user_id_idx, users_created_at_id_idx;
      CREATE INDEX reviews_created_at_idx ON reviews (created_at);
      ALTER TABLE orders DROP COLUMN request_key;
      ALTER TABLE users DROP COLUMN blocked_at;
      DELETE FROM drizzle.__drizzle_migrations WHERE created_at >= 1795708625780;`);
    await created.close();

    const upgraded = await open();
    try {
      const { rows } = await clientOf(upgraded).query('SELECT name_key FROM tools ORDER BY name_key');
      expect(rows).toEqual([{ name_key: 'angle grinder' }, { name_key: 'claw hammer' }]);
      expect(await vacuums(upgraded)).toBe(1);
    } finally {
      await upgraded.close();
    }
  });
});
