import {
  idParamsSchema,
  insertedIdSchema,
  deletedCountSchema,
  modifiedCountSchema,
} from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { dollarsToCents } from '#shared/money.ts';
import {
  STALE_TOOL_MESSAGE,
  stockOutOfRangeMessage,
  toolConflictSchema,
  toolInputSchema,
  toolListQuerySchema,
  toolSchema,
  toolUpdateSchema,
  type ToolUpdate,
} from '#shared/schemas/tools.ts';
import type { Catalogue } from './catalogue.ts';
import { isUuid } from '#server/db/ids.ts';
import { sendCachedJson } from './cached-reply.ts';
import { apiError } from '#server/plugins/errors.ts';
import {
  deleteTool,
  editTool,
  insertTools,
  toApiTool,
  type ToolEdit,
  type ToolEditOutcome,
} from './tools.repo.ts';

/** Details of up to 5000 characters, in any script. */
const TOOL_BODY_LIMIT = 64 * 1024;

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function withPriceInCents<T extends { price: number }>({ price, ...fields }: T) {
  return { ...fields, priceCents: dollarsToCents(price) };
}

function toEdit({ version, loadedAvailableQuantity, availableQuantity, ...fields }: ToolUpdate): ToolEdit {
  return { fields: withPriceInCents(fields), availableQuantity, loadedAvailableQuantity, version };
}

/** Why an edit was refused, with the tool as it is now for the form to show. */
function conflictOf(outcome: Extract<ToolEditOutcome, { current: unknown }>) {
  const message =
    outcome.status === 'stale'
      ? STALE_TOOL_MESSAGE
      : stockOutOfRangeMessage(outcome.current.availableQuantity, outcome.change);
  return { ...apiError(409, message), tool: toApiTool(outcome.current) };
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
        params: idParamsSchema,
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
      const [tool] = await catalogue.write((tx) => insertTools(tx, [withPriceInCents(request.body)]));
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
        description:
          'Send the `version` and `availableQuantity` of the tool as the form loaded them. The stock moves by ' +
          'what the form changed, so orders placed or cancelled since are kept. 409, with the current tool ' +
          'and nothing changed, when someone edited the tool since or when that move would take the stock ' +
          'below 0 or above 10,000,000.',
        params: idParamsSchema,
        body: toolUpdateSchema,
        response: { 200: modifiedCountSchema, 409: toolConflictSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw app.httpErrors.notFound('Tool not found');
      const outcome = await catalogue.write((tx) => editTool(tx, id, toEdit(request.body)));
      if (outcome.status === 'missing') throw app.httpErrors.notFound('Tool not found');
      if (outcome.status !== 'edited') return reply.code(409).send(conflictOf(outcome));
      return { modifiedCount: 1 };
    },
  );

  app.delete(
    '/parts/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Delete a tool (administrators); orders keep their own copy of it',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { deletedCount: isUuid(id) ? await catalogue.write((tx) => deleteTool(tx, id)) : 0 };
    },
  );
};
