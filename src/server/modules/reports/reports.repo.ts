import { sql } from 'drizzle-orm';
import { SALES_DAYS } from '#shared/schemas/reports.ts';
import type { Db } from '#server/db/client.ts';
import { orders, tools } from '#server/db/schema.ts';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Revenue (cents), the part of it paid through the test gateway, and the count of the orders paid on each of
 * the last SALES_DAYS days (UTC), empty days included.
 */
export async function revenueByDay(db: Db) {
  return rowsOf<{ day: string; cents: number; testCents: number; orders: number }>(
    await db.execute(sql`
      SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
        coalesce(sum(${orders.priceCents}), 0)::bigint::float8 AS cents,
        coalesce(sum(${orders.priceCents}) FILTER (WHERE ${orders.testPayment}), 0)::bigint::float8 AS "testCents",
        count(${orders.id})::int AS orders
      FROM generate_series(
        (now() AT TIME ZONE 'UTC')::date - ${SALES_DAYS - 1}::int, (now() AT TIME ZONE 'UTC')::date, interval '1 day'
      ) AS days(day)
      LEFT JOIN ${orders} ON ${orders.paid} AND (${orders.paidAt} AT TIME ZONE 'UTC')::date = days.day::date
      GROUP BY days.day ORDER BY days.day`),
  );
}

export async function ordersByState(db: Db) {
  const [row] = rowsOf<{ unpaid: number; paid: number; shipped: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE NOT ${orders.paid})::int AS unpaid,
        count(*) FILTER (WHERE ${orders.paid} AND NOT ${orders.isDelivered})::int AS paid,
        count(*) FILTER (WHERE ${orders.isDelivered})::int AS shipped
      FROM ${orders}`),
  );
  return row!;
}

/** The `limit` products with the most revenue from paid orders, by the name the orders keep. */
export async function topTools(db: Db, limit: number) {
  return rowsOf<{ name: string; cents: number; quantity: number }>(
    await db.execute(sql`
      SELECT ${orders.productName} AS name, sum(${orders.priceCents})::bigint::float8 AS cents,
        sum(${orders.quantity})::bigint::float8 AS quantity
      FROM ${orders} WHERE ${orders.paid}
      GROUP BY ${orders.productName} ORDER BY cents DESC, name LIMIT ${limit}`),
  );
}

export async function heldByUnpaid(db: Db) {
  const [row] = rowsOf<{ quantity: number; orders: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(${orders.quantity}), 0)::bigint::float8 AS quantity, count(*)::int AS orders
      FROM ${orders} WHERE NOT ${orders.paid}`),
  );
  return row!;
}

/** Tools whose stock is below their minimum order, the emptiest first (at most `limit`). */
export async function cannotBeOrdered(db: Db, limit: number) {
  return rowsOf<{ id: string; name: string; stock: number; minimum: number }>(
    await db.execute(sql`
      SELECT ${tools.id} AS id, ${tools.name} AS name, ${tools.availableQuantity} AS stock,
        ${tools.minOrderQuantity} AS minimum
      FROM ${tools} WHERE ${tools.availableQuantity} < ${tools.minOrderQuantity}
      ORDER BY ${tools.availableQuantity}, ${tools.name} LIMIT ${limit}`),
  );
}
