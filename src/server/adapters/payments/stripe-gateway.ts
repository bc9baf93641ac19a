import Stripe from 'stripe';
import type { CancelOutcome, IntentGateway, PaymentIntent } from './payment-gateway.ts';

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

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    orderId: intent.metadata.orderId,
    clientSecret: intent.client_secret ?? '',
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

export interface StripeGateway extends IntentGateway {
  kind: 'stripe';
  /** For the browser's card form. */
  publishableKey: string;
  /** Checks the Stripe-Signature of a webhook body and answers the event; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

/** Stripe: one PaymentIntent per order, carrying the order id; the amount is always the order's. */
export function createStripeGateway(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
): StripeGateway {
  const gateway: StripeGateway = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent(order, idempotencyKey) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          receipt_email: order.email,
          metadata: { orderId: order.id },
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async cancelIntent(id): Promise<CancelOutcome> {
      try {
        await stripe.paymentIntents.cancel(id);
        return 'canceled';
      } catch (error) {
        if (isMissing(error)) return 'missing';
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // Not cancellable in its state: say which state that is.
        const intent = await gateway.retrieveIntent(id);
        if (!intent) return 'missing';
        if (intent.status === 'canceled' || intent.status === 'succeeded') return intent.status;
        return 'processing';
      }
    },

    async refund(intentId) {
      await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    },

    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
  return gateway;
}
