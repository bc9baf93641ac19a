import { idParamsSchema, modifiedCountSchema } from '#shared/schemas/common.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsToDollars } from '#shared/money.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import {
  clientSecretSchema,
  createIntentSchema,
  orderPaySchema,
  paymentSummarySchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '#shared/schemas/payments.ts';
import type { PaymentGateway } from '#server/adapters/payments/payment-gateway.ts';
import { CardDeclinedError, type TestGateway } from '#server/adapters/payments/test-gateway.ts';
import type { Db } from '#server/db/client.ts';
import type { SessionUser } from '#server/plugins/auth.ts';
import { findOrder } from '#server/modules/orders/orders.repo.ts';
import { isUuid } from '#server/db/ids.ts';
import type { PaymentsService } from './payments.service.ts';

interface PaymentsOptions {
  db: Db;
  gateway: PaymentGateway;
  payments: PaymentsService;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsOptions> = async (
  app,
  { db, gateway, payments },
) => {
  /** The buyer's own order (404 for anyone else's, so that ids reveal nothing). */
  async function ownOrder(user: SessionUser | null, id: string) {
    const order = isUuid(id) ? await findOrder(db, id) : undefined;
    if (!order || order.userId !== user?.id) throw app.httpErrors.notFound('Order not found');
    return order;
  }

  app.get(
    '/payment/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'What the buyer is about to pay for',
        params: idParamsSchema,
        response: { 200: paymentSummarySchema, ...errors },
      },
    },
    async (request) => {
      const order = await ownOrder(request.user, request.params.id);
      return {
        userName: order.userName,
        productName: order.productName,
        price: centsToDollars(order.priceCents),
        paid: order.paid,
        transactionId: order.transactionId,
        gateway: gateway.kind,
        publishableKey: gateway.publishableKey ?? null,
      };
    },
  );

  app.post(
    '/create-payment-intent',
    {
      preHandler: [app.requireUser, app.rateLimit('payment')],
      schema: {
        tags: ['payments'],
        summary: "A payment intent for the buyer's unpaid order; the amount is the order's",
        body: createIntentSchema,
        response: { 200: clientSecretSchema, ...errors },
      },
    },
    async (request) => {
      const order = await ownOrder(request.user, request.body.orderId);
      return { clientSecret: await payments.clientSecretFor(order) };
    },
  );

  app.patch(
    '/orderPay/:id',
    {
      preHandler: [app.requireUser, app.rateLimit('payment')],
      schema: {
        tags: ['payments'],
        summary: 'Mark the order paid once the gateway confirms the payment',
        params: idParamsSchema,
        body: orderPaySchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const order = await ownOrder(request.user, request.params.id);
      const paid = await payments.confirm(order, request.body.transactionId);
      return { modifiedCount: paid ? 1 : 0 };
    },
  );

  if (gateway.kind === 'test') {
    const testGateway = gateway as TestGateway;
    app.post(
      '/payments/test/confirm',
      {
        preHandler: [app.requireUser, app.rateLimit('cardConfirm')],
        schema: {
          tags: ['payments'],
          summary: 'Charge a card through the built-in test gateway (Stripe test-mode card numbers)',
          body: testConfirmSchema,
          response: { 200: testConfirmResultSchema, 402: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          return await testGateway.confirm(request.body.clientSecret, request.body.card);
        } catch (error) {
          if (!(error instanceof CardDeclinedError)) throw error;
          return reply.code(402).send({ statusCode: 402, error: 'Payment Required', message: error.message });
        }
      },
    );
  }
};
