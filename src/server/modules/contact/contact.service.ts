import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { insertContactMessage } from './contact.repo.ts';

interface ContactDeps {
  db: Db;
  mailer: MailService;
  /** The shop's address that receives the messages. */
  to: string;
}

function contactMail(message: ContactMessage, to: string): MailMessage {
  return {
    to,
    replyTo: message.email,
    subject: `Get In Touch: message from ${message.name}`,
    text: `${message.name} <${message.email}> wrote through the website:\n\n${message.message}\n\nReply to this e-mail to answer.`,
  };
}

/** Get In Touch: messages to the shop, kept and mailed to it. */
export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  /**
   * Keeps the message and queues its mail together, so that the mail goes out (with retries) once the message
   * is safely stored; answers the message's id.
   */
  send(message: ContactMessage, clientKey: string): Promise<string> {
    const { db, mailer, to } = this.deps;
    return inTransaction(db, async (tx) => {
      const id = await insertContactMessage(tx, message, clientKey);
      await mailer.send(contactMail(message, to), tx);
      return id;
    });
  }
}
