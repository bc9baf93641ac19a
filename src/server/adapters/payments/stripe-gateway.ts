import Stripe from 'stripe';
import { Unavailable } from '#server/domain-errors.ts';
import {
  SHOP_CURRENCY,
  type CancelOutcome,
  type IntentGateway,
  type PaymentIntent,
} from './payment-gateway.ts';

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

/** What the shop writes in the metadata of its intents: the order, and which shop (its BASE_URL) made it. */
interface ShopMetadata {
  orderId: string;
  shop: string;
}

function toIntent(intent: Stripe.PaymentIntent, shop: string): PaymentIntent {
  const { orderId, shop: madeBy } = intent.metadata as Partial<ShopMetadata>;
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId,
    ofThisShop: madeBy === shop && orderId !== undefined,
    clientSecret: intent.client_secret ?? '',
  };
}

/**
 * Stripe refused or failed a call of the shop's (a revoked key, a restricted account, an outage): never the
 * buyer's doing, so the buyer is told to come back later, and the cause is logged for the administrators,
 * not shown to the buyer.
 */
export class PaymentServiceUnavailable extends Unavailable {
  constructor(fault: unknown) {
    super('Card payments are unavailable just now. Please try again in a few minutes.', 60, fault);
  }
}

/** Runs a call to Stripe, answering its failures as PaymentServiceUnavailable. */
async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new PaymentServiceUnavailable(error);
    throw error;
  }
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

/**
 * Stripe: one PaymentIntent per order, carrying the order id and the shop's BASE_URL (`shop`); the amount is
 * always the order's.
 */
export function createStripeGateway(
  settings: StripeSettings & { shop: string },
  stripe = createStripeClient(settings),
): StripeGateway {
  const { shop } = settings;
  const gateway: StripeGateway = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent(order, idempotencyKey) {
      const intent = await askStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: order.amountCents,
            currency: SHOP_CURRENCY,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            receipt_email: order.email,
            metadata: { orderId: order.id, shop } satisfies ShopMetadata,
          },
          { idempotencyKey },
        ),
      );
      return toIntent(intent, shop);
    },

    async retrieveIntent(id) {
      return askStripe(async () => {
        try {
          return toIntent(await stripe.paymentIntents.retrieve(id), shop);
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      });
    },

    async cancelIntent(id): Promise<CancelOutcome> {
      return askStripe(async () => {
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
      });
    },

    async refund(intentId) {
      await askStripe(() =>
        stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` }),
      );
    },

    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
  return gateway;
}
