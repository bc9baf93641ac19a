import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { Paging } from '#server/db/paging.ts';
import { contactInbox, insertContactMessage, markContactMessageHandled } from './contact.repo.ts';

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

  /** The contact inbox (administrators): a page of the messages, newest first, and how many are new. */
  inbox(paging: Paging) {
    return contactInbox(this.deps.db, paging);
  }

  /** Marks a message handled; answers how many messages that changed (0 or 1). */
  handle(id: string): Promise<number> {
    return markContactMessageHandled(this.deps.db, id);
  }
}
