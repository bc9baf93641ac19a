import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rateLimits, sessions, verifications } from '#server/db/schema.ts';

/** Rows deleted per statement, so that a long backlog never holds the embedded database for long. */
const BATCH = 1000;
/** Better Auth's counting windows are a minute at most: a counter this old counts nothing. */
const COUNTER_KEPT_MS = 24 * 60 * 60 * 1000;

export interface ExpiredSignIns {
  sessions: number;
  links: number;
  counters: number;
}

/**
 * Deletes what Better Auth leaves behind and never reads again: sessions and one-time links (password reset,
 * the state of a Google or GitHub sign-in) past their end, and rate-limit counters a day old. It deletes a
 * session or a link only when someone asks for it after its end, so those of everyone who never came back would
 * stay for ever.
 */
export async function deleteExpiredSignIns(db: Db): Promise<ExpiredSignIns> {
  const inBatches = async (table: typeof sessions | typeof verifications | typeof rateLimits, ended: SQL) => {
    let deleted = 0;
    for (;;) {
      const batch = db.select({ id: table.id }).from(table).where(ended).limit(BATCH);
      const rows = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id });
      deleted += rows.length;
      if (rows.length < BATCH) return deleted;
    }
  };
  return {
    sessions: await inBatches(sessions, lt(sessions.expiresAt, sql`now()`)),
    links: await inBatches(verifications, lt(verifications.expiresAt, sql`now()`)),
    counters: await inBatches(rateLimits, lt(rateLimits.lastRequest, Date.now() - COUNTER_KEPT_MS)),
  };
}
