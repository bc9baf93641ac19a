import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests: it keeps what it receives and, while `refusing`, answers every
 * message with a temporary failure, as a mail server that is down for maintenance would. While `holding`, it
 * answers no message until release(), as a slow mail server would, and counts the messages it holds.
 */
export class SmtpPeer {
  readonly received: ParsedMail[] = [];
  /** Messages refused so far. */
  refused = 0;
  refusing = false;
  holding = false;
  /** Messages received but not yet answered, while holding. */
  held = 0;
  /** The most messages held at once so far. */
  mostHeld = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then(async (mail) => {
          if (this.holding) {
            this.held += 1;
            this.mostHeld = Math.max(this.mostHeld, this.held);
            await new Promise<void>((resolve) => this.waiting.push(resolve));
            this.held -= 1;
          }
          if (this.refusing) {
            this.refused += 1;
            return callback(
              Object.assign(new Error('Service temporarily unavailable'), { responseCode: 451 }),
            );
          }
          this.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });

  /** Stops holding, and answers every message held. */
  release(): void {
    this.holding = false;
    for (const answer of this.waiting.splice(0)) answer();
  }

  /** Starts listening; answers the smtp:// URL to give the shop. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** The messages received for this address with this subject. */
  to(address: string, subject: string): ParsedMail[] {
    return this.received.filter(
      (mail) => mail.subject === subject && JSON.stringify(mail.to ?? '').includes(address),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}
