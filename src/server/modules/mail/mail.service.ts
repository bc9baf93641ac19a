import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner, QueueDefinition } from '#server/adapters/jobs/job-runner.ts';
import type { MailMessage, Mailer } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { isUuid } from '#server/db/ids.ts';
import { inTransaction, type Executor, type Tx } from '#server/db/transaction.ts';
import type { PeriodicTask } from '#server/periodic-task.ts';
import { MailRelay } from './mail-relay.ts';
import {
  addPendingMail,
  listUndeliverable,
  recordUndeliverable,
  takeUndeliverable,
  type PendingMail,
  type UndeliverableMailRow,
} from './mail.repo.ts';

/** Renders a template's data, as the database wrote it, into its messages (the database is there to read). */
export type MailTemplate = (data: unknown, db: Executor) => Promise<MailMessage[]>;

export interface MailRetries {
  /** Deliveries tried after the first before a mail counts as undeliverable. */
  limit: number;
  /** Wait before the first retry; each next one waits twice as long, at most an hour. */
  delaySeconds: number;
}

/**
 * Every mail the shop sends goes through here: it is written to the database, in the same transaction as the
 * change that causes it when there is one, moved into the mail queue once that commits (MailRelay), and
 * delivered from there with retries. A mail that still fails after the last retry is kept for the
 * administrators (Undeliverable mail).
 */
export class MailService {
  private readonly queue: QueueDefinition<MailMessage>;
  private readonly relay: MailRelay;
  private readonly templates = new Map<string, MailTemplate>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly deps: { db: Db; transport: Mailer; retries: MailRetries; log: FastifyBaseLogger },
  ) {
    const { db, transport, retries, log } = deps;
    this.queue = {
      name: 'mail',
      options: {
        retryLimit: retries.limit,
        retryDelay: retries.delaySeconds,
        retryBackoff: true,
        retryDelayMax: 60 * 60,
        expireInSeconds: 5 * 60,
        // A mail whose process died while sending it (killed, power cut) is sent again within about a minute
        // of the next start (the missed heartbeats, the monitor, the retry delay), not after its expiry.
        heartbeatSeconds: 10,
        // Delivered mails (with their links) do not stay in the job table.
        deleteAfterSeconds: 60 * 60,
      },
      // Retries come due on their own: look for them often enough for the shortest retry delay.
      pollSeconds: Math.max(0.5, Math.min(retries.delaySeconds, 5)),
      async work(message, job) {
        try {
          await transport.send(message);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (job.retryCount < job.retryLimit) throw error;
          log.error(
            { to: message.to, subject: message.subject, reason },
            'mail undeliverable after every retry',
          );
          await recordUndeliverable(db, message, reason, job.retryCount + 1);
        }
      },
    };
    this.relay = new MailRelay({
      db,
      jobs,
      queue: this.queue,
      log,
      render: (mail, tx) => this.render(mail, tx),
    });
  }

  start(): Promise<void> {
    return this.jobs.register(this.queue);
  }

  /** Queues the message; given a transaction, it is sent only if that transaction commits. */
  async send(message: MailMessage, tx?: Tx): Promise<void> {
    if (!tx) return inTransaction(this.deps.db, (own) => this.send(message, own));
    await addPendingMail(tx, message);
    tx.afterCommit(() => this.relay.wake());
  }

  /** How the mails that the database writes as `name` with their data become messages. */
  template(name: string, render: MailTemplate): void {
    this.templates.set(name, render);
  }

  /** Tells the relay that a statement which committed on its own wrote pending mails (place_order). */
  pendingWritten(): void {
    this.relay.wake();
  }

  /** Looks for mails left pending while the app runs (run it with runPeriodically). */
  pendingMailSweep(): PeriodicTask {
    return this.relay.sweep();
  }

  /** Resolves once the mails written so far are queued or left for the next sweep. */
  settled(): Promise<void> {
    return this.relay.settled();
  }

  /** The mails that failed every retry, newest first. */
  undeliverable(): Promise<UndeliverableMailRow[]> {
    return listUndeliverable(this.deps.db);
  }

  /** Queues an undeliverable mail again, with a fresh round of retries; answers how many were queued. */
  async resend(id: string): Promise<number> {
    if (!isUuid(id)) return 0;
    return inTransaction(this.deps.db, async (tx) => {
      const message = await takeUndeliverable(tx, id);
      if (message) await this.send(message, tx);
      return message ? 1 : 0;
    });
  }

  /** Lets an undeliverable mail go; answers how many were dropped. */
  async drop(id: string): Promise<number> {
    return isUuid(id) && (await takeUndeliverable(this.deps.db, id)) ? 1 : 0;
  }

  private async render(mail: PendingMail, tx: Executor): Promise<MailMessage[]> {
    if (!('template' in mail)) return [mail];
    const render = this.templates.get(mail.template);
    // Every template is known before the first move (services.ts); one that is not is a bug, and its mail
    // stays pending (the move rolls back) until a version that knows it runs.
    if (!render) throw new Error(`no mail template "${mail.template}"`);
    return render(mail.data, tx);
  }
}
