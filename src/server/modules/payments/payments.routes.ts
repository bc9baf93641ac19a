import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract.ts';
import { centsToDollars } from '#shared/money.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import type { PaymentGateway } from '#server/adapters/payments/payment-gateway.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import type { PaymentsService } from './payments.service.ts';

interface PaymentsOptions {
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

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsOptions> = async (app, { gateway, payments }) => {
  app.route({
    ...routeOf(api.payments.summary, errors),
    onRequest: app.requireUser,
    handler: async (request) => {
      const order = await payments.orderOf(request.user!, request.params.id);
      return {
        userName: order.userName,
        productName: order.productName,
        price: centsToDollars(order.priceCents),
        paid: order.paid,
        transactionId: order.transactionId,
        gateway: gateway.kind,
        publishableKey: gateway.kind === 'stripe' ? gateway.publishableKey : null,
      };
    },
  });

  app.route({
    ...routeOf(api.payments.createIntent, errors),
    onRequest: app.requireUser,
    preHandler: app.rateLimit('payment'),
    handler: async (request) => ({
      clientSecret: await payments.clientSecretFor(request.user!, request.body.orderId),
    }),
  });

  app.route({
    ...routeOf(api.payments.markPaid, errors),
    onRequest: app.requireUser,
    preHandler: app.rateLimit('payment'),
    handler: async (request) => {
      const paid = await payments.confirm(request.user!, request.params.id, request.body.transactionId);
      return { modifiedCount: paid ? 1 : 0 };
    },
  });

  // The built-in gateway's stand-in for the card form that Stripe.js sends to Stripe itself.
  if (gateway.kind === 'test') {
    app.route({
      ...routeOf(api.payments.testConfirm, { 402: apiErrorSchema, ...errors }),
      onRequest: app.requireUser,
      preHandler: app.rateLimit('cardConfirm'),
      handler: async (request) => gateway.confirm(request.body.clientSecret, request.body.card),
    });
  }
};
