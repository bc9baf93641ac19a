import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { belowMinimum, messages, notEnoughStock } from '#shared/messages.ts';
import {
  ORDER_TOO_LARGE_MESSAGE,
  PRICE_RISEN_MESSAGE,
  REQUEST_KEY_REUSED_MESSAGE,
  type Order,
} from '#shared/schemas/orders.ts';
import { orders, tools, users } from '#server/db/schema.ts';
import { createUser, signInCookie, type TestUser } from '#server/testing/accounts.ts';
import { readOutbox } from '#server/testing/outbox.ts';
import { anonymous, requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

let ctx: TestContext;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
let toolId: string;

const TOOL = { name: 'Test Drill', priceCents: 1250, availableQuantity: 100, minOrderQuantity: 10 };

beforeAll(async () => {
  ctx = await createTestApp();
  [buyer, other, admin] = await Promise.all([
    createUser(ctx, { name: 'Bea Buyer' }),
    createUser(ctx, { name: 'Otto Other' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
  const [tool] = await ctx.app.tools.add([
    { ...TOOL, details: 'A drill', image: '/images/tools/cordless-drill.svg' },
  ]);
  toolId = tool!.id;
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);

async function stock(id = toolId) {
  const [row] = await ctx.app.database.db.select().from(tools).where(eq(tools.id, id));
  return row!.availableQuantity;
}

async function order(id: string) {
  const [row] = await ctx.app.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function book(who: TestUser, quantity = 10) {
  const response = await as(who).post('/api/order', {
    toolId,
    quantity,
    address: '1 Main St',
    number: '555-0100',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

describe('POST /api/order', () => {
  it('books an order at the database price, with name and e-mail from the session, and reserves stock', async () => {
    const before = await stock();
    const response = await as(buyer).post('/api/order', {
      toolId,
      quantity: 12,
      address: '1 Main St',
      number: '555-0100',
      // More than 12 × $12.50: the order still comes to the database's price.
      price: 999,
      email: other.email,
      userName: 'Somebody Else',
    });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ insertedId: string }>().insertedId;
    expect(await order(id)).toMatchObject({
      productName: 'Test Drill',
      img: '/images/tools/cordless-drill.svg',
      priceCents: 12 * 1250,
      quantity: 12,
      email: buyer.email,
      userName: 'Bea Buyer',
      paid: false,
      transactionId: null,
      isDelivered: false,
    });
    expect(await stock()).toBe(before - 12);
    await expect
      .poll(async () =>
        (await readOutbox(ctx.config.mailOutboxDir)).some(
          (mail) => mail.to === buyer.email && mail.subject === 'Order confirmation: Test Drill',
        ),
      )
      .toBe(true);
  });

  it('books under the name the buyer has just changed to', async () => {
    const renamed = await createUser(ctx, { name: 'Rita Before' });
    const [tool] = await ctx.app.tools.add([
      { ...TOOL, name: 'Rename Drill', details: 'A drill', image: '/images/tools/cordless-drill.svg' },
    ]);
    const line = { toolId: tool!.id, quantity: 10, address: '2 Elm St', number: '555-0101' };
    const first = await as(renamed).post('/api/order', line);
    expect(first.json()).toMatchObject({ insertedId: expect.any(String) });
    const update = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: renamed.headers,
      payload: { name: 'Rita After' },
    });
    expect(update.statusCode).toBe(200);
    // The browser keeps what the answer sets: the session cookie now carries the new name.
    const jar = new Map(
      renamed.headers.cookie.split('; ').map((pair) => pair.split('=') as [string, string]),
    );
    for (const { name, value } of update.cookies) jar.set(name, value);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const after = { ...renamed, headers: { ...renamed.headers, cookie } };
    const second = await as(after).post('/api/order', line);
    expect(await order(first.json<{ insertedId: string }>().insertedId)).toMatchObject({
      userName: 'Rita Before',
    });
    expect(await order(second.json<{ insertedId: string }>().insertedId)).toMatchObject({
      userName: 'Rita After',
    });
  });

  it('refuses a quantity below the minimum or above the stock with the spec messages, taking nothing', async () => {
    const before = await stock();
    const low = await as(buyer).post('/api/order', {
      toolId,
      quantity: 9,
      address: '1 Main St',
      number: '1',
    });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ message: belowMinimum('Bea Buyer', 10) });
    expect(low.json<{ message: string }>().message).toBe(
      'Sorry Bea Buyer !!You have to order Minimum  quantity  10',
    );
    const high = await as(buyer).post('/api/order', {
      toolId,
      quantity: before + 1,
      address: '1 Main St',
      number: '1',
    });
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({ message: notEnoughStock('Bea Buyer') });
    expect(await stock()).toBe(before);
  });

  it.each([
    [{ quantity: undefined }, messages.quantityRequired],
    [{ quantity: 10.5 }, 'The quantity must be a whole number'],
    [{ address: '' }, messages.addressRequired],
    [{ address: 'x' }, messages.minTwo],
    [{ number: '' }, messages.numberRequired],
    [{ quantity: 2_147_483_648 }, 'The quantity must be at most 10,000,000'],
  ])('refuses %o with its message, taking nothing', async (change, message) => {
    const before = await stock();
    const body = { toolId, quantity: 10, address: '1 Main St', number: '555', ...change };
    const response = await as(buyer).post('/api/order', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
    expect(await stock()).toBe(before);
  });

  it('never books more than the total the buyer was shown: a price gone up refuses the order, one gone down is booked', async () => {
    const [tool] = await ctx.app.tools.add([
      { ...TOOL, name: 'Repriced Rasp', details: 'x', image: '/images/tools/cordless-drill.svg' },
    ]);
    const place = (price: unknown) =>
      as(buyer).post('/api/order', {
        toolId: tool!.id,
        quantity: 10,
        price,
        address: '1 Main St',
        number: '5',
      });
    const reprice = (priceCents: number) =>
      ctx.app.database.db.update(tools).set({ priceCents }).where(eq(tools.id, tool!.id));
    const ordersOfTool = () => ctx.app.database.db.select().from(orders).where(eq(orders.toolId, tool!.id));

    // Shown at $12.50 a piece, $125.00 for ten; the price is now $12.51.
    await reprice(1251);
    const risen = await place(125);
    expect(risen.statusCode).toBe(409);
    expect(risen.json()).toMatchObject({ message: PRICE_RISEN_MESSAGE });
    expect(await stock(tool!.id)).toBe(TOOL.availableQuantity);
    expect(await ordersOfTool()).toEqual([]);

    expect((await place(125.1)).statusCode).toBe(200);
    // Down to $11.00: booked at the price now, less than was shown.
    await reprice(1100);
    expect((await place(125.1)).statusCode).toBe(200);
    expect((await ordersOfTool()).map((row) => row.priceCents).sort()).toEqual([11_000, 12_510]);
    expect(await stock(tool!.id)).toBe(TOOL.availableQuantity - 20);

    for (const [price, message] of [
      [-1, 'The price must be at least 0.01'],
      [0.001, 'The price must be at least 0.01'],
      [1_000_000, 'The price must be at most 999,999.99'],
      ['125', 'The price must be a number'],
    ] as const) {
      const refused = await place(price);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect(await stock(tool!.id)).toBe(TOOL.availableQuantity - 20);
  });

  it('refuses an order above the largest card payment, taking nothing', async () => {
    const [dear] = await ctx.app.tools.add([
      {
        name: 'Press brake',
        priceCents: 50_000_000,
        availableQuantity: 10_000_000,
        minOrderQuantity: 1,
        details: 'Hydraulic, 400 t',
        image: '/images/tools/cordless-drill.svg',
      },
    ]);
    const place = (quantity: number) =>
      as(buyer).post('/api/order', { toolId: dear!.id, quantity, address: '1 Main St', number: '5' });

    for (const quantity of [3, 10_000_000]) {
      const refused = await place(quantity);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: ORDER_TOO_LARGE_MESSAGE });
      expect(await stock(dear!.id)).toBe(10_000_000);
    }
    expect((await place(1)).statusCode).toBe(200);
    expect(await stock(dear!.id)).toBe(9_999_999);
  });

  it('refuses an account whose e-mail address is not confirmed yet, booking nothing, until it is', async () => {
    const newcomer = await createUser(ctx, { name: 'New Comer', verified: false });
    const base = { quantity: 10, address: '1 Main St', number: '555', toolId };
    const stockBefore = await stock();
    const refused = await as(newcomer).post('/api/order', base);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: `Please confirm your e-mail address before ordering: open the link we sent to ${newcomer.email}, or send it again from My Profile.`,
    });
    expect(await stock()).toBe(stockBefore);

    // Confirmed in another browser: this session's cookie still says otherwise, the database decides.
    await ctx.app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, newcomer.id));
    expect((await as(newcomer).post('/api/order', base)).statusCode).toBe(200);
    expect(await stock()).toBe(stockBefore - 10);
  });

  it('answers 404 for an unknown or malformed tool, and 401 without a session', async () => {
    const base = { quantity: 10, address: '1 Main St', number: '555' };
    expect(
      (await as(buyer).post('/api/order', { ...base, toolId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await as(buyer).post('/api/order', { ...base, toolId: 'nope' })).statusCode).toBe(404);
    expect((await as(anonymous).post('/api/order', { ...base, toolId })).statusCode).toBe(401);
  });

  it('answers 401 for an account deleted while its session cookie still names it, booking nothing', async () => {
    const gone = await createUser(ctx, { name: 'Gone Soon' });
    const base = { quantity: 10, address: '1 Main St', number: '555', toolId };
    // One session from before the address was confirmed, one from after (its cookie says it is confirmed).
    const confirmedSession = { ...gone, headers: { ...gone.headers, cookie: await signInCookie(ctx, gone) } };
    for (const who of [gone, confirmedSession]) {
      expect((await as(who).get(`/api/user/${gone.email}`)).statusCode).toBe(200);
    }
    const stockBefore = await stock();
    await ctx.app.database.db.delete(users).where(eq(users.id, gone.id));

    for (const who of [gone, confirmedSession]) {
      const response = await as(who).post('/api/order', base);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Please sign in first.' });
    }
    expect(await stock()).toBe(stockBefore);
    expect(await ctx.app.database.db.select().from(orders).where(eq(orders.userId, gone.id))).toEqual([]);
  });
});

describe('a purchase sent again with its Idempotency-Key', () => {
  const PURCHASE = { quantity: 10, address: '1 Main St', number: '555-0100' };
  let keyedToolId: string;
  beforeAll(async () => {
    const [tool] = await ctx.app.tools.add([
      {
        ...TOOL,
        name: 'Keyed Drill',
        availableQuantity: 1000,
        details: 'x',
        image: '/images/tools/cordless-drill.svg',
      },
    ]);
    keyedToolId = tool!.id;
  });
  const purchase = (who: TestUser, key: string, fields: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { toolId: keyedToolId, ...PURCHASE, ...fields },
    });
  const ordersWithKey = (key: string) =>
    ctx.app.database.db.select().from(orders).where(eq(orders.requestKey, key));
  const confirmationsOf = async (id: string) =>
    (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.text.includes(`Order: ${id}`));

  it('answers the order the first request booked, taking the stock and mailing the confirmation once', async () => {
    const key = 'retry-key-0000000000000001';
    const before = await stock(keyedToolId);
    const first = await purchase(buyer, key);
    expect(first.statusCode).toBe(200);
    const again = await purchase(buyer, key);
    expect(again.statusCode).toBe(200);
    const id = first.json<{ insertedId: string }>().insertedId;
    expect(again.json()).toEqual({ insertedId: id });
    expect(await stock(keyedToolId)).toBe(before - 10);
    expect(await ordersWithKey(key)).toHaveLength(1);
    // A later order's confirmation comes after this one's: once it is there, a second one would be too.
    const later = (await purchase(buyer, 'retry-key-0000000000000009')).json<{ insertedId: string }>()
      .insertedId;
    await expect.poll(async () => (await confirmationsOf(later)).length, { timeout: 15_000 }).toBe(1);
    expect(await confirmationsOf(id)).toHaveLength(1);
  });

  it('books once when the same purchase arrives several times at once', async () => {
    const key = 'retry-key-0000000000000002';
    const before = await stock(keyedToolId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => purchase(buyer, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((answer) => answer.json<{ insertedId: string }>().insertedId));
    expect(ids.size).toBe(1);
    expect(await stock(keyedToolId)).toBe(before - 10);
    expect((await ordersWithKey(key)).map((row) => row.id)).toEqual([...ids]);
  });

  it("refuses the key again for another quantity or tool, booking nothing; another buyer's key is their own", async () => {
    const key = 'retry-key-0000000000000003';
    expect((await purchase(buyer, key)).statusCode).toBe(200);
    const before = await stock(keyedToolId);
    const [otherTool] = await ctx.app.tools.add([
      { ...TOOL, name: 'Other Saw', details: 'x', image: '/images/tools/cordless-drill.svg' },
    ]);
    for (const fields of [{ quantity: 20 }, { toolId: otherTool!.id }]) {
      const response = await purchase(buyer, key, fields);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: REQUEST_KEY_REUSED_MESSAGE });
    }
    expect(await stock(keyedToolId)).toBe(before);
    expect(await stock(otherTool!.id)).toBe(TOOL.availableQuantity);
    expect(await ordersWithKey(key)).toHaveLength(1);

    const theirs = await purchase(other, key);
    expect(theirs.statusCode).toBe(200);
    expect(await stock(keyedToolId)).toBe(before - 10);
    expect((await ordersWithKey(key)).map((row) => row.userId).sort()).toEqual([buyer.id, other.id].sort());
  });

  it.each(['short', 'x'.repeat(65), 'has spaces in it, see', 'semi;colon;0000000000'])(
    'refuses the malformed key %j with 400, booking nothing',
    async (key) => {
      const before = await stock(keyedToolId);
      const response = await purchase(buyer, key);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'The Idempotency-Key header must be 16 to 64 letters, digits, - or _',
      });
      expect(await stock(keyedToolId)).toBe(before);
    },
  );
});

