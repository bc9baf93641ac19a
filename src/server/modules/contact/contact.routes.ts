import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  contactMessages,
  contactReceiptSchema,
  type ContactMessage,
} from '#shared/schemas/contact.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { clientKey } from '#server/client-address.ts';
import type { MailOutbox } from '#server/modules/mail/mail-outbox.ts';
import { insertContactMessage } from './contact.repo.ts';

interface ContactOptions {
  db: Db;
  mailer: MailOutbox;
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

export const contactRoutes: FastifyPluginAsyncZod<ContactOptions> = async (app, { db, mailer, to }) => {
  app.post(
    '/contact',
    {
      preHandler: app.rateLimit('contact'),
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop (Get In Touch); kept and mailed to the shop',
        body: contactMessageSchema,
        response: {
          201: contactReceiptSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Kept and queued together: the mail goes out, with retries, once the message is safely stored.
      const id = await db.transaction(async (tx) => {
        const inserted = await insertContactMessage(tx, request.body, clientKey(request.ip));
        await mailer.send(contactMail(request.body, to), tx);
        return inserted;
      });
      return reply.code(201).send({ insertedId: id, message: contactMessages.thanks });
    },
  );
};
