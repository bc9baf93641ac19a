import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromDrizzle, type JobWithMetadata, type QueueOptions } from 'pg-boss';
import type { Database, Db } from '#server/db/client.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A transaction (or the database) a job is added through: it commits or rolls back with the change. */
export type JobExecutor = Pick<Db, 'execute'>;

export interface QueueDefinition<T extends object> {
  name: string;
  options?: QueueOptions;
  /** Runs one job; a throw retries it as the queue's options say. */
  work(data: T, job: JobWithMetadata<T>): Promise<void>;
  /**
   * How often a worker looks for due jobs besides being woken by NOTIFY (retries that come due are found
   * only this way). Default 30 s.
   */
  pollSeconds?: number;
}

/**
 * Jobs fetched at once; while fetches come back full, the worker fetches again at once. Each fetch and each
 * completion is one statement: after a burst of 2,000 orders on the embedded database, batches of 50 wrote
 * the confirmations in 2 s where batches of 10 took 3 to 4 s.
 */
const BATCH_SIZE = 50;
/**
 * Jobs of a batch worked at the same time, at most: a mail mostly waits for the disk or the mail server, and
 * one after another the queue fell seconds behind a burst of orders while the server sat idle a third of the
 * time.
 */
const AT_ONCE = 4;

/**
 * The job runner on the shop's own database (pg-boss on PGlite or PostgreSQL): jobs added in the same
 * transaction as the change that causes them, worked once across every process (a job is fetched by one
 * worker only), retried with backoff, and woken by NOTIFY at commit.
 */
export class JobRunner {
  private constructor(private readonly boss: PgBoss) {}

  static async start(database: Database, log: FastifyBaseLogger): Promise<JobRunner> {
    const boss = new PgBoss({
      ...database.jobsConnection,
      useListenNotify: true,
      // Its maintenance and cron keeping run in every process; the first to claim a slot does the work.
      supervise: true,
      schedule: true,
      // How soon a job is given back to the queue when its process died while working it (every 60 s else).
      monitorIntervalSeconds: 10,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job runner failed'));
    boss.on('warning', (warning) => log.warn(warning, 'job runner warning'));
    await boss.start();
    return new JobRunner(boss);
  }

  /** Creates the queue if needed and works its jobs in this process, AT_ONCE at a time. */
  async register<T extends object>(queue: QueueDefinition<T>): Promise<void> {
    const settings = { notify: true, ...queue.options };
    await this.boss.createQueue(queue.name, settings);
    // A queue that an earlier version of the shop created keeps the options it was created with otherwise.
    await this.boss.updateQueue(queue.name, settings);
    const poll = queue.pollSeconds ?? 30;
    const options = {
      includeMetadata: true,
      batchSize: BATCH_SIZE,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: poll,
      notifyPollingIntervalSeconds: poll,
    } as const;
    await this.boss.work<T, unknown, typeof options>(queue.name, options, async (jobs) => {
      let next = 0;
      const worker = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) {
          try {
            await queue.work(job.data, job);
          } catch (error) {
            // Only this job is retried; the others of the batch complete.
            await this.boss.fail(queue.name, job.id, { message: errorText(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
    });
  }

  /**
   * Adds a job for each item of `data`, in one statement; given a transaction, the jobs exist only if it
   * commits.
   */
  async sendAll<T extends object>(queue: QueueDefinition<T>, data: T[], tx?: JobExecutor): Promise<void> {
    // Drizzle's execute answers each driver's own result shape; pg-boss's adapter reads rows from any of them.
    const db = tx && fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql);
    await this.boss.insert(
      queue.name,
      data.map((item) => ({ data: item })),
      db ? { db } : {},
    );
  }

  /** Runs the queue's job on this cron schedule (UTC), once per tick across every process. */
  async schedule(queue: QueueDefinition<object>, cron: string): Promise<void> {
    await this.boss.schedule(queue.name, cron);
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
