import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyUnpaidOrders, type Order } from '#shared/schemas/orders.ts';
import { orders, testPaymentIntents, tools } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { readOutbox } from '#server/testing/outbox.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';
import { reservationExpiry } from './reservation-expiry.ts';

const HOUR = 60 * 60 * 1000;
const INITIAL_STOCK = 10_000;
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

let ctx: TestContext;
let toolId: string;

beforeAll(async () => {
  ctx = await createTestApp({ RESERVATION_HOLD_HOURS: '48', MAX_UNPAID_ORDERS: '3' });
  toolId = (await addTestTool(ctx.app, { availableQuantity: INITIAL_STOCK })).id;
});
afterAll(() => ctx.close());

const as = requestsAs(() => ctx);

function book(who: TestUser, quantity = 10) {
  return as(who).post('/api/order', { toolId, quantity, address: '1 Main St', number: '555' });
}

async function booked(who: TestUser, quantity = 10) {
  const response = await book(who, quantity);
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Pieces held by unpaid orders of the test tool. */
const unpaidHeld = async () =>
  (await ctx.app.database.db.select().from(orders).where(eq(orders.toolId, toolId)))
    .filter((row) => !row.paid)
    .reduce((sum, row) => sum + row.quantity, 0);
/** Pieces sold (paid orders) of the test tool. */
const sold = async () =>
  (await ctx.app.database.db.select().from(orders).where(eq(orders.toolId, toolId)))
    .filter((row) => row.paid)
    .reduce((sum, row) => sum + row.quantity, 0);

const stock = async () =>
  (await ctx.app.database.db.select().from(tools).where(eq(tools.id, toolId)))[0]!.availableQuantity;
const order = async (id: string) =>
  (await ctx.app.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const mailsTo = async (email: string, subjectStart: string) =>
  (await readOutbox(ctx.config.mailOutboxDir)).filter(
    (mail) => mail.to === email && mail.subject.startsWith(subjectStart),
  );

describe('an unpaid order holds its stock for RESERVATION_HOLD_HOURS', () => {
  it('shows the buyer until when, and the confirmation says so', async () => {
    const buyer = await createUser(ctx, { name: 'Hugo Holder' });
    const placedAt = Date.now();
    const id = await booked(buyer);
    const [listed] = (await as(buyer).get(`/api/singleOrder?email=${buyer.email}`)).json<Order[]>();
    expect(listed).toMatchObject({ _id: id, paid: false });
    const heldUntil = Date.parse(listed!.heldUntil!);
    expect(heldUntil).toBeGreaterThanOrEqual(placedAt + 48 * HOUR - 5_000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 48 * HOUR + 5_000);
    await expect
      .poll(async () => (await mailsTo(buyer.email, 'Order confirmation'))[0]?.text)
      .toMatch(/We hold it for you until .+ UTC/);
  });

  it('expires once the hold has passed: the stock returns and the buyer gets a mail', async () => {
    const buyer = await createUser(ctx, { name: 'Ella Expired' });
    const before = await stock();
    const id = await booked(buyer, 25);
    expect(await ctx.app.orders.expire(new Date(Date.now() + 47 * HOUR))).toBe(0);
    expect(await order(id)).toBeDefined();
    expect(await stock()).toBe(before - 25);

    // Every order due by then expires, this one with them.
    expect(await ctx.app.orders.expire(new Date(Date.now() + 49 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await order(id)).toBeUndefined();
    expect(await unpaidHeld()).toBe(0);
    expect(await stock()).toBe(INITIAL_STOCK - (await sold()));
    await expect.poll(async () => (await mailsTo(buyer.email, 'Order cancelled')).length).toBe(1);
    expect((await mailsTo(buyer.email, 'Order cancelled'))[0]!.text).toContain(`/parts/${toolId}`);
  });

  it('never expires a paid order', async () => {
    const buyer = await createUser(ctx, { name: 'Penny Paid' });
    const id = await booked(buyer);
    await ctx.app.database.db
      .update(orders)
      .set({ paid: true, transactionId: `pi_paid_${id}` })
      .where(eq(orders.id, id));
    await ctx.app.orders.expire(new Date(Date.now() + 100 * HOUR));
    expect(await order(id)).toMatchObject({ paid: true });
  });

  it('cancels the payment intent of an expired order, so its card can no longer be charged', async () => {
    const buyer = await createUser(ctx, { name: 'Ivan Intent' });
    const id = await booked(buyer);
    const { clientSecret } = (await as(buyer).post('/api/create-payment-intent', { orderId: id })).json<{
      clientSecret: string;
    }>();
    await ctx.app.orders.expire(new Date(Date.now() + 49 * HOUR));
    expect(await order(id)).toBeUndefined();
    const charge = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: CARD,
      billing: { name: buyer.name, email: buyer.email },
    });
    expect(charge.statusCode).toBe(402);
  });

  it('does not expire an order whose payment went through before the hold ended: it is paid instead', async () => {
    const buyer = await createUser(ctx, { name: 'Lena Late' });
    const id = await booked(buyer);
    const { clientSecret } = (await as(buyer).post('/api/create-payment-intent', { orderId: id })).json<{
      clientSecret: string;
    }>();
    const charge = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret,
      card: CARD,
      billing: { name: buyer.name, email: buyer.email },
    });
    expect(charge.statusCode).toBe(200);
    await ctx.app.orders.expire(new Date(Date.now() + 49 * HOUR));
    expect(await order(id)).toMatchObject({ paid: true, transactionId: clientSecret.split('_secret_')[0] });
    const [intent] = await ctx.app.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.orderId, id));
    expect(intent?.status).toBe('succeeded');
  });

  it('expires each order exactly once when several processes run the expiry at the same moment', async () => {
    const other = await ctx.startAnotherApp();
    const buyers = await Promise.all([1, 2, 3].map((n) => createUser(ctx, { name: `Twin ${n}` })));
    const ids = await Promise.all(buyers.map((buyer) => booked(buyer, 10)));
    const later = new Date(Date.now() + 49 * HOUR);
    const [first, second] = await Promise.all([ctx.app.orders.expire(later), other.orders.expire(later)]);
    expect(first + second).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await order(id)).toBeUndefined();
    // Stock and unpaid orders add up: nothing was given back twice.
    expect(await stock()).toBe(INITIAL_STOCK - (await sold()) - (await unpaidHeld()));
    for (const buyer of buyers) {
      await expect.poll(async () => (await mailsTo(buyer.email, 'Order cancelled')).length).toBe(1);
    }
  });

  it('runs as a job of the job runner', async () => {
    const buyer = await createUser(ctx, { name: 'Jo Job' });
    const id = await booked(buyer);
    await ctx.app.database.db
      .update(orders)
      .set({ heldUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, id));
    await ctx.app.jobs.sendAll(reservationExpiry(ctx.app.orders, ctx.app.log), [{}]);
    await expect.poll(async () => order(id), { timeout: 10_000 }).toBeUndefined();
  });
});

