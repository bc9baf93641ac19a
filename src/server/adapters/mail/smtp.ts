import nodemailer from 'nodemailer';
import type { Mailer, MailerOptions } from './mailer.ts';

/** Delivers through any SMTP server; options such as ?ignoreTLS=true can ride on the URL's query string. */
export function createSmtpMailer({
  smtpUrl,
  from,
  log,
}: Omit<MailerOptions, 'outboxDir'> & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, replyTo }) {
      await transport.sendMail({ from, to, subject, text, html, replyTo });
      log.info(`Mail to ${to} "${subject}" sent over SMTP`);
    },
    async close() {
      transport.close();
    },
  };
}
