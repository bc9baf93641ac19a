import type { FastifyPluginAsync } from 'fastify';
import type { StripeGateway } from '#server/adapters/payments/stripe-gateway.ts';
import { apiError } from '#server/plugins/errors.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Stripe tells us about payments here too, so an order is paid even if the buyer's browser never comes
 * back. The signature is checked against the raw body, hence this plugin's own JSON parser.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  gateway: StripeGateway;
  payments: PaymentsService;
}> = async (app, { gateway, payments }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/webhooks/stripe', { schema: { hide: true }, bodyLimit: 256 * 1024 }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = gateway.verifyWebhook(request.body as Buffer, String(signature ?? ''));
    } catch {
      throw app.httpErrors.badRequest('The webhook signature does not match.');
    }
    if (event.type === 'payment_intent.succeeded') {
      try {
        // Stripe's own record decides, not the event's copy of it.
        const intent = await gateway.retrieveIntent(event.data.object.id);
        if (intent?.status === 'succeeded') await payments.succeeded(intent);
      } catch (error) {
        request.log.error({ err: error, intentId: event.data.object.id }, 'webhook payment not applied');
        // Stripe sends the event again later.
        return reply.code(503).send(apiError(503, 'The payment could not be recorded yet; please retry.'));
      }
    }
    return reply.send({ received: true });
  });
};
