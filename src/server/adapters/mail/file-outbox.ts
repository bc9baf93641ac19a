import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { flushFolder, writeToDisk } from '#server/adapters/durable-files.ts';
import type { Mailer, MailerOptions } from './mailer.ts';

let lastStamp = 0;

/** Milliseconds that never repeat or go back within the process, so file names sort in sending order. */
function nextStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/** The default mail adapter: each message becomes an .eml file that any mail program opens. */
export function createFileOutbox({ outboxDir, from, log }: Omit<MailerOptions, 'smtpUrl'>): Mailer {
  const dir = path.resolve(outboxDir);
  return {
    async send({ to, subject, text, html, replyTo }) {
      const raw = await new MailComposer({ from, to, subject, text, html, replyTo }).compile().build();
      const stamp = new Date(nextStamp()).toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Written under a temporary name and renamed, so a reader polling the folder never sees half a message;
      // on the disk before the mail counts as sent, so a power cut cannot lose a mail the job runner let go.
      const partial = path.join(dir, `.${name}.partial`);
      try {
        await mkdir(dir, { recursive: true });
        await writeToDisk(partial, raw);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await flushFolder(dir);
      // Never the mail's link: verification and reset links sign their holder in.
      log.info(`Mail to ${to} "${subject}" written to ${file}`);
    },
  };
}
