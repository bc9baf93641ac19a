import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Mailer, MailerOptions } from './mailer.ts';
import { firstLink } from './outbox.ts';

/** The default mail adapter: each message becomes an .eml file that any mail program opens. */
export function createFileOutbox({ outboxDir, from, log }: Omit<MailerOptions, 'smtpUrl'>): Mailer {
  return {
    async send(message) {
      const raw = await new MailComposer({ from, ...message }).compile().build();
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, raw);
      const link = firstLink(message.text);
      log.info(
        `Mail to ${message.to} "${message.subject}" written to ${file}${link ? ` (link: ${link})` : ''}`,
      );
    },
  };
}
