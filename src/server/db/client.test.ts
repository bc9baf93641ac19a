import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
