import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/errors.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { deletedCountSchema, insertedIdSchema } from '../../../shared/schemas/orders.ts';
import {
  toolIdParamsSchema,
  toolInputSchema,
  toolListQuerySchema,
  toolSchema,
  toolUpdateSchema,
  type ToolUpdate,
} from '../../../shared/schemas/tools.ts';
import { modifiedCountSchema } from '../../../shared/schemas/users.ts';
import type { Catalogue } from './catalogue.ts';
import { isUuid } from '../../db/ids.ts';
import { sendCachedJson } from './cached-reply.ts';
import { deleteTool, insertTools, updateTool } from './tools.repo.ts';

/** Details of up to 5000 characters, in any script. */
const TOOL_BODY_LIMIT = 64 * 1024;

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function toRow({ price, ...fields }: ToolUpdate) {
  return { ...fields, priceCents: dollarsToCents(price) };
}

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
      const response = isUuid(id) ? await catalogue.one(id.toLowerCase()) : undefined;
      if (!response) throw app.httpErrors.notFound('Tool not found');
      return sendCachedJson(request, reply, response);
    },
  );

  app.post(
    '/parts',
    {
      preHandler: app.requireAdmin,
      bodyLimit: TOOL_BODY_LIMIT,
      schema: {
        tags: ['tools'],
        summary: 'Add a tool (administrators); price in dollars',
        body: toolInputSchema,
        response: { 200: insertedIdSchema, ...adminErrors },
      },
    },
    async (request) => {
      const [tool] = await catalogue.write((tx) =>
        insertTools(tx, [{ ...toRow(request.body), name: request.body.name }]),
      );
      return { insertedId: tool!.id };
    },
  );

  app.patch(
    '/parts/:id',
    {
      preHandler: app.requireAdmin,
      bodyLimit: TOOL_BODY_LIMIT,
      schema: {
        tags: ['tools'],
        summary: 'Update a tool (administrators); without a name the name stays',
        params: toolIdParamsSchema,
        body: toolUpdateSchema,
        response: { 200: modifiedCountSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw app.httpErrors.notFound('Tool not found');
      const modifiedCount = await catalogue.write((tx) => updateTool(tx, id, toRow(request.body)));
      if (modifiedCount === 0) throw app.httpErrors.notFound('Tool not found');
      return { modifiedCount };
    },
  );

  app.delete(
    '/parts/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Delete a tool (administrators); orders keep their own copy of it',
        params: toolIdParamsSchema,
        response: { 200: deletedCountSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { deletedCount: isUuid(id) ? await catalogue.write((tx) => deleteTool(tx, id)) : 0 };
    },
  );
};
