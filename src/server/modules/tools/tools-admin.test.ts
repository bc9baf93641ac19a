import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import {
  EDIT_VERSION_REQUIRED,
  LOADED_STOCK_REQUIRED,
  MAX_STOCK,
  MINIMUM_ORDER_TOO_DEAR,
  STALE_TOOL_MESSAGE,
  stockOutOfRangeMessage,
  type Tool,
} from '#shared/schemas/tools.ts';
import { orders, tools } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';

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

const as = requestsAs(() => ctx);
const newest = async () => (await ctx.app.inject({ url: '/api/parts?limit=1' })).json<Tool[]>()[0];
const count = async () => (await ctx.app.database.db.select().from(tools)).length;
const load = async (id: string) => (await ctx.app.inject({ url: `/api/parts/${id}` })).json<Tool>();
async function row(id: string) {
  const [found] = await ctx.app.database.db.select().from(tools).where(eq(tools.id, id));
  return found!;
}

/** What the OpenAPI document says of PATCH /api/parts/{id}. */
interface PatchOperation {
  requestBody: {
    content: {
      'application/json': {
        schema: { required: string[]; properties: Record<string, { description?: string }> };
      };
    };
  };
  responses: Record<string, unknown>;
}

/** What the update form sends besides its fields: the version and the stock it was loaded with. */
const editOf = (tool: Tool) => ({ version: tool.version, loadedAvailableQuantity: tool.availableQuantity });
const formOf = ({ name, price, availableQuantity, minOrderQuantity, details, image }: Tool) => ({
  name,
  price,
  availableQuantity,
  minOrderQuantity,
  details,
  image,
});
/** The administrator saves the form opened on `loaded`, with `changes` typed into it. */
const save = (loaded: Tool, changes: Partial<ReturnType<typeof formOf>>) =>
  as(admin).patch(`/api/parts/${loaded._id}`, { ...formOf(loaded), ...changes, ...editOf(loaded) });

async function book(tool: Tool, quantity: number) {
  const response = await as(user).post('/api/order', {
    toolId: tool._id,
    quantity,
    address: '1 Main St',
    number: '5',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

describe('POST /api/parts', () => {
  it('adds a tool that is first in the next GET /api/parts, with the price in cents inside', async () => {
    await newest(); // fills the cache
    const response = await as(admin).post('/api/parts', valid);
    expect(response.statusCode).toBe(200);
    const { insertedId } = response.json<{ insertedId: string }>();
    expect(await newest()).toMatchObject({ _id: insertedId, ...valid });
    const [row] = await ctx.app.database.db.select().from(tools).where(eq(tools.id, insertedId));
    expect(row?.priceCents).toBe(5499);
  });

  it('refuses anonymous (401) and a plain user (403), adding nothing', async () => {
    const before = await count();
    expect((await as(anonymous).post('/api/parts', valid)).statusCode).toBe(401);
    expect((await as(user).post('/api/parts', valid)).statusCode).toBe(403);
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
    // Never orderable: one order may come to $999,999.99 at most.
    [{ price: 1_000_000, minOrderQuantity: 1 }, MINIMUM_ORDER_TOO_DEAR],
    [{ price: 400_000, minOrderQuantity: 3 }, MINIMUM_ORDER_TOO_DEAR],
    [{ details: ' ' }, messages.detailsRequired],
    [{ image: '' }, messages.imageRequired],
    [{ image: 'https://evil.example/x.png' }, 'The image must be an upload of ours'],
  ])('refuses %o with its message, adding nothing', async (change, message) => {
    const before = await count();
    const response = await as(admin).post('/api/parts', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await count()).toBe(before);
  });

  it('adds a tool whose minimum order comes to exactly the most one order may, which a buyer can order', async () => {
    const response = await as(admin).post('/api/parts', { ...valid, price: 333_333.33, minOrderQuantity: 3 });
    expect(response.statusCode).toBe(200);
    await book(await load(response.json<{ insertedId: string }>().insertedId), 3);
  });
});

describe('PATCH /api/parts/{id}', () => {
  it('updates a tool, keeping the name when none is sent; the next read shows it', async () => {
    const tool = (await newest())!;
    const response = await as(admin).patch(`/api/parts/${tool._id}`, {
      ...editOf(tool),
      ...valid,
      name: undefined,
      price: 49.5,
    });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await newest()).toMatchObject({ _id: tool._id, name: valid.name, price: 49.5 });
  });

  it('refuses users and bad input, changing nothing', async () => {
    const tool = (await newest())!;
    const edit = { ...valid, ...editOf(tool) };
    expect((await as(user).patch(`/api/parts/${tool._id}`, edit)).statusCode).toBe(403);
    expect((await as(anonymous).patch(`/api/parts/${tool._id}`, edit)).statusCode).toBe(401);
    const bad = await as(admin).patch(`/api/parts/${tool._id}`, { ...edit, price: undefined });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: messages.priceRequired });
    const dear = await as(admin).patch(`/api/parts/${tool._id}`, {
      ...edit,
      price: 500_000,
      minOrderQuantity: 2,
    });
    expect(dear.json()).toMatchObject({ statusCode: 400, message: MINIMUM_ORDER_TOO_DEAR });
    expect(await newest()).toEqual(tool);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const edit = { ...valid, version: 1, loadedAvailableQuantity: valid.availableQuantity };
    expect((await as(admin).patch('/api/parts/00000000-0000-4000-8000-000000000000', edit)).statusCode).toBe(
      404,
    );
    expect((await as(admin).patch('/api/parts/nope', edit)).statusCode).toBe(404);
  });
});

