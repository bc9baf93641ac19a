import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { contactMessages } from '#shared/schemas/contact.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { clientKey } from '#server/client-address.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { ContactMessageRow } from './contact.repo.ts';
import type { ContactService } from './contact.service.ts';

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

function toInboxMessage(row: ContactMessageRow) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.route({
    ...routeOf(api.contact.send, { 400: apiErrorSchema, 429: apiErrorSchema }),
    preHandler: app.rateLimit('contact'),
    handler: async (request, reply) => {
      const id = await contact.send(request.body, clientKey(request.ip));
      return reply.code(201).send({ insertedId: id, message: contactMessages.thanks });
    },
  });

  app.route({
    ...routeOf(api.contact.inbox, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { rows, ...page } = await contact.inbox(request.query);
      return { messages: rows.map(toInboxMessage), ...page };
    },
  });

  app.route({
    ...routeOf(api.contact.handle, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ modifiedCount: await contact.handle(request.params.id) }),
  });
};
