import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { invoiceNumber, invoicePdf } from './invoice-pdf.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { REQUEST_KEY_HEADER, requestKeySchema } from '#shared/schemas/orders.ts';
import { InvalidInput } from '#server/domain-errors.ts';
import { sendJsonArray } from '#server/json-array.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import { toApiOrder } from './orders.repo.ts';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The purchase's Idempotency-Key, if the request has one; a malformed one is refused. */
function requestKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[REQUEST_KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = requestKeySchema.safeParse(value);
  if (!parsed.success) throw new InvalidInput(parsed.error.issues[0]!.message);
  return parsed.data;
}

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.route({
    ...routeOf(api.orders.place, { 409: apiErrorSchema, 429: apiErrorSchema, ...errors }),
    onRequest: app.requireUser,
    preHandler: app.rateLimit('order'),
    handler: async (request) => {
      const order = await orders.place(request.user!, request.body, requestKeyOf(request.headers));
      return { insertedId: order.id };
    },
  });

  app.route({
    ...routeOf(api.orders.mine, errors),
    onRequest: app.requireCurrentUser,
    handler: async (request, reply) =>
      sendJsonArray(reply, await orders.ordersOf(request.user!, request.query.email)),
  });

  app.route({
    ...routeOf(api.orders.cancel, { 409: apiErrorSchema, ...errors }),
    onRequest: app.requireUser,
    handler: async (request) => ({ deletedCount: await orders.remove(request.params.id, request.user!.id) }),
  });

  app.route({
    ...routeOf(api.orders.all, errors),
    onRequest: app.requireAdmin,
    handler: async (_request, reply) => sendJsonArray(reply, orders.allJson()),
  });

  app.route({
    ...routeOf(api.orders.page, errors),
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { rows, ...pageInfo } = await orders.page(request.query);
      return { orders: rows.map(toApiOrder), ...pageInfo };
    },
  });

  app.route({
    ...routeOf(api.orders.invoice, { ...errors, 404: apiErrorSchema, 409: apiErrorSchema }),
    onRequest: app.requireCurrentUser,
    handler: async (request, reply) => {
      const order = await orders.invoiceOrder(request.user!, request.params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoiceNumber(order)}.pdf"`)
        .header('cache-control', 'private, no-store');
      return reply.send(invoicePdf(order));
    },
  });

  app.route({
    ...routeOf(api.orders.exportCsv, errors),
    onRequest: app.requireAdmin,
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(orders.exportCsv(request.query)));
    },
  });

  app.route({
    ...routeOf(api.orders.remove, { 409: apiErrorSchema, ...errors }),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ deletedCount: await orders.remove(request.params.id) }),
  });

  app.route({
    ...routeOf(api.orders.ship, errors),
    onRequest: app.requireAdmin,
    handler: async (request) => ({ modifiedCount: await orders.ship(request.params.id) }),
  });
};
