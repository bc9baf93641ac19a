import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { writeAppMeta } from '#server/db/app-meta.ts';
import type { Db } from '#server/db/client.ts';
import { freeBytes } from '#server/disk-space.ts';
import { shortageOf } from '#server/failure-cause.ts';
import { migrationsDir } from '#server/paths.ts';

/**
 * Below this, the database's next 16 MB WAL segment or a few uploads no longer fit. The write check alone
 * cannot tell: updating one small row fits in a page the database already has, on a disk with no byte left.
 */
const MIN_FREE_BYTES = 16 * 1024 * 1024;

interface HealthDeps {
  db: Db;
  /** DATA_DIR: the embedded database, uploaded images and the mail outbox. */
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * Whether this process can serve requests, writes included: the database answers, has every migration this
 * code ships and takes a write, and the data folder's disk has room.
 */
export class HealthService {
  /** drizzle's migrator records each migration it applies by the time in the migrations journal. */
  private readonly newestMigration =
    readMigrationFiles({ migrationsFolder: migrationsDir }).at(-1)?.folderMillis ?? 0;

  /** The check under way, which every request that asks meanwhile shares. */
  private checking?: Promise<string | undefined>;

  constructor(private readonly deps: HealthDeps) {}

  /**
   * Why this process is not ready, or undefined when it is (the error behind a reason goes to the log only).
   * One check at a time, however many ask: each writes to the database, and anyone may ask.
   */
  whyNotReady(): Promise<string | undefined> {
    this.checking ??= this.check().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async check(): Promise<string | undefined> {
    try {
      if (!(await this.isMigrated())) {
        return this.notReady('The database is not up to date: its migrations have not all been applied.');
      }
    } catch (error) {
      return this.notReady('The database does not answer.', { err: error });
    }
    try {
      const free = await freeBytes(this.deps.dataDir);
      if (free < MIN_FREE_BYTES) {
        return this.notReady("The disk that holds the shop's data is full.", { freeBytes: free });
      }
    } catch (error) {
      return this.notReady("The shop's data folder cannot be read.", { err: error });
    }
    try {
      await writeAppMeta(this.deps.db, 'readiness_checked_at', new Date().toISOString());
    } catch (error) {
      const disk = shortageOf(error) === 'storage' ? ': its disk is full' : '';
      return this.notReady(`The database cannot save changes${disk}.`, { err: error });
    }
    return undefined;
  }

  private notReady(reason: string, details: object = {}): string {
    this.deps.log.warn(details, `not ready: ${reason}`);
    return reason;
  }

  private async isMigrated(): Promise<boolean> {
    const result = await this.deps.db.execute(
      sql`SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at >= ${this.newestMigration}`,
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  }
}
