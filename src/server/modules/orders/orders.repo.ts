import { and, desc, eq, sql } from 'drizzle-orm';
import type { Order } from '../../../shared/schemas/orders.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { orders, tools } from '../../db/schema.ts';
import type { Executor } from '../tools/tools.repo.ts';

export type OrderRow = typeof orders.$inferSelect;

export function toApiOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    img: row.img,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    unitPrice: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    address: row.address,
    number: row.number,
    email: row.email,
    userName: row.userName,
    transactionId: row.transactionId,
    paid: row.paid,
    testPayment: row.testPayment,
    isDeliverd: row.isDelivered,
    createdAt: row.createdAt.toISOString(),
  };
}

/** By the account, never by the e-mail an order keeps a copy of: an account's address can change. */
export function listOrdersOfUser(db: Db, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

export function listAllOrders(db: Db): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt));
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Takes `quantity` from the tool's stock if it is within [minimum, stock]; answers the tool, else nothing. */
export async function reserveStock(tx: Executor, toolId: string, quantity: number) {
  const [tool] = await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(tools.id, toolId),
        sql`${tools.availableQuantity} >= ${quantity}`,
        sql`${tools.minOrderQuantity} <= ${quantity}`,
      ),
    )
    .returning();
  return tool;
}

export async function releaseStock(tx: Executor, toolId: string | null, quantity: number): Promise<void> {
  if (!toolId) return;
  await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(tools.id, toolId));
}

/** Deletes the order if it is still unpaid (and, when given, belongs to userId); answers the deleted row. */
export async function deleteUnpaidOrder(
  tx: Executor,
  id: string,
  userId?: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.paid, false), userId ? eq(orders.userId, userId) : undefined))
    .returning();
  return row;
}

export async function markOrderPaid(
  db: Db,
  id: string,
  payment: { transactionId: string; testPayment: boolean },
): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ paid: true, ...payment, paidAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning({ id: orders.id });
  return rows.length;
}

export async function markOrderShipped(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ isDelivered: true, shippedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.isDelivered, false)))
    .returning();
  return row;
}
