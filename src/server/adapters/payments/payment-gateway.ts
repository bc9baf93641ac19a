export interface PaymentIntent {
  id: string;
  /** Stripe's states: requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled… */
  status: string;
  amountCents: number;
  orderId: string | undefined;
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

export interface PaymentGateway {
  kind: 'test' | 'stripe';
  /** For the browser's card form (Stripe only). */
  publishableKey: string | undefined;
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
