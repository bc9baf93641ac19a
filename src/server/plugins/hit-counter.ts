import { sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { requestLimits } from '#server/db/schema.ts';

export interface Hit {
  key: string;
  hits: number;
  /** Seconds until the window ends. */
  resetIn: number;
}

/**
 * Counts requests per key in windows that start with a key's first request and start afresh once they end
 * (decision 8): the same rules on either database.
 */
export interface HitCounter {
  /** Counts one request against each key; answers each key's count in its window so far. */
  count(keys: string[], windowSeconds: number): Promise<Hit[]>;
  /** Forgets what no longer counts; run every `pruneEveryMs`. */
  prune(): Promise<void>;
  pruneEveryMs: number;
}

const MINUTE_MS = 60 * 1000;

/** PostgreSQL: the database function count_request_hits (migration 0014), shared by every server process. */
function databaseHitCounter(db: Db): HitCounter {
  return {
    async count(keys, windowSeconds) {
      const keyList = sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      );
      const result = await db.execute(
        sql`SELECT hit_key, hit_count, reset_in FROM count_request_hits(ARRAY[${keyList}]::text[], ${windowSeconds}::int)`,
      );
      type Row = { hit_key: string; hit_count: number; reset_in: number };
      return (result as { rows: Row[] }).rows.map((row) => ({
        key: row.hit_key,
        hits: row.hit_count,
        resetIn: row.reset_in,
      }));
    },
    async prune() {
      await db.delete(requestLimits).where(sql`${requestLimits.windowStart} < now() - interval '1 day'`);
    },
    pruneEveryMs: 60 * MINUTE_MS,
  };
}

/**
 * The embedded database: counted in memory. Only one process can hold an embedded database (its folder is
 * locked), so its memory sees every request the database's users send, and a count costs no statement (a
 * statement on PGlite runs in the server's own thread: decision 21). Counts start afresh when the server
 * restarts.
 */
export function memoryHitCounter({
  now = Date.now,
  maxKeys = 100_000,
}: { now?: () => number; maxKeys?: number } = {}): HitCounter {
  // In the order the windows started: past `maxKeys` (clients by the ten thousand at once), the oldest go first.
  const windows = new Map<string, { endsAt: number; hits: number }>();
  return {
    async count(keys, windowSeconds) {
      const time = now();
      return keys.map((key) => {
        let window = windows.get(key);
        if (!window || window.endsAt <= time) {
          window = { endsAt: time + windowSeconds * 1000, hits: 0 };
          windows.delete(key);
          windows.set(key, window);
          if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
        }
        window.hits += 1;
        return { key, hits: window.hits, resetIn: Math.ceil((window.endsAt - time) / 1000) };
      });
    },
    async prune() {
      const time = now();
      for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    },
    pruneEveryMs: MINUTE_MS,
  };
}

const embeddedCounters = new WeakMap<Database, HitCounter>();

/** The counter for `database`: one per embedded instance, whichever apps share it. */
export function hitCounterFor(database: Database): HitCounter {
  if (database.kind === 'postgres') return databaseHitCounter(database.db);
  let counter = embeddedCounters.get(database);
  if (!counter) embeddedCounters.set(database, (counter = memoryHitCounter()));
  return counter;
}
