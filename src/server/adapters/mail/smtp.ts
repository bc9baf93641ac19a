import nodemailer from 'nodemailer';
import type { Mailer, MailerOptions } from './mailer.ts';

export function createSmtpMailer({ smtpUrl, from, log }: MailerOptions & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      log.info(`Mail to ${message.to} "${message.subject}" sent over SMTP`);
    },
    async close() {
      transport.close();
    },
  };
}
