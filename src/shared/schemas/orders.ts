import { z } from 'zod';
import { belowMinimum, messages, notEnoughStock } from '#shared/messages.ts';
import { centsToDollars, MAX_ORDER_TOTAL_CENTS } from '#shared/money.ts';
import { choiceQuery, pageInfoSchema, pagingQuery, searchQuery } from './common.ts';
import { MAX_STOCK, type Tool } from './tools.ts';

export const orderSchema = z.object({
  _id: z.string(),
  toolId: z.string().nullable(),
  img: z.string(),
  productName: z.string(),
  /** quantity × unit price, in dollars. */
  price: z.number(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  address: z.string(),
  number: z.string(),
  email: z.string(),
  userName: z.string(),
  transactionId: z.string().nullable(),
  paid: z.boolean(),
  /** Paid through the built-in test gateway, where no money moves. */
  testPayment: z.boolean(),
  isDeliverd: z.boolean(),
  /** An unpaid order keeps its quantity until then (ISO time); null when paid or held until cancelled. */
  heldUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** The purchase form's own fields (name, e-mail and price come from the session and the database). */
export const purchaseFieldsSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, messages.addressRequired)
    .min(2, messages.minTwo)
    .max(300, 'At most 300 characters'),
  number: z.string().trim().min(1, messages.numberRequired).max(40, 'At most 40 characters'),
});
export type PurchaseFields = z.infer<typeof purchaseFieldsSchema>;

/**
 * The tool page's quantity form (spec section 5, "Purchase"): within the tool's stock and minimum order, as
 * whole pieces. Its messages show as toasts, addressed to the buyer by display name.
 */
export function quantityFormSchema(
  tool: Pick<Tool, 'availableQuantity' | 'minOrderQuantity'>,
  buyerName: string,
) {
  return z.object({
    quantity: z
      .number({ message: messages.quantityRequired })
      .max(tool.availableQuantity, notEnoughStock(buyerName))
      .min(tool.minOrderQuantity, belowMinimum(buyerName, tool.minOrderQuantity))
      .transform(Math.floor),
  });
}

export const placeOrderSchema = purchaseFieldsSchema.extend({
  toolId: z.string().min(1, 'toolId is required'),
  quantity: z
    .number({ message: messages.quantityRequired })
    .int('The quantity must be a whole number')
    .positive('The quantity must be at least 1')
    .max(MAX_STOCK, 'The quantity must be at most 10,000,000'),
  /**
   * The total the buyer was shown, in dollars (the spec's `price`): the order is booked at the tool's price
   * now, and refused if that comes to more. Without it, at the price now, whatever it is.
   */
  price: z
    .number({ message: 'The price must be a number' })
    .min(0.01, 'The price must be at least 0.01')
    .max(centsToDollars(MAX_ORDER_TOTAL_CENTS), 'The price must be at most 999,999.99')
    .optional(),
});
export type PlaceOrder = z.infer<typeof placeOrderSchema>;

export function unconfirmedEmail(email: string): string {
  return `Please confirm your e-mail address before ordering: open the link we sent to ${email}, or send it again from My Profile.`;
}

export function tooManyUnpaidOrders(max: number): string {
  return `You already have ${max} unpaid orders. Please pay for or cancel one of them before ordering more.`;
}

export const PRICE_RISEN_MESSAGE =
  'The price of this tool has gone up since this page was opened. Please check the new total and order again.';

/**
 * The header that names one purchase: the buyer's retry of a request whose answer was lost (a connection cut
 * after the order was booked) answers the order already booked rather than booking another.
 */
export const REQUEST_KEY_HEADER = 'idempotency-key';
export const requestKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The Idempotency-Key header must be 16 to 64 letters, digits, - or _');
export const REQUEST_KEY_REUSED_MESSAGE =
  'This purchase was already booked as another order: see My Order before ordering again.';

export const ORDER_TOO_LARGE_MESSAGE =
  'One order can come to at most $999,999.99. Please order fewer pieces, or contact us for a larger order.';

export const ordersQuerySchema = z.object({ email: z.string().min(1, 'email is required') });

export const ORDER_STATES = ['unpaid', 'paid', 'shipped'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ADMIN_PAGE_SIZE = 20;

/** GET /api/admin/orders: every buyer's orders, newest first, a page at a time. */
export const adminOrdersQuerySchema = z.object({
  q: searchQuery,
  state: choiceQuery('state', ORDER_STATES),
  ...pagingQuery(ADMIN_PAGE_SIZE),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;
export const ordersExportQuerySchema = adminOrdersQuerySchema.pick({ q: true, state: true });

export const ordersPageSchema = pageInfoSchema.extend({ orders: z.array(orderSchema) });
export type OrdersPage = z.infer<typeof ordersPageSchema>;