describe('DELETE /api/parts/{id}', () => {
  it('deletes a tool; the next read no longer has it; orders keep their copy', async () => {
    const tool = (await newest())!;
    const order = await as(user).post('/api/order', {
      toolId: tool._id,
      quantity: 5,
      address: '1 Main St',
      number: '5',
    });
    const orderId = order.json<{ insertedId: string }>().insertedId;

    expect((await as(user).delete(`/api/parts/${tool._id}`)).statusCode).toBe(403);
    expect((await as(admin).delete(`/api/parts/${tool._id}`)).json()).toEqual({ deletedCount: 1 });
    expect((await ctx.app.inject({ url: `/api/parts/${tool._id}` })).statusCode).toBe(404);
    expect((await as(admin).delete(`/api/parts/${tool._id}`)).json()).toEqual({ deletedCount: 0 });

    const [kept] = await ctx.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({
      toolId: null,
      productName: valid.name,
      img: valid.image,
      priceCents: 5 * 4950,
    });
  });
});

describe('PATCH /api/parts/{id} from a copy loaded earlier', () => {
  let tool: Tool;
  beforeEach(async () => {
    tool = await load((await addTestTool(ctx.app, { availableQuantity: 300, minOrderQuantity: 10 })).id);
  });

  it('keeps the orders booked since the form was loaded: a price change leaves the stock they left', async () => {
    await book(tool, 100);
    const response = await save(tool, { price: 0.55 });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await row(tool._id)).toMatchObject({ availableQuantity: 200, priceCents: 55, version: 2 });
    expect(await load(tool._id)).toMatchObject({ availableQuantity: 200, price: 0.55, version: 2 });
  });

  it('applies a stock change as a change: raising 100 to 150 while 30 were booked gives 120', async () => {
    const loaded = await load(
      (await addTestTool(ctx.app, { availableQuantity: 100, minOrderQuantity: 10 })).id,
    );
    await book(loaded, 30);
    expect((await save(loaded, { availableQuantity: 150 })).json()).toEqual({ modifiedCount: 1 });
    expect((await row(loaded._id)).availableQuantity).toBe(120);
  });

  it('refuses the second of two saves from the same version with 409 and the current tool, changing nothing', async () => {
    expect((await save(tool, { price: 0.5 })).statusCode).toBe(200);
    const saved = await row(tool._id);
    const second = await save(tool, { price: 0.45, availableQuantity: 10 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: STALE_TOOL_MESSAGE,
      tool: await load(tool._id),
    });
    expect(second.json<{ tool: Tool }>().tool).toMatchObject({ price: 0.5, version: 2 });
    expect(await row(tool._id)).toEqual(saved);
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const answers = await Promise.all([save(tool, { price: 0.5 }), save(tool, { price: 0.6 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect(await row(tool._id)).toMatchObject({ priceCents: [50, 60][winner], version: 2 });
  });

  it('refuses a stock cut that the orders since leave no room for, with 409 and the current tool', async () => {
    await book(tool, 290);
    const before = await row(tool._id);
    const response = await save(tool, { availableQuantity: 20, price: 0.3 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      statusCode: 409,
      message: stockOutOfRangeMessage(10, -280),
      tool: { _id: tool._id, availableQuantity: 10, price: tool.price, version: 1 },
    });
    expect(await row(tool._id)).toEqual(before);
  });

  it('does not count orders and cancellations as edits: they leave the version alone', async () => {
    const orderId = await book(tool, 10);
    expect((await as(user).delete(`/api/myorder/${orderId}`)).json()).toEqual({ deletedCount: 1 });
    expect(await row(tool._id)).toMatchObject({ availableQuantity: 300, version: 1 });
    expect((await save(tool, { price: 0.41 })).statusCode).toBe(200);
  });

  it('edits a tool whose stock a cancellation took above 10,000,000, and lowers it, but raises it no further', async () => {
    const full = await load(
      (await addTestTool(ctx.app, { availableQuantity: MAX_STOCK, minOrderQuantity: 100 })).id,
    );
    const orderId = await book(full, 100);
    const afterOrder = await load(full._id);
    expect((await save(afterOrder, { availableQuantity: MAX_STOCK })).statusCode).toBe(200);
    expect((await as(user).delete(`/api/myorder/${orderId}`)).json()).toEqual({ deletedCount: 1 });
    const over = await load(full._id);
    expect(over.availableQuantity).toBe(MAX_STOCK + 100);

    expect((await save(over, { price: 0.42 })).json()).toEqual({ modifiedCount: 1 });
    expect(await row(full._id)).toMatchObject({ priceCents: 42, availableQuantity: MAX_STOCK + 100 });

    const raised = await save(await load(full._id), { availableQuantity: MAX_STOCK + 101 });
    expect(raised.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'availableQuantity must be from 0 to 10,000,000',
    });
    expect((await save(await load(full._id), { availableQuantity: MAX_STOCK + 50 })).statusCode).toBe(200);
    expect((await save(await load(full._id), { availableQuantity: 500 })).statusCode).toBe(200);
    expect((await row(full._id)).availableQuantity).toBe(500);
  });

  it.each([
    [{ version: undefined }, EDIT_VERSION_REQUIRED],
    [{ version: 0 }, EDIT_VERSION_REQUIRED],
    [{ version: '1' }, EDIT_VERSION_REQUIRED],
    [{ loadedAvailableQuantity: undefined }, LOADED_STOCK_REQUIRED],
    [{ loadedAvailableQuantity: -1 }, LOADED_STOCK_REQUIRED],
    [{ loadedAvailableQuantity: 2.5 }, LOADED_STOCK_REQUIRED],
  ])(
    'requires the version and stock the form was loaded with: refuses %o, changing nothing',
    async (change, message) => {
      const before = await row(tool._id);
      const response = await as(admin).patch(`/api/parts/${tool._id}`, {
        ...formOf(tool),
        ...editOf(tool),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
      expect(await row(tool._id)).toEqual(before);
    },
  );

  it('documents the two required fields and the 409 in the OpenAPI document', async () => {
    const document = await ctx.app.inject({ url: '/api/docs/json' });
    const { paths } = document.json<{ paths: Record<string, { patch: PatchOperation }> }>();
    const patch = paths['/api/parts/{id}']!.patch;
    const body = patch.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['version', 'loadedAvailableQuantity']));
    expect(body.properties.version?.description).toMatch(/409/);
    expect(body.properties.loadedAvailableQuantity?.description).toMatch(
      /availableQuantity − loadedAvailableQuantity/,
    );
    expect(Object.keys(patch.responses)).toContain('409');
  });
});
