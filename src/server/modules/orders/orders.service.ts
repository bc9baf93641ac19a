import { httpErrors } from '@fastify/sensible';
import { eq } from 'drizzle-orm';
import { belowMinimum, notEnoughStock } from '../../../shared/messages.ts';
import {
  MAX_ORDER_TOTAL_CENTS,
  ORDER_TOO_LARGE_MESSAGE,
  type PlaceOrder,
} from '../../../shared/schemas/orders.ts';
import { isUuid } from '../../db/ids.ts';
import { orders, tools } from '../../db/schema.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Catalogue } from '../tools/catalogue.ts';
import { deleteUnpaidOrder, releaseStock, reserveStock, type OrderRow } from './orders.repo.ts';

/**
 * Books an order: the stock is taken by one conditional UPDATE (quantity within [minimum, stock]) in the
 * same transaction as the insert, so no interleaving of requests can oversell. The price is computed here
 * from the database, never taken from the client. Stock is part of the catalogue, hence catalogue.write.
 */
export async function placeOrder(
  catalogue: Catalogue,
  buyer: SessionUser,
  input: PlaceOrder,
): Promise<OrderRow> {
  if (!isUuid(input.toolId)) throw httpErrors.notFound('Tool not found');
  return catalogue.write(async (tx) => {
    const tool = await reserveStock(tx, input.toolId, input.quantity);
    if (!tool) {
      const [current] = await tx.select().from(tools).where(eq(tools.id, input.toolId));
      if (!current) throw httpErrors.notFound('Tool not found');
      if (input.quantity < current.minOrderQuantity) {
        throw httpErrors.badRequest(belowMinimum(current.name, current.minOrderQuantity));
      }
      throw httpErrors.badRequest(notEnoughStock(current.name));
    }
    // Thrown inside the transaction, so the reservation above is undone with it.
    const priceCents = tool.priceCents * input.quantity;
    if (priceCents > MAX_ORDER_TOTAL_CENTS) throw httpErrors.badRequest(ORDER_TOO_LARGE_MESSAGE);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.id,
        toolId: tool.id,
        productName: tool.name,
        img: tool.image,
        unitPriceCents: tool.priceCents,
        priceCents,
        quantity: input.quantity,
        address: input.address,
        number: input.number,
        email: buyer.email,
        userName: buyer.name,
      })
      .returning();
    return order!;
  });
}

/** Deletes an unpaid order (the buyer's own unless `buyerId` is omitted) and puts its quantity back. */
export async function removeUnpaidOrder(catalogue: Catalogue, id: string, buyerId?: string): Promise<number> {
  if (!isUuid(id)) return 0;
  return catalogue.write(async (tx) => {
    const order = await deleteUnpaidOrder(tx, id, buyerId);
    if (!order) return 0;
    await releaseStock(tx, order.toolId, order.quantity);
    return 1;
  });
}
