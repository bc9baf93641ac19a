import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { appMeta } from '#server/db/schema.ts';
import { freeBytes } from '#server/disk-space.ts';
import { shortageOf } from '#server/failure-cause.ts';
import { migrationsDir } from '#server/paths.ts';

/**
 * Below this, the database's next 16 MB WAL segment or a few uploads no longer fit. The write check alone
 * cannot tell: updating one small row fits in a page the database already has, on a disk with no byte left.
 */
const MIN_FREE_BYTES = 16 * 1024 * 1024;

interface ReadinessOptions {
  db: Db;
  /** DATA_DIR: the embedded database, uploaded images and the mail outbox. */
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * Whether this process can serve requests, writes included: the database answers, has every migration this
 * code ships and takes a write, and the data folder's disk has room. Answers the reason when not (the
 * error behind it goes to the log only).
 */
export function readinessCheck({ db, dataDir, log }: ReadinessOptions): () => Promise<string | undefined> {
  // drizzle's migrator records each migration it applies by the time in the migrations journal.
  const newestMigration = readMigrationFiles({ migrationsFolder: migrationsDir }).at(-1)?.folderMillis ?? 0;

  const notReady = (reason: string, details: object = {}) => {
    log.warn(details, `not ready: ${reason}`);
    return reason;
  };

  async function isMigrated(): Promise<boolean> {
    const result = await db.execute(
      sql`SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at >= ${newestMigration}`,
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  async function recordCheck(): Promise<void> {
    const now = new Date();
    const checkedAt = { value: now.toISOString(), updatedAt: now };
    await db
      .insert(appMeta)
      .values({ key: 'readiness_checked_at', ...checkedAt })
      .onConflictDoUpdate({ target: appMeta.key, set: checkedAt });
  }

  return async () => {
    try {
      if (!(await isMigrated())) {
        return notReady('The database is not up to date: its migrations have not all been applied.');
      }
    } catch (error) {
      return notReady('The database does not answer.', { err: error });
    }
    try {
      const free = await freeBytes(dataDir);
      if (free < MIN_FREE_BYTES)
        return notReady("The disk that holds the shop's data is full.", { freeBytes: free });
    } catch (error) {
      return notReady("The shop's data folder cannot be read.", { err: error });
    }
    try {
      await recordCheck();
    } catch (error) {
      const disk = shortageOf(error) === 'storage' ? ': its disk is full' : '';
      return notReady(`The database cannot save changes${disk}.`, { err: error });
    }
    return undefined;
  };
}