describe('MAX_UNPAID_ORDERS', () => {
  it('refuses the next order with a clear message once the buyer holds that many unpaid ones', async () => {
    const buyer = await createUser(ctx, { name: 'Cap Tain' });
    const ids = [await booked(buyer), await booked(buyer), await booked(buyer)];
    const before = await stock();
    const refused = await book(buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: tooManyUnpaidOrders(3) });
    expect(await stock()).toBe(before);

    expect((await as(buyer).delete(`/api/myorder/${ids[0]}`)).json()).toEqual({ deletedCount: 1 });
    expect((await book(buyer)).statusCode).toBe(200);
  });

  it('holds under a burst: of 8 orders sent at once by one buyer, exactly the cap is booked', async () => {
    const buyer = await createUser(ctx, { name: 'Burst Buyer' });
    const responses = await Promise.all(Array.from({ length: 8 }, () => book(buyer)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
  });
});

describe('with RESERVATION_HOLD_HOURS=0', () => {
  it('keeps unpaid orders until they are cancelled, as before', async () => {
    const forever = await createTestApp({ RESERVATION_HOLD_HOURS: '0' });
    try {
      const buyer = await createUser(forever);
      const tool = await addTestTool(forever.app);
      const response = await forever.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: buyer.headers,
        payload: { toolId: tool.id, quantity: 10, address: '1 Main St', number: '5' },
      });
      const id = response.json<{ insertedId: string }>().insertedId;
      const [listed] = (
        await forever.app.inject({ url: `/api/singleOrder?email=${buyer.email}`, headers: buyer.headers })
      ).json<Order[]>();
      expect(listed?.heldUntil).toBeNull();
      expect(await forever.app.orders.expire(new Date(Date.now() + 10_000 * HOUR))).toBe(0);
      expect((await forever.app.database.db.select().from(orders).where(eq(orders.id, id)))[0]).toBeDefined();
    } finally {
      await forever.close();
    }
  });
});
