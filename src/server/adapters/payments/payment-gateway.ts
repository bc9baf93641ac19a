export interface PaymentIntent {
  id: string;
  status: string;
  amountCents: number;
  orderId: string | undefined;
}

export interface PaymentGateway {
  kind: 'test' | 'stripe';
  /** For the browser's card form (Stripe only). */
  publishableKey: string | undefined;
  createIntent(order: {
    id: string;
    amountCents: number;
    email: string;
  }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<PaymentIntent | undefined>;
}
