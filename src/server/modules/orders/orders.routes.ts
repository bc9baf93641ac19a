import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/errors.ts';
import {
  deletedCountSchema,
  insertedIdSchema,
  orderIdParamsSchema,
  orderSchema,
  ordersQuerySchema,
  placeOrderSchema,
} from '../../../shared/schemas/orders.ts';
import { modifiedCountSchema } from '../../../shared/schemas/users.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Db } from '../../db/client.ts';
import type { Catalogue } from '../tools/catalogue.ts';
import { orderBookedMail, orderShippedMail } from './orders-mails.ts';
import { listAllOrders, listOrdersOfUser, markOrderShipped, toApiOrder } from './orders.repo.ts';
import { isUuid } from '../../db/ids.ts';
import { placeOrder, removeUnpaidOrder } from './orders.service.ts';
import { findUserByEmail } from '../users/users.repo.ts';

interface OrdersOptions {
  db: Db;
  catalogue: Catalogue;
  mailer: Mailer;
  baseUrl: string;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const ordersRoutes: FastifyPluginAsyncZod<OrdersOptions> = async (
  app,
  { db, catalogue, mailer, baseUrl },
) => {
  const notify = (message: Parameters<Mailer['send']>[0]) =>
    mailer
      .send(message)
      .catch((error: unknown) => app.log.error({ err: error }, `mail to ${message.to} failed`));

  app.post(
    '/order',
    {
      preHandler: [app.requireUser, app.rateLimit('order')],
      schema: {
        tags: ['orders'],
        summary: 'Book an order; reserves its quantity from stock',
        body: placeOrderSchema,
        response: { 200: insertedIdSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const order = await placeOrder(catalogue, request.user!, request.body);
      void notify(orderBookedMail(order, baseUrl));
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
        params: orderIdParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
      },
    },
    async (request) => ({
      deletedCount: await removeUnpaidOrder(catalogue, request.params.id, request.user!.id),
    }),
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
        params: orderIdParamsSchema,
        response: { 200: deletedCountSchema, ...errors },
      },
    },
    async (request) => ({ deletedCount: await removeUnpaidOrder(catalogue, request.params.id) }),
  );

  app.put(
    '/ship/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Ship a paid order (administrators)',
        params: orderIdParamsSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const order = isUuid(request.params.id) ? await markOrderShipped(db, request.params.id) : undefined;
      if (order) void notify(orderShippedMail(order));
      return { modifiedCount: order ? 1 : 0 };
    },
  );
};
