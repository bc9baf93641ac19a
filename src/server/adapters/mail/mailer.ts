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
  send(message: MailMessage): Promise<void>;
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
  return options.smtpUrl
    ? createSmtpMailer({ ...options, smtpUrl: options.smtpUrl })
    : createFileOutbox(options);
}
