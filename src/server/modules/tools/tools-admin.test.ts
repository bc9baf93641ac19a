import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import type { Tool } from '../../../shared/schemas/tools.ts';
import { orders, tools } from '../../db/schema.ts';
import { createUser, type TestUser } from '../../testing/accounts.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;

const valid = {
  name: 'SpinMax 115 mm Angle Grinder',
  price: 54.99,
  availableQuantity: 300,
  minOrderQuantity: 5,
  details: '850 W, 11,000 rpm, spindle lock.',
  image: '/uploads/abcDEF_123-x.webp',
};

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, user] = await Promise.all([createUser(ctx, { admin: true }), createUser(ctx)]);
});
afterAll(() => ctx.close());

type Method = 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, who?: TestUser, payload?: object) {
  return ctx.app.inject({ method, url, headers: who?.headers ?? { origin: ctx.config.baseUrl }, payload });
}
const newest = async () => (await ctx.app.inject({ url: '/api/parts?limit=1' })).json<Tool[]>()[0];
const count = async () => (await ctx.app.database.db.select().from(tools)).length;

describe('POST /api/parts', () => {
  it('adds a tool that is first in the next GET /api/parts, with the price in cents inside', async () => {
    await newest(); // fills the cache
    const response = await call('POST', '/api/parts', admin, valid);
    expect(response.statusCode).toBe(200);
    const { insertedId } = response.json<{ insertedId: string }>();
    expect(await newest()).toMatchObject({ _id: insertedId, ...valid });
    const [row] = await ctx.app.database.db.select().from(tools).where(eq(tools.id, insertedId));
    expect(row?.priceCents).toBe(5499);
  });

  it('refuses anonymous (401) and a plain user (403), adding nothing', async () => {
    const before = await count();
    expect((await call('POST', '/api/parts', undefined, valid)).statusCode).toBe(401);
    expect((await call('POST', '/api/parts', user, valid)).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it.each([
    [{ name: '' }, messages.nameRequired],
    [{ name: undefined }, messages.nameRequired],
    [{ price: undefined }, messages.priceRequired],
    [{ price: 0 }, 'The price must be more than 0'],
    [{ price: -3 }, 'The price must be more than 0'],
    [{ price: 1e-9 }, 'The price must be more than 0'],
    [{ price: 1.999 }, 'The price can have at most two decimals'],
    [{ availableQuantity: undefined }, messages.availableQuantityRequired],
    [{ availableQuantity: 2.5 }, 'availableQuantity must be a whole number'],
    [{ availableQuantity: -1 }, 'availableQuantity must be from 0 to 10,000,000'],
    [{ minOrderQuantity: undefined }, messages.minOrderQuantityRequired],
    [{ minOrderQuantity: 0 }, 'minOrderQuantity must be at least 1'],
    [{ details: ' ' }, messages.detailsRequired],
    [{ image: '' }, messages.imageRequired],
    [{ image: 'https://evil.example/x.png' }, 'The image must be an upload of ours'],
  ])('refuses %o with its message, adding nothing', async (change, message) => {
    const before = await count();
    const response = await call('POST', '/api/parts', admin, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await count()).toBe(before);
  });
});

describe('PATCH /api/parts/{id}', () => {
  it('updates a tool, keeping the name when none is sent; the next read shows it', async () => {
    const tool = (await newest())!;
    const response = await call('PATCH', `/api/parts/${tool._id}`, admin, {
      ...valid,
      name: undefined,
      price: 49.5,
    });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await newest()).toMatchObject({ _id: tool._id, name: valid.name, price: 49.5 });
  });

  it('refuses users and bad input, changing nothing', async () => {
    const tool = (await newest())!;
    expect((await call('PATCH', `/api/parts/${tool._id}`, user, valid)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/parts/${tool._id}`, undefined, valid)).statusCode).toBe(401);
    const bad = await call('PATCH', `/api/parts/${tool._id}`, admin, { ...valid, price: undefined });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: messages.priceRequired });
    expect(await newest()).toEqual(tool);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await call('PATCH', '/api/parts/00000000-0000-4000-8000-000000000000', admin, valid)).statusCode,
    ).toBe(404);
    expect((await call('PATCH', '/api/parts/nope', admin, valid)).statusCode).toBe(404);
  });
});

describe('DELETE /api/parts/{id}', () => {
  it('deletes a tool; the next read no longer has it; orders keep their copy', async () => {
    const tool = (await newest())!;
    const order = await call('POST', '/api/order', user, {
      toolId: tool._id,
      quantity: 5,
      address: '1 Main St',
      number: '5',
    });
    const orderId = order.json<{ insertedId: string }>().insertedId;

    expect((await call('DELETE', `/api/parts/${tool._id}`, user)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/parts/${tool._id}`, admin)).json()).toEqual({ deletedCount: 1 });
    expect((await ctx.app.inject({ url: `/api/parts/${tool._id}` })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/parts/${tool._id}`, admin)).json()).toEqual({ deletedCount: 0 });

    const [kept] = await ctx.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({
      toolId: null,
      productName: valid.name,
      img: valid.image,
      priceCents: 5 * 4950,
    });
  });
});
