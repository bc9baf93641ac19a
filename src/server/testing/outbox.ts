import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
}

/** The first http(s) URL in a plain-text body, without sentence punctuation that follows it. */
export function firstLink(text: string): string | undefined {
  const match = /https?:\/\/[^\s<>"']+/.exec(text)?.[0];
  if (!match) return undefined;
  const link = match.replace(/[.,;:!?]+$/, '');
  // A closing parenthesis belongs to the URL only when the URL opened one: "(see https://example.com/a)".
  return link.endsWith(')') && !link.includes('(') ? link.slice(0, -1).replace(/[.,;:!?]+$/, '') : link;
}

/**
 * Every message in the file outbox, oldest first ([] while the folder does not exist yet).
 * Only for tests: mailparser is a dev dependency, so it is loaded on demand and never by the running shop.
 */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const { simpleParser } = await import('mailparser');
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
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
