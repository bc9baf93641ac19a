import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOverview } from '#shared/schemas/reports.ts';
import { orders } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let admin: TestUser;
let buyer: TestUser;
const as = requestsAs(() => ctx);
const DAY = 86_400_000;
const today = () => new Date(new Date().toISOString().slice(0, 10));

async function sales(): Promise<SalesOverview> {
  const response = await as(admin).get('/api/admin/sales');
  expect(response.statusCode).toBe(200);
  return response.json<SalesOverview>();
}

async function addOrder(
  productName: string,
  priceCents: number,
  state: 'unpaid' | 'paid' | 'shipped',
  daysAgo = 0,
  testPayment = false,
) {
  const at = new Date(today().getTime() - daysAgo * DAY + 3_600_000);
  await ctx.app.database.db.insert(orders).values({
    userId: buyer.id,
    userName: buyer.name,
    email: buyer.email,
    productName,
    img: '/images/tools/torque-wrench.svg',
    unitPriceCents: priceCents / 10,
    priceCents,
    quantity: 10,
    address: '1 Main St',
    number: '555',
    paid: state !== 'unpaid',
    transactionId: state === 'unpaid' ? null : `pi_${productName}_${priceCents}_${daysAgo}`,
    testPayment,
    isDelivered: state === 'shipped',
    createdAt: at,
    paidAt: state === 'unpaid' ? null : at,
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, buyer] = await Promise.all([createUser(ctx, { admin: true }), createUser(ctx)]);
});
afterAll(() => ctx.close());

describe('GET /api/admin/sales', () => {
  it('answers an empty shop with 30 empty days and nothing else', async () => {
    const overview = await sales();
    expect(overview.revenueByDay).toHaveLength(30);
    expect(overview.revenueByDay.at(-1)).toEqual({
      day: today().toISOString().slice(0, 10),
      revenue: 0,
      testRevenue: 0,
      orders: 0,
    });
    expect(overview.ordersByState).toEqual({ unpaid: 0, paid: 0, shipped: 0 });
    expect(overview.topTools).toEqual([]);
    expect(overview.heldByUnpaid).toEqual({ quantity: 0, orders: 0 });
  });

  it('adds up paid revenue per day, orders by state, the top tools, held stock and tools that cannot be ordered', async () => {
    await addOrder('Drill', 10_000, 'paid');
    await addOrder('Drill', 5_000, 'shipped');
    await addOrder('Wrench', 2_500, 'paid', 1);
    await addOrder('Old Saw', 99_900, 'paid', 31);
    await addOrder('Bolt', 700, 'unpaid');
    await addOrder('Nut', 300, 'unpaid', 2);
    for (const [n, name] of ['A', 'B', 'C', 'D', 'E'].entries())
      await addOrder(`Tool ${name}`, 100 * (n + 1), 'paid', 3);
    const [blocked] = await ctx.app.tools.add([
      {
        name: 'Empty Vise',
        priceCents: 100,
        availableQuantity: 3,
        minOrderQuantity: 5,
        details: 'x',
        image: '/images/tools/bench-vise.svg',
      },
    ]);

    const overview = await sales();
    expect(overview.revenueByDay.at(-1)).toMatchObject({ revenue: 150, testRevenue: 0, orders: 2 });
    expect(overview.revenueByDay.at(-2)).toMatchObject({ revenue: 25, orders: 1 });
    expect(overview.revenueByDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(190);
    expect(overview.ordersByState).toEqual({ unpaid: 2, paid: 8, shipped: 1 });
    expect(overview.topTools).toEqual([
      { name: 'Old Saw', revenue: 999, quantity: 10 },
      { name: 'Drill', revenue: 150, quantity: 20 },
      { name: 'Wrench', revenue: 25, quantity: 10 },
      { name: 'Tool E', revenue: 5, quantity: 10 },
      { name: 'Tool D', revenue: 4, quantity: 10 },
    ]);
    expect(overview.heldByUnpaid).toEqual({ quantity: 20, orders: 2 });
    expect(overview.cannotBeOrdered).toEqual([
      { _id: blocked!.id, name: 'Empty Vise', stock: 3, minimum: 5 },
    ]);
  });

  it('says how much of the revenue came through the test gateway, where no money was received', async () => {
    const before = (await sales()).revenueByDay.at(-1)!;
    await addOrder('Test Hammer', 4_000, 'paid', 0, true);
    const after = (await sales()).revenueByDay.at(-1)!;
    expect(after).toEqual({
      ...before,
      revenue: before.revenue + 40,
      testRevenue: before.testRevenue + 40,
      orders: before.orders + 1,
    });
    expect(after.testRevenue).toBe(40);
  });

  it('is for administrators only', async () => {
    expect((await as(buyer).get('/api/admin/sales')).statusCode).toBe(403);
    expect((await as(anonymous).get('/api/admin/sales')).statusCode).toBe(401);
  });
});
