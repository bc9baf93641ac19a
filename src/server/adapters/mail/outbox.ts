import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
}

export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}

/** Every message in the file outbox, oldest first. For tests: it loads mailparser, a dev dependency. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const { simpleParser } = await import('mailparser');
  const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(outboxDir, name);
      const mail = await simpleParser(await readFile(file));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      return {
        file,
        to: to?.value[0]?.address ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : undefined,
      };
    }),
  );
}
