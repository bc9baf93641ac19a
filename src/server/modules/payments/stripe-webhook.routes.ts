import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { StripeGateway } from '../../adapters/payments/stripe-gateway.ts';
import type { Db } from '../../db/client.ts';
import { orderPaidMail } from '../orders/orders-mails.ts';
import { findOrder } from '../orders/orders.repo.ts';
import { isUuid } from '../../db/ids.ts';
import { confirmOrderPayment } from './payments.service.ts';

/**
 * Stripe tells us about payments here too, so an order is paid even if the buyer's browser never comes
 * back. The signature is checked against the raw body, hence this plugin's own JSON parser.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  db: Db;
  gateway: StripeGateway;
  mailer: Mailer;
}> = async (app, { db, gateway, mailer }) => {
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
      const intent = event.data.object;
      const orderId = intent.metadata.orderId ?? '';
      const order = isUuid(orderId) ? await findOrder(db, orderId) : undefined;
      if (order) {
        const paid = await confirmOrderPayment(db, gateway, order, intent.id).catch((error: unknown) => {
          request.log.warn({ err: error, orderId }, 'webhook payment not applied');
          return undefined;
        });
        if (paid) await mailer.send(orderPaidMail(paid)).catch(() => undefined);
      }
    }
    return reply.send({ received: true });
  });
};
