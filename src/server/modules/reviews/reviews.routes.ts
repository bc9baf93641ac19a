import { insertedIdSchema } from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewNeedsOrder } from '#shared/messages.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { reviewInputSchema, reviewSchema } from '#shared/schemas/reviews.ts';
import type { Db } from '#server/db/client.ts';
import { hasOrdered, insertReview, listReviews } from './reviews.repo.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/review',
    {
      preHandler: [app.requireUser, app.rateLimit('review')],
      schema: {
        tags: ['reviews'],
        summary: 'Post a review as the signed-in user (who must have ordered something)',
        body: reviewInputSchema,
        response: {
          200: insertedIdSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!(await hasOrdered(db, user.id))) throw app.httpErrors.forbidden(reviewNeedsOrder(user.name));
      return { insertedId: await insertReview(db, user.id, request.body.customRating, request.body.review) };
    },
  );

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Every review, newest first',
        response: { 200: z.array(reviewSchema) },
      },
    },
    async () => listReviews(db),
  );
};
