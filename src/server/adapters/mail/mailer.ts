import type { FastifyBaseLogger } from 'fastify';
import { createFileOutbox } from './file-outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Resolves once the message is written or accepted by the SMTP server; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /** Waits for messages already being sent, then releases connections. */
  close?(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every message is written to outboxDir. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, ...rest } = options;
  return drainOnClose(smtpUrl ? createSmtpMailer({ ...rest, smtpUrl }) : createFileOutbox(rest));
}

/**
 * Callers often send without awaiting (so that response timing reveals nothing); close() therefore waits for
 * every message already handed over, so shutdown neither drops a mail nor deletes a folder being written to.
 */
function drainOnClose(mailer: Mailer): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    send(message) {
      const sending = mailer.send(message);
      const settled: Promise<void> = sending.then(
        () => void pending.delete(settled),
        () => void pending.delete(settled),
      );
      pending.add(settled);
      return sending;
    },
    async close() {
      await Promise.all(pending);
      await mailer.close?.();
    },
  };
}
