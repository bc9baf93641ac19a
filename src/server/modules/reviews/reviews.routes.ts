import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import type { ClientTurns } from '#server/client-turns.ts';
import { sendJsonArray } from '#server/json-array.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { ReviewsService } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; turns: ClientTurns }> = async (
  app,
  { reviews, turns },
) => {
  app.route({
    ...routeOf(api.reviews.post, {
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      429: apiErrorSchema,
    }),
    onRequest: app.requireUser,
    preHandler: app.rateLimit('review'),
    handler: async (request) => ({ insertedId: await reviews.post(request.user!, request.body) }),
  });

  app.route({
    ...routeOf(api.reviews.list, { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema }),
    handler: async (request, reply) => {
      const { limit, before } = request.query;
      if (limit !== undefined) return turns.turnOf(request.ip)(() => reviews.list({ limit, before }));
      // Every review is read and sent in a turn of the client's, which ends when the stream closes, however it ends.
      const end = await turns.enter(request.ip);
      const pieces = await reviews.allJson(before).catch((error: unknown) => {
        end();
        throw error;
      });
      return sendJsonArray(reply, pieces, { cacheControl: 'no-cache', whenClosed: end });
    },
  });

  const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  app.route({
    ...routeOf(api.reviews.manage, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => reviews.page(request.query),
  });

  app.route({
    ...routeOf(api.reviews.remove, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ deletedCount: await reviews.remove(request.params.id) }),
  });

  app.route({
    ...routeOf(api.reviews.removeByAuthor, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ deletedCount: await reviews.removeAllOf(request.params.id) }),
  });
};
