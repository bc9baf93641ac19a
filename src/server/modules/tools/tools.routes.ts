import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { dollarsToCents } from '#shared/money.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { toolConflictSchema, type ToolUpdate } from '#shared/schemas/tools.ts';
import type { ClientTurns } from '#server/client-turns.ts';
import { sendJsonArray } from '#server/json-array.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import { sendCachedJson } from './cached-reply.ts';
import type { ToolEdit } from './tools.repo.ts';
import type { ToolsService } from './tools.service.ts';

/** Details of up to 5000 characters, in any script. */
const TOOL_BODY_LIMIT = 64 * 1024;

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function withPriceInCents<T extends { price: number }>({ price, ...fields }: T) {
  return { ...fields, priceCents: dollarsToCents(price) };
}

function toEdit({ version, loadedAvailableQuantity, availableQuantity, ...fields }: ToolUpdate): ToolEdit {
  return { fields: withPriceInCents(fields), availableQuantity, loadedAvailableQuantity, version };
}

const tooMany = { 429: apiErrorSchema };

/**
 * The catalogue's reads compress their answers themselves (a kept answer once, not per request), and have no
 * body to decompress: the compress plugin's three hooks per request are left off them.
 */
const compressedByTheRoute = { compress: false, decompress: false } as const;

export const toolsRoutes: FastifyPluginAsyncZod<{ tools: ToolsService; turns: ClientTurns }> = async (
  app,
  { tools, turns },
) => {
  app.route({
    ...routeOf(api.tools.list, { 400: apiErrorSchema, ...tooMany }),
    ...compressedByTheRoute,
    handler: async (request, reply) => {
      const answer = await tools.list(request.query.limit, turns.turnOf(request.ip));
      if (!('stream' in answer)) return sendCachedJson(request, reply, answer);
      // The rest of the list is read in a turn of its own, which ends when the stream closes, however it ends.
      const end = await turns.enter(request.ip);
      return sendJsonArray(reply, answer.stream, {
        cacheControl: 'no-cache',
        whenClosed: end,
        compressFor: request,
      });
    },
  });

  app.route({
    ...routeOf(api.tools.page, { 400: apiErrorSchema, ...tooMany }),
    ...compressedByTheRoute,
    handler: async (request, reply) =>
      sendCachedJson(request, reply, await tools.page(request.query, turns.turnOf(request.ip))),
  });

  app.route({
    ...routeOf(api.tools.get, { 404: apiErrorSchema, ...tooMany }),
    ...compressedByTheRoute,
    handler: async (request, reply) =>
      sendCachedJson(request, reply, await tools.one(request.params.id, turns.turnOf(request.ip))),
  });

  app.route({
    ...routeOf(api.tools.add, adminErrors),
    onRequest: app.requireAdmin,
    bodyLimit: TOOL_BODY_LIMIT,
    handler: async (request) => {
      const [tool] = await tools.add([withPriceInCents(request.body)]);
      return { insertedId: tool!.id };
    },
  });

  app.route({
    ...routeOf(
      api.tools.update,
      { 409: toolConflictSchema, ...adminErrors },
      {
        description:
          'Send the `version` and `availableQuantity` of the tool as the form loaded them. The stock moves by ' +
          'what the form changed, so orders placed or cancelled since are kept. 409, with the current tool ' +
          'and nothing changed, when someone edited the tool since or when that move would take the stock ' +
          'below 0 or above 10,000,000. A stock that cancellations took above 10,000,000 (it was raised while ' +
          'booked) may stay there or come down, not go up.',
      },
    ),
    onRequest: app.requireAdmin,
    bodyLimit: TOOL_BODY_LIMIT,
    handler: async (request) => {
      await tools.edit(request.params.id, toEdit(request.body));
      return { modifiedCount: 1 };
    },
  });

  app.route({
    ...routeOf(api.tools.remove, adminErrors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ deletedCount: await tools.remove(request.params.id) }),
  });
};
