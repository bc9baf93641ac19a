import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { contactMessages } from '#shared/schemas/contact.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { clientKey } from '#server/client-address.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { ContactService } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.route({
    ...routeOf(api.contact.send, { 400: apiErrorSchema, 429: apiErrorSchema }),
    preHandler: app.rateLimit('contact'),
    handler: async (request, reply) => {
      const id = await contact.send(request.body, clientKey(request.ip));
      return reply.code(201).send({ insertedId: id, message: contactMessages.thanks });
    },
  });
};
