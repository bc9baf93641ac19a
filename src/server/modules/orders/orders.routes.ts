import {
  idParamsSchema,
  insertedIdSchema,
  deletedCountSchema,
  modifiedCountSchema,
} from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import { orderSchema, ordersQuerySchema, placeOrderSchema } from '#shared/schemas/orders.ts';
import type { Db } from '#server/db/client.ts';
import { findUserByEmail } from '#server/modules/users/users.repo.ts';
import { listAllOrders, listOrdersOfUser, toApiOrder } from './orders.repo.ts';
import type { OrdersService } from './orders.service.ts';

interface OrdersOptions {
  db: Db;
  orders: OrdersService;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const ordersRoutes: FastifyPluginAsyncZod<OrdersOptions> = async (app, { db, orders }) => {
  app.post(
    '/order',
    {
      preHandler: [app.requireUser, app.rateLimit('order')],
      schema: {
        tags: ['orders'],
        summary: 'Book an order; reserves its quantity from stock',
        body: placeOrderSchema,
        response: { 200: insertedIdSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const order = await orders.place(request.user!, request.body);
      return { insertedId: order.id };
    },
  );

  app.get(
    '/singleOrder',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "The orders of the account that has this e-mail now, newest first (one's own; administrators anyone's)",
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      if (user.role !== 'admin' && user.email.toLowerCase() !== request.query.email.toLowerCase()) {
        throw app.httpErrors.forbidden('You can only see your own orders.');
      }
      const ownerId = user.role === 'admin' ? (await findUserByEmail(db, request.query.email))?.id : user.id;
      return ownerId ? (await listOrdersOfUser(db, ownerId)).map(toApiOrder) : [];
    },
  );

  app.delete(
    '/myorder/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of your unpaid orders; its quantity returns to stock',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({ deletedCount: await orders.remove(request.params.id, request.user!.id) }),
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Every order (administrators)',
        response: { 200: z.array(orderSchema), ...errors },
      },
    },
    async () => (await listAllOrders(db)).map(toApiOrder),
  );

  app.delete(
    '/order/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Delete an unpaid order (administrators); its quantity returns to stock',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({ deletedCount: await orders.remove(request.params.id) }),
  );

  app.put(
    '/ship/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Ship a paid order (administrators)',
        params: idParamsSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => ({ modifiedCount: await orders.ship(request.params.id) }),
  );
};
