import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner, QueueDefinition } from '#server/adapters/jobs/job-runner.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction, type Executor } from '#server/db/transaction.ts';
import type { PeriodicTask } from '#server/periodic-task.ts';
import { takePendingMails, type PendingMail } from './mail.repo.ts';

/** Mails moved into the queue in one transaction. */
const BATCH = 200;
/** How often every process looks for mails left pending (by a process that stopped before moving them). */
const SWEEP_MS = 10_000;

/**
 * Moves pending mails into the mail queue, many to a job insert: woken after each commit that wrote one,
 * and periodically for any left behind. A move takes the rows, renders those written as templates, and adds
 * their jobs in one transaction, so a mail is queued exactly once, whichever process moves it.
 */
export class MailRelay {
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;

  constructor(
    private readonly deps: {
      db: Db;
      jobs: JobRunner;
      queue: QueueDefinition<MailMessage>;
      log: FastifyBaseLogger;
      /** The messages a pending mail stands for (none, one, or one per recipient of a template). */
      render(mail: PendingMail, tx: Executor): Promise<MailMessage[]>;
    },
  ) {}

  /** Moves what is pending now, in the background; woken while moving, it looks again once done. */
  wake(): void {
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.moveAll()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'moving pending mails failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Resolves once no move is under way (the app waits for it before it closes the database). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The periodic look for mails left pending, run by every process. */
  sweep(): PeriodicTask {
    return {
      name: 'moving pending mails into the mail queue',
      everyMs: SWEEP_MS,
      run: async () => {
        this.wake();
        await this.settled();
      },
    };
  }

  private async moveAll(): Promise<void> {
    do {
      this.wokenWhileRunning = false;
      while ((await this.moveBatch()) === BATCH);
    } while (this.wokenWhileRunning);
  }

  private moveBatch(): Promise<number> {
    const { db, jobs, queue, render } = this.deps;
    return inTransaction(db, async (tx) => {
      const pending = await takePendingMails(tx, BATCH);
      const messages: MailMessage[] = [];
      for (const mail of pending) messages.push(...(await render(mail, tx)));
      if (messages.length > 0) await jobs.sendAll(queue, messages, tx);
      return pending.length;
    });
  }
}
