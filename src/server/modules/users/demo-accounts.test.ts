import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tools, users } from '#server/db/schema.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.users.seedDemoAccounts(ctx.app.auth);
});
afterAll(() => ctx.close());

async function signIn(email: string, password: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ctx.config.baseUrl },
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return { headers: { cookie, origin: ctx.config.baseUrl } };
}

describe('removing the demo accounts', () => {
  it('gives back the stock their unpaid orders held; what they paid for stays sold', async () => {
    const { db } = ctx.app.database;
    const tool = await addTestTool(ctx.app, { availableQuantity: 100, minOrderQuantity: 1 });
    const buyer = await signIn('buyer@forgeline.example', 'Buyer2022');
    const book = async (quantity: number) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: buyer.headers,
        payload: { toolId: tool.id, quantity, address: '1 Demo Road', number: '555' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ insertedId: string }>().insertedId;
    };
    await book(3);
    const paid = await book(4);
    await db.update(orders).set({ paid: true, transactionId: 'pi_demo' }).where(eq(orders.id, paid));

    expect(await ctx.app.users.removeDemoAccounts(ctx.app.orders)).toEqual([
      'admin@forgeline.example',
      'buyer@forgeline.example',
    ]);
    const [row] = await db.select().from(tools).where(eq(tools.id, tool.id));
    expect(row!.availableQuantity).toBe(96);
    expect(await db.select().from(users).where(eq(users.email, 'buyer@forgeline.example'))).toEqual([]);
  });
});
