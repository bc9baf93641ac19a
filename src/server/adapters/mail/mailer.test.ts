import { simpleParser } from 'mailparser';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from './mailer.ts';
import { fileFlushesDuring } from '#server/testing/file-flushes.ts';
import { firstLink, readOutbox } from '#server/testing/outbox.ts';

const FROM = 'Forgeline Shop <shop@example.com>';

const message: MailMessage = {
  to: 'jane@example.com',
  subject: 'Confirm your e-mail address',
  text: 'Hello Jane,\n\nConfirm my e-mail address: https://shop.example.com/verify-email?token=abc123\n\nBye',
  html: '<p>Hello Jane,</p><p><a href="https://shop.example.com/verify-email?token=abc123">Confirm</a></p>',
  replyTo: 'support@example.com',
};

/** A real pino logger whose JSON lines are kept for assertions. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mailer-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file outbox (no SMTP_URL)', () => {
  it('writes a standard .eml file and logs where it is, never the link it holds', async () => {
    const outboxDir = path.join(dir, 'outbox', 'mail');
    const { log, lines } = capturedLogger();
    const mailer = createMailer({ outboxDir, from: FROM, log });

    await mailer.send(message);

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const name = files[0]!;
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]+\.eml$/);
    const raw = await readFile(path.join(outboxDir, name), 'utf8');
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);

    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Forgeline Shop', address: 'shop@example.com' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'jane@example.com' }] });
    expect(mail.replyTo).toMatchObject({ value: [{ address: 'support@example.com' }] });
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.messageId).toMatch(/^<.+@.+>$/);

    const file = path.join(path.resolve(outboxDir), name);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: `Mail to jane@example.com "Confirm your e-mail address" written to ${file}`,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });

  it('has the message and its name on the disk before it counts as sent', async () => {
    const outboxDir = path.join(dir, 'flushed', 'mail');
    const mailer = createMailer({ outboxDir, from: FROM, log: capturedLogger().log });
    const flushed = await fileFlushesDuring(() => mailer.send(message));
    const [name] = await readdir(outboxDir);
    const written = (await readFile(path.join(outboxDir, name!))).length;
    expect(flushed).toEqual([
      { file: path.join(outboxDir, `.${name}.partial`), bytes: written },
      // The folder after the message, once the message has its name in it.
      { file: outboxDir, bytes: expect.any(Number) },
    ]);
  });

  it('names files so that sorting by name gives the sending order, and readOutbox parses them', async () => {
    const outboxDir = path.join(dir, 'ordered');
    expect(await readOutbox(outboxDir)).toEqual([]);
    const { log, lines } = capturedLogger();
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: FROM, log });

    for (const n of [1, 2, 3, 4, 5]) {
      await mailer.send({ to: `user${n}@example.com`, subject: `Message ${n}`, text: 'No link here.' });
    }

    const outbox = await readOutbox(outboxDir);
    expect(outbox.map((mail) => [mail.to, mail.subject, mail.text.trim(), mail.html])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`user${n}@example.com`, `Message ${n}`, 'No link here.', undefined]),
    );
    expect(outbox.every((mail) => path.dirname(mail.file) === outboxDir)).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual(
      outbox.map((mail) => `Mail to ${mail.to} "${mail.subject}" written to ${mail.file}`),
    );
  });
});

describe('SMTP (SMTP_URL set)', () => {
  const received: Array<{ from: string | undefined; to: string[]; raw: Buffer }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(resolve));
  });

  let mailer: ReturnType<typeof createMailer> | undefined;
  afterEach(async () => {
    await mailer?.close?.();
    mailer = undefined;
  });

  it('delivers the message to the SMTP server and logs it', async () => {
    const { log, lines } = capturedLogger();
    const outboxDir = path.join(dir, 'unused');
    mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir, from: FROM, log });

    // send() resolves only after the server has answered the DATA command, i.e. after onData's callback.
    await mailer.send(message);

    expect(received).toHaveLength(1);
    const delivery = received[0]!;
    expect(delivery.from).toBe('shop@example.com');
    expect(delivery.to).toEqual(['jane@example.com']);
    const mail = await simpleParser(delivery.raw);
    expect(mail.from?.value).toEqual([{ name: 'Forgeline Shop', address: 'shop@example.com' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'jane@example.com' }] });
    expect(mail.subject).toBe(message.subject);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toBe(message.html);
    expect(firstLink(mail.text ?? '')).toBe('https://shop.example.com/verify-email?token=abc123');
    expect(lines.map((line) => line.msg)).toEqual([
      'Mail to jane@example.com "Confirm your e-mail address" sent over SMTP',
    ]);
    await expect(readdir(outboxDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects when the SMTP server cannot be reached, and logs no success', async () => {
    // A port that was just free: connecting to it is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) => probe.close((error) => (error ? reject(error) : resolve())));

    const { log, lines } = capturedLogger();
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      outboxDir: path.join(dir, 'unused'),
      from: FROM,
      log,
    });

    await expect(mailer.send(message)).rejects.toMatchObject({ code: 'ESOCKET' });
    expect(lines).toEqual([]);
  });
});

describe('firstLink', () => {
  it('finds the first http(s) URL and leaves out trailing sentence punctuation', () => {
    expect(firstLink('no link')).toBeUndefined();
    expect(firstLink('Go to http://localhost:3000/a?b=c, then https://other.example')).toBe(
      'http://localhost:3000/a?b=c',
    );
    expect(firstLink('Pay here: https://shop.example.com/dashboard/payment/42.')).toBe(
      'https://shop.example.com/dashboard/payment/42',
    );
    expect(firstLink('(see https://example.com/a)')).toBe('https://example.com/a');
    expect(firstLink('https://en.wikipedia.org/wiki/Drill_(tool)')).toBe(
      'https://en.wikipedia.org/wiki/Drill_(tool)',
    );
  });
});
