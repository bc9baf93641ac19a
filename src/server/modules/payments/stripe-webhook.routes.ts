import type { FastifyPluginAsync } from 'fastify';
import type { StripeGateway } from '#server/adapters/payments/stripe-gateway.ts';
import { InvalidInput, Unavailable } from '#server/domain-errors.ts';
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

  app.post<{ Body: Buffer }>(
    '/webhooks/stripe',
    { schema: { hide: true }, bodyLimit: 256 * 1024 },
    async (request) => {
      let event;
      try {
        event = gateway.verifyWebhook(request.body, String(request.headers['stripe-signature'] ?? ''));
      } catch {
        throw new InvalidInput('The webhook signature does not match.');
      }
      if (event.type === 'payment_intent.succeeded') {
        try {
          await payments.intentSucceeded(event.data.object.id);
        } catch (error) {
          request.log.error({ err: error, intentId: event.data.object.id }, 'webhook payment not applied');
          // Stripe sends the event again later.
          throw new Unavailable('The payment could not be recorded yet; please retry.');
        }
      }
      return { received: true };
    },
  );
};
