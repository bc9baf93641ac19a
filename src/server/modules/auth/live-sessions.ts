import DataLoader from 'dataloader';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';

/**
 * Whether a session is still in the database and not expired, asked together with every other session asked in
 * the same tick: one statement for them all. A process that has just started, with every signed-in browser
 * coming back at once, checks their sessions in a few statements rather than reading each session and its
 * account one by one.
 */
export function liveSessionCheck(db: Db): (sessionId: string) => Promise<boolean> {
  const loader = new DataLoader<string, boolean>(
    async (ids) => {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, sql`now()`)));
      const live = new Set(rows.map((row) => row.id));
      return ids.map((id) => live.has(id));
    },
    { cache: false, maxBatchSize: 500 },
  );
  return (sessionId) => loader.load(sessionId);
}