describe('GET /api/singleOrder', () => {
  it("lists one's own orders, refuses someone else's, and lets an admin see anyone's", async () => {
    const own = await as(buyer).get(`/api/singleOrder?email=${encodeURIComponent(buyer.email)}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<Order[]>().every((item) => item.email === buyer.email)).toBe(true);
    expect(own.json<Order[]>()[0]).toMatchObject({ paid: false, isDeliverd: false, transactionId: null });
    expect(
      (await as(other).get(`/api/singleOrder?email=${encodeURIComponent(buyer.email)}`)).statusCode,
    ).toBe(403);
    expect(
      (await as(admin).get(`/api/singleOrder?email=${encodeURIComponent(buyer.email)}`)).statusCode,
    ).toBe(200);
    expect(
      (await as(anonymous).get(`/api/singleOrder?email=${encodeURIComponent(buyer.email)}`)).statusCode,
    ).toBe(401);
  });
});

describe('cancelling and deleting', () => {
  it('lets the buyer cancel an unpaid order, giving the stock back', async () => {
    const id = await book(buyer);
    const before = await stock();
    expect((await as(other).delete(`/api/myorder/${id}`)).json()).toEqual({ deletedCount: 0 });
    expect(await order(id)).toBeDefined();
    expect((await as(buyer).delete(`/api/myorder/${id}`)).json()).toEqual({ deletedCount: 1 });
    expect(await order(id)).toBeUndefined();
    expect(await stock()).toBe(before + 10);
    expect((await as(buyer).delete(`/api/myorder/${id}`)).json()).toEqual({ deletedCount: 0 });
  });

  it('lets only an admin delete any unpaid order, giving the stock back', async () => {
    const id = await book(buyer);
    const before = await stock();
    expect((await as(buyer).delete(`/api/order/${id}`)).statusCode).toBe(403);
    expect((await as(anonymous).delete(`/api/order/${id}`)).statusCode).toBe(401);
    expect((await as(admin).delete(`/api/order/${id}`)).json()).toEqual({ deletedCount: 1 });
    expect(await stock()).toBe(before + 10);
  });

  it('lists every order for an admin only', async () => {
    expect((await as(admin).get('/api/orders')).statusCode).toBe(200);
    expect((await as(buyer).get('/api/orders')).statusCode).toBe(403);
  });
});

describe('paying with the test gateway', () => {
  let orderId: string;
  let clientSecret: string;
  let intentId: string;
  const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

  it("creates an intent only for the buyer's own unpaid order", async () => {
    orderId = await book(buyer, 20);
    expect((await as(other).post('/api/create-payment-intent', { orderId })).statusCode).toBe(404);
    expect((await as(anonymous).post('/api/create-payment-intent', { orderId })).statusCode).toBe(401);
    const response = await as(buyer).post('/api/create-payment-intent', { orderId, price: 0.01 });
    expect(response.statusCode).toBe(200);
    clientSecret = response.json<{ clientSecret: string }>().clientSecret;
    expect(clientSecret).toMatch(/^pi_test_.+_secret_.+$/);
    const summary = await as(buyer).get(`/api/payment/${orderId}`);
    expect(summary.json()).toMatchObject({
      userName: 'Bea Buyer',
      productName: 'Test Drill',
      price: 250,
      paid: false,
      gateway: 'test',
    });
    expect((await as(other).get(`/api/payment/${orderId}`)).statusCode).toBe(404);
  });

  it('declines the test cards that decline, with their message, and leaves the order unpaid', async () => {
    const declined = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: card('4000 0000 0000 0002'),
      billing: { name: 'Bea', email: buyer.email },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: 'Your card was declined.',
    });
    expect((await order(orderId))?.paid).toBe(false);
  });

  it('refuses to mark paid before the payment succeeded, or with an unknown transaction', async () => {
    intentId = clientSecret.split('_secret_')[0]!;
    expect((await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId: intentId })).statusCode).toBe(
      400,
    );
    expect(
      (await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId: 'pi_made_up' })).statusCode,
    ).toBe(400);
    expect((await order(orderId))?.paid).toBe(false);
  });

  it('pays with 4242 4242 4242 4242 and marks the order paid once', async () => {
    const paid = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: card('4242 4242 4242 4242'),
      billing: { name: 'Bea', email: buyer.email },
    });
    expect(paid.json()).toEqual({ id: intentId, status: 'succeeded' });
    expect((await as(other).patch(`/api/orderPay/${orderId}`, { transactionId: intentId })).statusCode).toBe(
      404,
    );
    expect((await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId: intentId })).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId: intentId });
    // No money moved: the administrator's list says so.
    const listed = (await as(admin).get('/api/orders')).json<Order[]>();
    expect(listed.find((row) => row._id === orderId)).toMatchObject({ paid: true, testPayment: true });
    expect((await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId: intentId })).json()).toEqual({
      modifiedCount: 0,
    });
    expect(
      (await as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId: 'pi_other' })).statusCode,
    ).toBe(409);
    expect((await order(orderId))?.transactionId).toBe(intentId);
    await expect
      .poll(async () =>
        (await readOutbox(ctx.config.mailOutboxDir)).some(
          (mail) => mail.subject === 'Payment receipt: Test Drill',
        ),
      )
      .toBe(true);
  });

  it("refuses to pay an order with another order's intent, even of the same buyer", async () => {
    const second = await book(buyer, 30);
    expect((await as(buyer).patch(`/api/orderPay/${second}`, { transactionId: intentId })).statusCode).toBe(
      400,
    );
    expect((await order(second))?.paid).toBe(false);
    const secret = (await as(buyer).post('/api/create-payment-intent', { orderId: second })).json<{
      clientSecret: string;
    }>().clientSecret;
    // The other order of the same price would be the tampering case: amounts must match exactly.
    expect(secret).not.toBe(clientSecret);
  });

  it('keeps a paid order: no cancel, no delete; ships it once, for admins only', async () => {
    const before = await stock();
    expect((await as(buyer).delete(`/api/myorder/${orderId}`)).json()).toEqual({ deletedCount: 0 });
    expect((await as(admin).delete(`/api/order/${orderId}`)).json()).toEqual({ deletedCount: 0 });
    expect(await order(orderId)).toBeDefined();
    expect(await stock()).toBe(before);

    expect((await as(buyer).put(`/api/ship/${orderId}`)).statusCode).toBe(403);
    expect((await as(admin).put(`/api/ship/${orderId}`)).json()).toEqual({ modifiedCount: 1 });
    expect((await as(admin).put(`/api/ship/${orderId}`)).json()).toEqual({ modifiedCount: 0 });
    expect((await order(orderId))?.isDelivered).toBe(true);
  });

  it('refuses to ship an unpaid order', async () => {
    const unpaid = await book(buyer);
    expect((await as(admin).put(`/api/ship/${unpaid}`)).json()).toEqual({ modifiedCount: 0 });
    expect((await order(unpaid))?.isDelivered).toBe(false);
  });
});

describe('amount tampering', () => {
  it('refuses an intent whose amount differs from the order, even if it succeeded', async () => {
    const id = await book(buyer, 10);
    const secret = (await as(buyer).post('/api/create-payment-intent', { orderId: id })).json<{
      clientSecret: string;
    }>().clientSecret;
    await as(buyer).post('/api/payments/test/confirm', {
      clientSecret: secret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billing: { name: 'Bea', email: buyer.email },
    });
    // The order's amount changes after the intent (as if the intent had been made for another amount).
    await ctx.app.database.db
      .update(orders)
      .set({ quantity: 11, priceCents: 11 * 1250 })
      .where(eq(orders.id, id));
    const response = await as(buyer).patch(`/api/orderPay/${id}`, {
      transactionId: secret.split('_secret_')[0],
    });
    expect(response.statusCode).toBe(400);
    expect((await order(id))?.paid).toBe(false);
  });
});

describe('concurrency', () => {
  it('never oversells: of 25 simultaneous orders for stock that fits 10, exactly 10 succeed', async () => {
    const [tool] = await ctx.app.tools.add([
      {
        name: 'Scarce Bearing',
        priceCents: 490,
        availableQuantity: 100,
        minOrderQuantity: 10,
        details: 'x',
        image: '/images/tools/ball-bearing-6204.svg',
      },
    ]);
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        as(i % 2 ? buyer : other).post('/api/order', {
          toolId: tool!.id,
          quantity: 10,
          address: '1 Main St',
          number: '555',
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 400)).toHaveLength(15);
    expect(await stock(tool!.id)).toBe(0);
    const booked = await ctx.app.database.db.select().from(orders).where(eq(orders.toolId, tool!.id));
    expect(booked.reduce((sum, row) => sum + row.quantity, 0)).toBe(100);
  });
});

describe('orders placed in one statement', () => {
  it('books a burst of orders, and one whose account was deleted meanwhile fails alone', async () => {
    const [tool] = await ctx.app.tools.add([
      { ...TOOL, name: 'Burst Bit', details: 'x', image: '/images/tools/cordless-drill.svg' },
    ]);
    // Sessions whose cookies say the address is confirmed: their orders go straight to the statement, the first
    // alone and the next five together, while it runs.
    const confirmed = async (who: TestUser) => ({
      ...who,
      headers: { ...who.headers, cookie: await signInCookie(ctx, who) },
    });
    const gone = await confirmed(await createUser(ctx, { name: 'Gone Meanwhile' }));
    const [bea, otto] = [await confirmed(buyer), await confirmed(other)];
    await ctx.app.database.db.delete(users).where(eq(users.id, gone.id));
    const place = (who: TestUser) =>
      as(who).post('/api/order', { toolId: tool!.id, quantity: 10, address: '1 Main St', number: '555' });

    const responses = await Promise.all([bea, otto, gone, bea, otto, bea].map(place));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 401, 200, 200, 200]);
    expect(responses[2]!.json()).toMatchObject({ message: 'Please sign in first.' });
    expect(await stock(tool!.id)).toBe(TOOL.availableQuantity - 50);
    const booked = await ctx.app.database.db.select().from(orders).where(eq(orders.toolId, tool!.id));
    expect(booked.map((row) => row.userId).sort()).toEqual(
      [buyer.id, buyer.id, buyer.id, other.id, other.id].sort(),
    );
  });

  it('refuses each order of a burst for its own reason, as its statement saw the stock', async () => {
    const [tool, dear] = await ctx.app.tools.add([
      {
        ...TOOL,
        name: 'Burst Clamp',
        availableQuantity: 25,
        details: 'x',
        image: '/images/tools/bench-vise.svg',
      },
      {
        ...TOOL,
        name: 'Burst Press',
        priceCents: 50_000_000,
        minOrderQuantity: 1,
        details: 'x',
        image: '/images/tools/bench-vise.svg',
      },
    ]);
    const confirmed = async (who: TestUser) => ({
      ...who,
      headers: { ...who.headers, cookie: await signInCookie(ctx, who) },
    });
    const [bea, otto] = [await confirmed(buyer), await confirmed(other)];
    const place = ([who, toolId, quantity]: [TestUser, string, number]) =>
      as(who).post('/api/order', { toolId, quantity, address: '1 Main St', number: '555' });

    // The first goes alone; the rest arrive while it runs and go together, each answered for itself (in
    // whichever order they arrive: 30 is more than the stock ever was).
    const responses = await Promise.all(
      (
        [
          [bea, tool!.id, 10],
          [otto, tool!.id, 5],
          [bea, tool!.id, 10],
          [otto, tool!.id, 30],
          [bea, '00000000-0000-4000-8000-000000000000', 10],
          [otto, dear!.id, 3],
        ] as Array<[TestUser, string, number]>
      ).map(place),
    );
    expect(responses.map((response) => [response.statusCode, response.json().message])).toEqual([
      [200, undefined],
      [400, belowMinimum('Otto Other', 10)],
      [200, undefined],
      [400, notEnoughStock('Otto Other')],
      [404, 'Tool not found'],
      [400, ORDER_TOO_LARGE_MESSAGE],
    ]);
    expect(await stock(tool!.id)).toBe(5);
    expect(await stock(dear!.id)).toBe(TOOL.availableQuantity);
    const booked = await ctx.app.database.db
      .select()
      .from(orders)
      .where(inArray(orders.toolId, [tool!.id, dear!.id]));
    expect(booked.map((row) => row.userId)).toEqual([buyer.id, buyer.id]);
  });

  it('confirms an order whose server stopped right after it committed: the next one sends the mail', async () => {
    const [tool] = await ctx.app.tools.add([
      { ...TOOL, name: 'Stranded Saw', details: 'x', image: '/images/tools/cordless-drill.svg' },
    ]);
    // As POST /api/order runs it, but no process is told to move its mail, as when the server died then.
    const { rows } = (await ctx.app.database.db.execute(sql`SELECT placed FROM place_order(
      ${tool!.id}::uuid, 10, 100000000, ${buyer.id}, '1 Main St', '555', ${buyer.email}, 'Bea Buyer', 0, 0)`)) as {
      rows: Array<{ placed: { id: string } }>;
    };
    const orderId = rows[0]!.placed.id;
    await ctx.startAnotherApp();
    const confirmations = async () =>
      (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.text.includes(`Order: ${orderId}`));
    await expect.poll(async () => (await confirmations()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await confirmations();
    expect(mail).toMatchObject({ to: buyer.email, subject: 'Order confirmation: Stranded Saw' });
    expect(mail!.text).toContain('Hello Bea Buyer,');
    expect(mail!.text).toContain('Quantity: 10 pcs at $12.50\nTotal: $125.00');
    expect(mail!.text).toContain(`/dashboard/payment/${orderId}`);
  });
});

describe('low-stock alert', () => {
  const mailsAbout = async (subject: string) =>
    (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.subject === subject);

  it('mails each administrator once when orders take a tool below its minimum order, and again after a restock', async () => {
    const [tool] = await ctx.app.tools.add([
      {
        name: 'Scarce Clamp',
        priceCents: 900,
        availableQuantity: 35,
        minOrderQuantity: 10,
        details: 'x',
        image: '/images/tools/bench-vise.svg',
      },
    ]);
    const place = (who: TestUser) =>
      as(who).post('/api/order', { toolId: tool!.id, quantity: 10, address: '1 Main St', number: '555' });
    const subject = 'Low stock: Scarce Clamp can no longer be ordered';

    const codes = (await Promise.all([buyer, other, buyer, other, buyer].map(place))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(await stock(tool!.id)).toBe(5);
    await expect.poll(async () => (await mailsAbout(subject)).length).toBeGreaterThan(0);
    const alerts = await mailsAbout(subject);
    expect(alerts.map((mail) => mail.to)).toEqual([admin.email]);
    expect(alerts[0]!.text).toContain('Stock left: 5 pcs\nMinimum order: 10 pcs');
    expect(alerts[0]!.text).toContain(`/dashboard/updateTool/${tool!.id}`);

    // Orders that leave the stock at or above the minimum send nothing; the next crossing sends one more.
    await ctx.app.database.db.update(tools).set({ availableQuantity: 25 }).where(eq(tools.id, tool!.id));
    expect((await place(buyer)).statusCode).toBe(200);
    expect((await place(other)).statusCode).toBe(200);
    await expect.poll(async () => (await mailsAbout(subject)).length).toBe(2);
    expect(await stock(tool!.id)).toBe(5);
  });
});
