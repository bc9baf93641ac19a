import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Order } from '#shared/schemas/orders.ts';
import { centsToDollars } from '#shared/money.ts';
import type { Db } from '#server/db/client.ts';
import { orders, tools, users } from '#server/db/schema.ts';
import type { Executor } from '#server/modules/tools/tools.repo.ts';

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
    heldUntil: row.paid ? null : (row.heldUntil?.toISOString() ?? null),
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

/**
 * How many unpaid orders the buyer holds, counted under a lock on the buyer's account row: two orders of one
 * buyer placed at the same moment are counted one after the other, so neither slips past the cap.
 */
export async function countUnpaidOrdersLocked(tx: Executor, userId: string): Promise<number> {
  await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
  const [row] = await tx
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)));
  return row?.total ?? 0;
}

export async function insertOrder(
  tx: Executor,
  values: typeof orders.$inferInsert,
  holdHours: number,
): Promise<OrderRow> {
  const heldUntil = holdHours > 0 ? sql`now() + make_interval(hours => ${holdHours})` : null;
  const [row] = await tx
    .insert(orders)
    .values({ ...values, heldUntil })
    .returning();
  return row!;
}

/** Unpaid orders placed while holds were off (or before there were any) are held from their creation. */
export async function holdUnheldOrders(db: Db, holdHours: number): Promise<void> {
  await db
    .update(orders)
    .set({ heldUntil: sql`${orders.createdAt} + make_interval(hours => ${holdHours})` })
    .where(and(eq(orders.paid, false), isNull(orders.heldUntil)));
}

/** Unpaid orders whose hold has ended by `now`, oldest first. */
export function unpaidOrdersHeldUntil(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.paid, false), lte(orders.heldUntil, now)))
    .orderBy(asc(orders.heldUntil))
    .limit(limit);
}

/** Records the order's new payment intent, unless someone else replaced `previous` first; answers the id kept. */
export async function replacePaymentIntent(
  db: Db,
  orderId: string,
  previous: string | null,
  next: string,
): Promise<string | null> {
  await db
    .update(orders)
    .set({ paymentIntentId: next })
    .where(
      and(
        eq(orders.id, orderId),
        previous === null ? isNull(orders.paymentIntentId) : eq(orders.paymentIntentId, previous),
      ),
    );
  const [row] = await db.select({ id: orders.paymentIntentId }).from(orders).where(eq(orders.id, orderId));
  return row?.id ?? null;
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

/** Deletes the order if it is still unpaid and still has this payment intent (or none); answers the row. */
export async function deleteUnpaidOrder(
  tx: Executor,
  id: string,
  paymentIntentId: string | null,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .delete(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.paid, false),
        paymentIntentId === null
          ? isNull(orders.paymentIntentId)
          : eq(orders.paymentIntentId, paymentIntentId),
      ),
    )
    .returning();
  return row;
}

export async function markOrderPaid(
  db: Executor,
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

export async function markOrderShipped(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ isDelivered: true, shippedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.isDelivered, false)))
    .returning();
  return row;
}
