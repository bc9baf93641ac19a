import type { StripeGateway } from './stripe-gateway.ts';
import type { TestGateway } from './test-gateway.ts';

/** The currency of every price and payment of the shop (ISO 4217, lower case as Stripe writes it). */
export const SHOP_CURRENCY = 'usd';

export interface PaymentIntent {
  id: string;
  /** Stripe's states: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled… */
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | undefined;
  /**
   * Whether this shop made the intent: a Stripe account's events tell of all its payments, and those taken
   * elsewhere (another shop, an invoice, a till) are none of the shop's business.
   */
  ofThisShop: boolean;
  clientSecret: string;
}

/** What an intent is after asking the gateway to cancel it. */
export type CancelOutcome = 'canceled' | 'succeeded' | 'processing' | 'missing';

/** Intents a buyer can still pay: the payment page may show them again. */
export const PAYABLE_STATES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** What every gateway does with payment intents. */
export interface IntentGateway {
  /** Asking again with the same key answers the same intent. */
  createIntent(
    order: { id: string; amountCents: number; email: string },
    idempotencyKey: string,
  ): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | undefined>;
  /** Cancels the intent unless the buyer's payment has gone through or is under way. */
  cancelIntent(id: string): Promise<CancelOutcome>;
  /** Gives the whole amount of a succeeded intent back to the card. */
  refund(intentId: string): Promise<void>;
}

/** The gateway the shop takes payments through; `kind` tells which, and what else it offers. */
export type PaymentGateway = TestGateway | StripeGateway;
