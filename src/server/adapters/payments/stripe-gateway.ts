import Stripe from 'stripe';
import type { PaymentGateway } from './payment-gateway.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the Stripe API is; set only to reach a local stand-in in tests. */
  apiUrl?: string | undefined;
}

export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const api = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    ...(api && {
      host: api.hostname,
      port: Number(api.port),
      protocol: api.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}

/** Stripe: a PaymentIntent per order, carrying the order id; the amount is always the order's. */
export function createStripeGateway(settings: StripeSettings, stripe = createStripeClient(settings)) {
  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent(order) {
      const intent = await stripe.paymentIntents.create({
        amount: order.amountCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        receipt_email: order.email,
        metadata: { orderId: order.id },
      });
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async retrieveIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount,
          orderId: intent.metadata.orderId,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return undefined;
        throw error;
      }
    },

    /** Checks the Stripe-Signature of a webhook body and answers the event; throws when it does not match. */
    verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  } satisfies PaymentGateway & { verifyWebhook: unknown };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
