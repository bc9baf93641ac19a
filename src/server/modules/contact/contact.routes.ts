import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageSchema,
  contactMessages,
  contactReceiptSchema,
  type ContactMessage,
} from '../../../shared/schemas/contact.ts';
import { apiErrorSchema } from '../../../shared/schemas/errors.ts';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import { apiError } from '../../plugins/errors.ts';
import { clientKey } from '../../client-address.ts';
import { deleteContactMessage, insertContactMessage } from './contact.repo.ts';

interface ContactOptions {
  db: Db;
  mailer: Mailer;
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
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await insertContactMessage(db, request.body, clientKey(request.ip));
      try {
        await mailer.send(contactMail(request.body, to));
      } catch (error) {
        request.log.error({ err: error }, 'contact message could not be mailed');
        await deleteContactMessage(db, id);
        // Our own words, not the generic 5xx text: the visitor should know to try again.
        return reply.code(503).send(apiError(503, contactMessages.notSent));
      }
      return reply.code(201).send({ insertedId: id, message: contactMessages.thanks });
    },
  );
};
