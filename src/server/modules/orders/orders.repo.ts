import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQuery, Order, OrderState } from '#shared/schemas/orders.ts';
import { centsToDollars } from '#shared/money.ts';
import type { Db } from '#server/db/client.ts';
import { readPage, rowsInChunks, type Page } from '#server/db/paging.ts';
import { orders, orderSearchText } from '#server/db/schema.ts';
import { everyWordFound } from '#server/db/text-search.ts';
import type { Executor } from '#server/db/transaction.ts';
import type { StockRefused, StockRequest, StockReserved } from '#server/modules/tools/tools.service.ts';

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

const IN_STATE: Record<OrderState, SQL | undefined> = {
  unpaid: eq(orders.paid, false),
  // Paid and waiting to be shipped.
  paid: and(eq(orders.paid, true), eq(orders.isDelivered, false)),
  shipped: eq(orders.isDelivered, true),
};

/**
 * What the order lists are narrowed by: the administrators' search and state, and one account's orders (by the
 * account, never by the e-mail an order keeps a copy of: an account's address can change).
 */
export type OrderFilter = Pick<AdminOrdersQuery, 'q' | 'state'> & { userId?: string };

const matching = ({ q, state, userId }: OrderFilter) =>
  and(
    everyWordFound(orderSearchText(orders), q),
    state && IN_STATE[state],
    userId === undefined ? undefined : eq(orders.userId, userId),
  );
const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];

/** One page of every buyer's orders that match `q` and `state`, newest first, and how many match in all. */
export function pageOfOrders(db: Db, { q, state, ...paging }: AdminOrdersQuery): Promise<Page<OrderRow>> {
  return readPage(db, orders, matching({ q, state }), NEWEST_FIRST, paging);
}

/**
 * Orders read at a time by the lists of every matching order (the CSV export, the API's whole lists): a list
 * is never held whole, and other requests get their turns between chunks.
 */
export const ORDERS_CHUNK = 250;

/** Every order that matches `filter`, newest first, ORDERS_CHUNK at a time. */
export function ordersInChunks(db: Db, filter: OrderFilter): AsyncGenerator<OrderRow[]> {
  return rowsInChunks(db, orders, orders, matching(filter), 'newest', ORDERS_CHUNK);
}

export async function hasOrders(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return Boolean(row);
}

/** Which of these image URLs an order shows (its copy of the tool's picture). */
export async function orderImagesAmong(db: Db, urls: string[]): Promise<Set<string>> {
  const rows = await db.select({ url: orders.img }).from(orders).where(inArray(orders.img, urls));
  return new Set(rows.map((row) => row.url));
}

/** An order's own fields; the product, its price and the hold come from the reservation and the policy. */
export type OrderDetails = Pick<
  typeof orders.$inferInsert,
  'userId' | 'quantity' | 'address' | 'number' | 'email' | 'userName' | 'requestKey'
>;

/** How long an unpaid order holds its stock (hours, 0: until cancelled) and how many one buyer may hold. */
export interface UnpaidOrderRules {
  holdHours: number;
  maxUnpaid: number;
}

/** One buyer's order as place_order takes it: the stock it asks for and the order's own fields. */
export type OrderToPlace = StockRequest & OrderDetails;

/** What place_orders answered for one order. */
export type OrderPlacing = (StockReserved & { recorded: OrderRow }) | StockRefused | 'unpaidCapReached';

/** place_orders' words for why it took no stock (migration 0018). */
const REFUSALS = {
  missing: 'missing',
  'below-minimum': 'belowMinimum',
  'not-enough-stock': 'notEnoughStock',
  'over-total': 'overTotal',
} as const;

/**
 * Takes the stock each order asks for, inserts it and its mails, one order after the other, in one call of the
 * database's place_orders (migrations 0017, 0018 and 0022) that commits on its own. Answers, for each order in
 * turn, the order and the stock change (none for an order its request key found placed already), why the stock
 * was not taken, or 'unpaidCapReached' when the buyer held `maxUnpaid` unpaid orders already.
 */
export async function placeOrders(
  db: Executor,
  batch: readonly OrderToPlace[],
  rules: UnpaidOrderRules,
): Promise<OrderPlacing[]> {
  const result = await db.execute(sql`SELECT item, placed, change, unpaid_cap_reached, refused,
    min_order_quantity FROM place_orders(${JSON.stringify(batch)}::jsonb, ${rules.holdHours}::int,
    ${rules.maxUnpaid}::int)`);
  type Row = {
    item: number | string;
    placed: Record<string, unknown> | null;
    change: string | null;
    unpaid_cap_reached: boolean | null;
    refused: keyof typeof REFUSALS | null;
    min_order_quantity: number | null;
  };
  const answers = new Array<OrderPlacing>(batch.length);
  for (const row of (result as { rows: Row[] }).rows) {
    answers[Number(row.item) - 1] = row.unpaid_cap_reached
      ? 'unpaidCapReached'
      : row.placed
        ? { recorded: orderFromJson(row.placed), stockChange: row.change }
        : refusal(row.refused, row.min_order_quantity);
  }
  return answers;
}

function refusal(refused: keyof typeof REFUSALS | null, minimum: number | null): StockRefused {
  const reason = REFUSALS[refused ?? 'missing'];
  return reason === 'belowMinimum' ? { refused: reason, minimum: Number(minimum) } : { refused: reason };
}

/** An order row given by its column names (as to_jsonb writes it), with each value as Drizzle gives it. */
export function orderFromJson(row: Record<string, unknown>): OrderRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(orders)).map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? value : column.mapFromDriverValue(value)];
    }),
  ) as OrderRow;
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

export function unpaidOrdersOfUsers(db: Db, userIds: string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.paid, false), inArray(orders.userId, userIds)));
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

/** Marks the order paid unless it already is; answers it when this call did. */
export async function markOrderPaid(
  tx: Executor,
  id: string,
  payment: { transactionId: string; testPayment: boolean },
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ paid: true, ...payment, paidAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning();
  return row;
}

export async function markOrderShipped(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ isDelivered: true, shippedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.isDelivered, false)))
    .returning();
  return row;
}
