import { z } from 'zod';

export const paymentSummarySchema = z.object({
  userName: z.string(),
  productName: z.string(),
  /** In dollars. */
  price: z.number(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  gateway: z.enum(['test', 'stripe']),
  /** Stripe's publishable key when Stripe takes the payment. */
  publishableKey: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const createIntentSchema = z.object({ orderId: z.string().min(1, 'orderId is required') });
export const clientSecretSchema = z.object({ clientSecret: z.string() });

export const testConfirmSchema = z.object({
  clientSecret: z.string().min(1),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.number().int().optional(),
    expYear: z.number().int().optional(),
    cvc: z.string().max(8),
  }),
  billing: z.object({ name: z.string().max(200), email: z.string().max(254) }),
});
export const testConfirmResultSchema = z.object({ id: z.string(), status: z.literal('succeeded') });

export const orderPaySchema = z.object({
  transactionId: z.string().min(1, 'transactionId is required').max(200),
});
