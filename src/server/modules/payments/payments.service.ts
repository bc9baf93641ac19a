import { httpErrors } from '@fastify/sensible';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import type { Db } from '../../db/client.ts';
import { findOrder, markOrderPaid, type OrderRow } from '../orders/orders.repo.ts';

/**
 * Marks the order paid only once the gateway confirms that this intent succeeded, for this order and for
 * exactly its amount. Answers the paid order when this call paid it, undefined when it already was paid
 * with this very transaction (repeating is harmless).
 */
export async function confirmOrderPayment(
  db: Db,
  gateway: PaymentGateway,
  order: OrderRow,
  transactionId: string,
): Promise<OrderRow | undefined> {
  if (order.paid) {
    if (order.transactionId === transactionId) return undefined;
    throw httpErrors.conflict('This order is already paid.');
  }
  const intent = await gateway.retrieveIntent(transactionId);
  if (!intent || intent.orderId !== order.id || intent.amountCents !== order.priceCents) {
    throw httpErrors.badRequest('This payment does not belong to this order.');
  }
  if (intent.status !== 'succeeded') throw httpErrors.badRequest('This payment has not succeeded.');
  const changed = await markOrderPaid(db, order.id, { transactionId, testPayment: gateway.kind === 'test' });
  return changed ? findOrder(db, order.id) : undefined;
}
