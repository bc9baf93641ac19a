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
  /** Releases connections (the job runner has stopped handing over messages by then). */
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
  return smtpUrl ? createSmtpMailer({ ...rest, smtpUrl }) : createFileOutbox(rest);
}
