import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { orders } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { ORDERS_CHUNK, toApiOrder } from './orders.repo.ts';

let ctx: TestContext;
let admin: TestUser;
let bulkBuyer: TestUser;
let otherBuyer: TestUser;

/** More than two chunks of orders for one buyer, and a few for another. */
const MANY = ORDERS_CHUNK * 2 + 37;
const FEW = 3;

function ordersFor(buyer: TestUser, count: number, start: number) {
  return Array.from({ length: count }, (_, i) => ({
    userId: buyer.id,
    email: buyer.email,
    userName: buyer.name,
    img: '/images/tools/torque-wrench.svg',
    productName: `Hex bolt ${start + i}`,
    unitPriceCents: 1250,
    priceCents: 2500,
    quantity: 2,
    address: '1 Main St',
    number: '555-0100',
    paid: i % 3 === 0,
    transactionId: i % 3 === 0 ? `pi_list_${start + i}` : null,
    // Some orders share a timestamp: the lists break the tie by id, as every order list does.
    createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor((start + i) / 2) * 1000),
  }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, bulkBuyer, otherBuyer] = await Promise.all([
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
    createUser(ctx, { name: 'Bulk Buyer' }),
    createUser(ctx, { name: 'Other Buyer' }),
  ]);
  const { db } = ctx.app.database;
  await db.insert(orders).values(ordersFor(bulkBuyer, MANY, 0));
  await db.insert(orders).values(ordersFor(otherBuyer, FEW, MANY));
});
afterAll(() => ctx.close());

/** The orders as stored, newest first (ties by id), as the API shows them. */
async function stored(userId?: string): Promise<Order[]> {
  const rows = await ctx.app.database.db
    .select()
    .from(orders)
    .where(userId ? eq(orders.userId, userId) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toApiOrder);
}

async function listed(url: string, who: TestUser): Promise<Order[]> {
  const response = await ctx.app.inject({ url, headers: who.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<Order[]>();
}

const ordersIn = (piece: string) => piece.match(/"_id":/g)?.length ?? 0;

describe('the lists of every order and of one account’s orders', () => {
  it('GET /api/orders answers every order, newest first, each as before', async () => {
    const all = await listed('/api/orders', admin);
    expect(all).toHaveLength(MANY + FEW);
    expect(all).toEqual(await stored());
  });

  it('GET /api/singleOrder answers all of one account’s orders, newest first, and no one else’s', async () => {
    const email = encodeURIComponent(bulkBuyer.email);
    const own = await listed(`/api/singleOrder?email=${email}`, bulkBuyer);
    expect(own).toHaveLength(MANY);
    expect(own).toEqual(await stored(bulkBuyer.id));
    expect(await listed(`/api/singleOrder?email=${email}`, admin)).toEqual(own);
    const other = encodeURIComponent(otherBuyer.email);
    expect(await listed(`/api/singleOrder?email=${other}`, otherBuyer)).toEqual(await stored(otherBuyer.id));
    expect(await listed('/api/singleOrder?email=nobody.here%40example.com', admin)).toEqual([]);
  });

  it('reads and writes them a chunk of orders at a time, so that no turn of the process is long', async () => {
    for (const [list, total] of [
      [ctx.app.orders.allJson(), MANY + FEW],
      [
        await ctx.app.orders.ordersOf({ ...bulkBuyer, role: 'user', emailVerified: true }, bulkBuyer.email),
        MANY,
      ],
    ] as const) {
      const pieces: string[] = [];
      for await (const piece of list) pieces.push(piece);
      expect(Math.max(...pieces.map(ordersIn))).toBe(ORDERS_CHUNK);
      expect(pieces.filter((piece) => ordersIn(piece) > 0)).toHaveLength(Math.ceil(total / ORDERS_CHUNK));
      expect(JSON.parse(pieces.join('')) as Order[]).toHaveLength(total);
    }
  });
});
