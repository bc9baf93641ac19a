import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { users } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, { admin: true, name: 'Ada Admin' });
});
afterAll(() => ctx.close());

async function ordersOf(email: string, who: TestUser) {
  const response = await ctx.app.inject({
    url: `/api/singleOrder?email=${encodeURIComponent(email)}`,
    headers: who.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Order[]>().map((order) => order._id);
}

async function book(who: TestUser, toolId: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: who.headers,
    payload: { toolId, quantity: 10, address: '1 Main St', number: '555-0100' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

/** As a sign-in provider would when the person changes their address there. */
async function changeEmail(account: TestUser, email: string) {
  await ctx.app.database.db.update(users).set({ email }).where(eq(users.id, account.id));
}

describe('GET /api/singleOrder after an account changed its e-mail', () => {
  let first: TestUser;
  let successor: TestUser;
  let orderId: string;
  const newEmail = 'first.owner.renamed@example.com';

  beforeAll(async () => {
    const tool = await addTestTool(ctx.app);
    first = await createUser(ctx, { name: 'First Owner' });
    orderId = await book(first, tool.id);
    await changeEmail(first, newEmail);
    successor = await createUser(ctx, { name: 'Second Owner', email: first.email });
  });

  it("shows the new holder of the old address none of the previous owner's orders", async () => {
    expect(await ordersOf(first.email, successor)).toEqual([]);
  });

  it('shows the account its orders under its new address', async () => {
    expect(await ordersOf(newEmail, first)).toEqual([orderId]);
  });

  it('shows an administrator the orders of the account that has the address now, or none', async () => {
    expect(await ordersOf(first.email, admin)).toEqual([]);
    expect(await ordersOf(newEmail, admin)).toEqual([orderId]);
    expect(await ordersOf(newEmail.toUpperCase(), admin)).toEqual([orderId]);
    expect(await ordersOf('nobody.here@example.com', admin)).toEqual([]);
  });

  it("lists the successor's own orders once it orders", async () => {
    const tool = await addTestTool(ctx.app);
    const own = await book(successor, tool.id);
    expect(await ordersOf(first.email, successor)).toEqual([own]);
    expect(await ordersOf(first.email, admin)).toEqual([own]);
  });
});
