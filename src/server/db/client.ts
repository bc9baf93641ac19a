import { mkdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { migrationsDir } from '#server/paths.ts';
import { FLUSHING_START_PARAMS, FlushingNodeFS } from './pglite-flush.ts';
import { lockDataFolder } from './pglite-lock.ts';
import { readDrizzleTypesAsText, withDates, withoutDrizzleParsers } from './pglite-parsers.ts';
import { pauseInAnswersFromMemory } from './cached-reads-first.ts';
import { schema } from './schema.ts';
import { SET_WORD_SIMILARITY_THRESHOLD, withWordSimilarityThreshold } from './text-search.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs onMessage for every NOTIFY on the channel, whichever process sent it. onGap runs when
   * notifications may have been missed (a dropped listener connection), so caches can start afresh.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<void>;
  /** How the job runner (pg-boss) reaches this database: the embedded instance, or a small pool of its own. */
  jobsConnection: Pick<ConstructorOptions, 'db' | 'connectionString' | 'max'>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database, or 'memory://' for a throwaway one. */
  pgliteDir?: string;
  /** Connections to PostgreSQL for queries (10 unless said): see the README's "Running several processes". */
  poolSize?: number;
  log: FastifyBaseLogger;
}

const MIGRATION_LOCK_ID = 7_300_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.log)
    : openPglite(options.pgliteDir ?? 'memory://');
}

async function openPglite(dir: string): Promise<Database> {
  let unlock = async () => {};
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) {
    await mkdir(path.dirname(dir), { recursive: true });
    unlock = await lockDataFolder(dir);
  }
  const opening = onDisk
    ? PGlite.create({
        fs: new FlushingNodeFS(dir),
        startParams: FLUSHING_START_PARAMS,
        extensions: { pg_trgm },
      })
    : PGlite.create(dir, { extensions: { pg_trgm } });
  const client = await opening.catch(async (error: unknown) => {
    await unlock();
    // PGlite's file-system errors are plain objects that name neither the folder nor the problem.
    throw new Error(`The embedded database in ${dir} could not be opened`, { cause: error });
  });
  await client.exec(SET_WORD_SIMILARITY_THRESHOLD);
  readDrizzleTypesAsText(client);
  takeTurnsWithTheEventLoop(client);
  const db = drizzlePglite(client, { schema });
  const applied = await migrationsApplied(client);
  await migratePglite(db, { migrationsFolder: migrationsDir });
  // PGlite runs no autovacuum (routine-vacuum.ts), and a migration that rewrote a table left none of its pages
  // marked all-visible, which index-only scans need: an upgraded database is vacuumed at once.
  if (applied > 0 && (await migrationsApplied(client)) > applied) await client.exec('VACUUM ANALYZE');
  const unsubscribers: Array<() => Promise<void>> = [];
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    jobsConnection: { db: fromPglite(withDates(client)) },
    async listen(channel, onMessage) {
      unsubscribers.push(await client.listen(channel, onMessage));
    },
    async close() {
      await Promise.all(unsubscribers.map((unsubscribe) => unsubscribe()));
      await client.close();
      await unlock();
    },
  };
}

/**
 * PGlite runs each statement synchronously in this thread and hands the database from one waiting caller to
 * the next without returning to the event loop, so a queue of transactions (a stream of orders) would keep
 * every incoming request, even one answered from memory, waiting until the queue is empty. Here the
 * database's callers (queries and whole transactions, as PGlite itself serializes them) take turns, and the
 * event loop turns once between two of them, and between two statements of a transaction: a request that
 * needs no database (a catalogue page from memory) waits for one statement at most, not a whole transaction.
 * While such answers come without a pause, each caller also waits for one, up to 50 ms (cached-reads-first.ts).
 */
function takeTurnsWithTheEventLoop(client: PGlite): void {
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(operation: () => Promise<R>): Promise<R> => {
    const turn = previous.then(() => pauseInAnswersFromMemory()).then(operation);
    previous = turn.catch(() => undefined);
    return turn;
  };
  const { query, exec, transaction } = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    transaction: client.transaction.bind(client),
  };
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    inTurn(() => query<T>(text, params, withoutDrizzleParsers(options)));
  client.exec = (...args) => inTurn(() => exec(...args));
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    inTurn(() => transaction((tx) => callback(turnBetweenStatements(tx))));
}

function turnBetweenStatements(tx: Transaction): Transaction {
  const { query, exec } = { query: tx.query.bind(tx), exec: tx.exec.bind(tx) };
  tx.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    await nextTurn();
    return query<T>(text, params, withoutDrizzleParsers(options));
  };
  tx.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };
  return tx;
}

/** How the LISTEN connections name themselves in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'forgeline-listener';

async function openPostgres(url: string, poolSize: number, log: FastifyBaseLogger): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: withWordSimilarityThreshold(url),
    max: poolSize,
    keepAlive: true,
  });
  pool.on('error', (error) => log.error({ err: error }, 'idle PostgreSQL connection failed'));
  await migrateWithLock(pool);
  const subscriptions = new Map<string, { onMessage: (payload: string) => void; onGap: () => void }>();
  const gaps = () => {
    for (const { onGap } of subscriptions.values()) onGap();
  };
  let listener: Promise<pg.Client> | undefined;
  let closed = false;

  /**
   * One connection of its own for every channel's LISTEN, kept alive by TCP keepalive and opened again a
   * second after it is lost, until it is back. While it was gone notifications were missed, so each channel's
   * onGap runs at the loss (and at each failed attempt) and again once listening resumes.
   */
  function listenerConnection(resumed = false): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: LISTENER_APPLICATION_NAME,
      });
      let lost = false;
      // A failed attempt both rejects and ends the client: this runs once for it.
      const onLoss = (error?: Error) => {
        if (lost) return;
        lost = true;
        listener = undefined;
        client.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err: error }, 'LISTEN connection lost; reconnecting');
        gaps();
        setTimeout(() => {
          if (!closed) listenerConnection(true).catch(() => undefined);
        }, 1000).unref();
      };
      client.on('notification', ({ channel, payload }) =>
        subscriptions.get(channel)?.onMessage(payload ?? ''),
      );
      client.on('error', onLoss);
      client.on('end', () => onLoss());
      try {
        await client.connect();
        for (const channel of subscriptions.keys()) await client.query(`LISTEN "${channel}"`);
      } catch (error) {
        onLoss(error as Error);
        throw error;
      }
      if (resumed) gaps();
      return client;
    })();
    return listener;
  }

  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    // Two connections for the job runner's polling and work, one more for its LISTEN.
    jobsConnection: { connectionString: url, max: 2 },
    async listen(channel, onMessage, onGap) {
      subscriptions.set(channel, { onMessage, onGap });
      await (await listenerConnection()).query(`LISTEN "${channel}"`);
    },
    async close() {
      closed = true;
      await listener?.then((client) => client.end()).catch(() => undefined);
      await pool.end();
    },
  };
}

/** How many migrations the database has had (none when it is new). */
async function migrationsApplied(client: PGlite): Promise<number> {
  const [table] = (
    await client.query<{ found: boolean }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
    )
  ).rows;
  if (!table?.found) return 0;
  const [row] = (
    await client.query<{ applied: number }>(
      'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
    )
  ).rows;
  return row?.applied ?? 0;
}

/** Several processes may start at once against one server: only one of them migrates at a time. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
