// The floor of the ordering benchmark: the reservation the shop makes when it books an order, in raw SQL and
// nothing else (no HTTP, session, rate limit, unpaid-order count, NOTIFY or confirmation mail): one
// transaction with the conditional UPDATE of the stock and the INSERT of the order row.
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { percentile } from './report.ts';

export interface Queryable {
  query<Row>(text: string, params: unknown[]): Promise<{ rows: Row[] }>;
}

export interface Buyer {
  id: string;
  email: string;
  name: string;
}

export interface ReservationPlan {
  toolId: string;
  quantity: number;
  /** The buyers are the shop's users whose e-mail starts with it (bench/buyers.ts). */
  buyerEmailPrefix: string;
  /** Reservations tried in all, shared out among the clients as they become free. */
  attempts: number;
}

export interface ReservationFigures {
  booked: number;
  refused: number;
  seconds: number;
  /** Milliseconds per transaction, waiting for the connection or the embedded database's lock included. */
  p99: number;
  stockLeft: number;
}

/** The same as tools.repo.ts reserveStock and orders.repo.ts insertOrder, with the default 48-hour hold. */
const RESERVE = `UPDATE tools SET available_quantity = available_quantity - $2, updated_at = now()
  WHERE id = $1 AND available_quantity >= $2 AND min_order_quantity <= $2
  RETURNING name, image, price_cents`;
const INSERT_ORDER = `INSERT INTO orders (user_id, tool_id, product_name, img, unit_price_cents, price_cents,
  quantity, address, number, email, user_name, held_until)
  VALUES ($1, $2, $3, $4, $5, $6, $7, '1 Bench Road', '555', $8, $9, now() + make_interval(hours => 48))`;

/** Inside an open transaction: true when the stock was there and the order is in. */
export async function reserve(tx: Queryable, plan: ReservationPlan, buyer: Buyer): Promise<boolean> {
  const { rows } = await tx.query<{ name: string; image: string; price_cents: number }>(RESERVE, [
    plan.toolId,
    plan.quantity,
  ]);
  const tool = rows[0];
  if (!tool) return false;
  await tx.query(INSERT_ORDER, [
    buyer.id,
    plan.toolId,
    tool.name,
    tool.image,
    tool.price_cents,
    tool.price_cents * plan.quantity,
    plan.quantity,
    buyer.email,
    buyer.name,
  ]);
  return true;
}

/** The bench buyers, signed up through the shop beforehand. */
export async function benchBuyers(db: Queryable, emailPrefix: string): Promise<Buyer[]> {
  const { rows } = await db.query<Buyer>(
    `SELECT id, email, name FROM users WHERE starts_with(email, $1) ORDER BY email`,
    [emailPrefix],
  );
  if (rows.length === 0) throw new Error('no bench buyers in the database');
  return rows;
}

export async function stockOf(db: Queryable, toolId: string): Promise<number> {
  const { rows } = await db.query<{ available_quantity: number }>(
    'SELECT available_quantity FROM tools WHERE id = $1',
    [toolId],
  );
  return rows[0]?.available_quantity ?? NaN;
}

/**
 * Runs `plan.attempts` reservations through `clients` concurrent workers; `transact` runs one reservation in a
 * transaction of the worker's own (a connection each on PostgreSQL, the one shared instance on PGlite).
 */
export async function timeReservations(
  plan: ReservationPlan,
  buyers: Buyer[],
  clients: number,
  transact: (client: number, buyer: Buyer) => Promise<boolean>,
): Promise<Omit<ReservationFigures, 'stockLeft'>> {
  const latencies: number[] = [];
  let next = 0;
  let booked = 0;
  const started = performance.now();
  const worker = async (client: number) => {
    while (next < plan.attempts) {
      const attempt = next++;
      const begun = performance.now();
      if (await transact(client, buyers[attempt % buyers.length]!)) booked += 1;
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => worker(client)));
  return {
    booked,
    refused: plan.attempts - booked,
    seconds: (performance.now() - started) / 1000,
    p99: percentile(latencies, 99),
  };
}

/** On the embedded database, through the shop's own PGlite instance, which runs one transaction at a time. */
export async function reserveOnPglite(
  pglite: PGlite,
  plan: ReservationPlan,
  clients: number,
): Promise<ReservationFigures> {
  const buyers = await benchBuyers(pglite, plan.buyerEmailPrefix);
  const figures = await timeReservations(plan, buyers, clients, (_client, buyer) =>
    pglite.transaction((tx) => reserve(tx, plan, buyer)),
  );
  return { ...figures, stockLeft: await stockOf(pglite, plan.toolId) };
}

/** On PostgreSQL, with a connection per client. */
export async function reserveOnPostgres(
  databaseUrl: string,
  plan: ReservationPlan,
  clients: number,
): Promise<ReservationFigures> {
  const connections = Array.from({ length: clients }, () => new pg.Client({ connectionString: databaseUrl }));
  try {
    await Promise.all(connections.map((connection) => connection.connect()));
    const buyers = await benchBuyers(connections[0]!, plan.buyerEmailPrefix);
    const figures = await timeReservations(plan, buyers, clients, async (client, buyer) => {
      const connection = connections[client]!;
      await connection.query('BEGIN');
      try {
        const booked = await reserve(connection, plan, buyer);
        await connection.query('COMMIT');
        return booked;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      }
    });
    return { ...figures, stockLeft: await stockOf(connections[0]!, plan.toolId) };
  } finally {
    await Promise.all(connections.map((connection) => connection.end().catch(() => undefined)));
  }
}
