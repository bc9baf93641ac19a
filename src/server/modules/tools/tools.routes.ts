import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/errors.ts';
import { toolIdParamsSchema, toolListQuerySchema, toolSchema } from '../../../shared/schemas/tools.ts';
import type { Catalogue } from './catalogue.ts';
import { sendCachedJson } from './cached-reply.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toolsRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  app.get(
    '/parts',
    {
      schema: {
        tags: ['tools'],
        summary: 'All tools, newest first; ?limit=N gives the N newest',
        querystring: toolListQuerySchema,
        response: { 200: z.array(toolSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalogue.list(request.query.limit)),
  );

  app.get(
    '/parts/:id',
    {
      schema: {
        tags: ['tools'],
        summary: 'One tool',
        params: toolIdParamsSchema,
        response: { 200: toolSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const response = UUID.test(id) ? await catalogue.one(id.toLowerCase()) : undefined;
      if (!response) throw app.httpErrors.notFound('Tool not found');
      return sendCachedJson(request, reply, response);
    },
  );
};
