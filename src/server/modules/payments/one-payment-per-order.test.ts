import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, testPaymentIntents, tools } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { readOutbox } from '#server/testing/outbox.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { StripeStandIn } from '#server/testing/stripe-stand-in.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';
import { addTestTool } from '#server/testing/tools.ts';

const SECRET_KEY = 'sk_test_one_intent';
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/** One shop per gateway, with a buyer, an administrator and a tool. */
interface Shop {
  ctx: TestContext;
  buyer: TestUser;
  admin: TestUser;
  toolId: string;
  stripe?: StripeStandIn;
}

async function openShop(gateway: 'test' | 'stripe'): Promise<Shop> {
  let stripe: StripeStandIn | undefined;
  let env: Record<string, string> = {};
  if (gateway === 'stripe') {
    stripe = new StripeStandIn(SECRET_KEY);
    env = {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_one_intent',
      STRIPE_WEBHOOK_SECRET: 'whsec_one_intent',
      STRIPE_API_URL: await stripe.start(),
    };
  }
  const ctx = await createTestApp(env);
  const [buyer, admin] = await Promise.all([
    createUser(ctx, { name: 'Paula Payer' }),
    createUser(ctx, { admin: true, name: 'Ada Admin' }),
  ]);
  const tool = await addTestTool(ctx.app, { availableQuantity: 1000 });
  return { ctx, buyer, admin, toolId: tool.id, stripe };
}

describe.each(['test', 'stripe'] as const)('with the %s gateway', (gateway) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop(gateway);
  });
  afterAll(async () => {
    await shop.ctx.close();
    await shop.stripe?.close();
  });

  const as = requestsAs(() => shop.ctx);

  async function book() {
    const response = await as(shop.buyer).post('/api/order', {
      toolId: shop.toolId,
      quantity: 10,
      address: '1 Main St',
      number: '555',
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ insertedId: string }>().insertedId;
  }

  async function clientSecret(orderId: string) {
    const response = await as(shop.buyer).post('/api/create-payment-intent', { orderId });
    expect(response.statusCode).toBe(200);
    return response.json<{ clientSecret: string }>().clientSecret;
  }

  const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;

  /** The intent's state at the gateway. */
  async function intentStatus(id: string) {
    if (shop.stripe) return shop.stripe.intents.get(id)?.status;
    const [row] = await shop.ctx.app.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, id));
    return row?.status;
  }

  /**
   * The buyer's card goes through at the gateway; the shop has not been told yet. The test gateway is sent the
   * card `times` times at once (a double click, two tabs), and must answer each as the payment it is.
   */
  async function cardGoesThrough(secret: string, times = 1) {
    if (shop.stripe) return void shop.stripe.succeed(intentIdOf(secret));
    const confirm = () =>
      as(shop.buyer).post('/api/payments/test/confirm', {
        clientSecret: secret,
        card: CARD,
        billing: { name: shop.buyer.name, email: shop.buyer.email },
      });
    const answers = await Promise.all(Array.from({ length: times }, confirm));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  }

  const order = async (id: string) =>
    (await shop.ctx.app.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const stock = async () =>
    (await shop.ctx.app.database.db.select().from(tools).where(eq(tools.id, shop.toolId)))[0]!
      .availableQuantity;

  it('keeps one payment intent per order, however often and however many tabs open the payment page', async () => {
    const orderId = await book();
    const createsBefore = shop.stripe?.creates.length ?? 0;
    const secrets = await Promise.all([clientSecret(orderId), clientSecret(orderId)]);
    secrets.push(await clientSecret(orderId));
    expect(new Set(secrets).size).toBe(1);
    expect((await order(orderId))?.paymentIntentId).toBe(intentIdOf(secrets[0]));
    if (shop.stripe) expect(shop.stripe.creates.length - createsBefore).toBe(1);
    else {
      const intents = await shop.ctx.app.database.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.orderId, orderId));
      expect(intents).toHaveLength(1);
    }
  });

  it.each([
    ['the buyer cancels', '/api/myorder'],
    ['an administrator deletes', '/api/order'],
  ])(
    'when %s an unpaid order, its intent is cancelled first: the card can no longer be charged',
    async (_who, path) => {
      const orderId = await book();
      const secret = await clientSecret(orderId);
      const before = await stock();
      const who = path === '/api/order' ? shop.admin : shop.buyer;
      const response = await as(who).delete(`${path}/${orderId}`);
      expect(response.json()).toEqual({ deletedCount: 1 });
      expect(await order(orderId)).toBeUndefined();
      expect(await stock()).toBe(before + 10);
      if (shop.stripe) expect(await intentStatus(intentIdOf(secret))).toBe('canceled');
      else {
        const charge = await as(shop.buyer).post('/api/payments/test/confirm', {
          clientSecret: secret,
          card: CARD,
          billing: { name: shop.buyer.name, email: shop.buyer.email },
        });
        expect(charge.statusCode).toBe(402);
      }
    },
  );

  it('refuses to cancel an order whose payment went through meanwhile: the order is paid instead', async () => {
    const orderId = await book();
    const secret = await clientSecret(orderId);
    await cardGoesThrough(secret);
    const before = await stock();
    const response = await as(shop.buyer).delete(`/api/myorder/${orderId}`);
    expect(response.json()).toEqual({ deletedCount: 0 });
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    expect(await stock()).toBe(before);
    await expect
      .poll(async () =>
        (await readOutbox(shop.ctx.config.mailOutboxDir)).some(
          (mail) => mail.to === shop.buyer.email && mail.subject.startsWith('Payment receipt'),
        ),
      )
      .toBe(true);
  });

  it('answers a cancel that crosses the confirmation of its payment as for a paid order: nothing cancelled', async () => {
    const orderId = await book();
    const secret = await clientSecret(orderId);
    await cardGoesThrough(secret);
    const { orders: service } = shop.ctx.app;
    const find = service.find.bind(service);
    // The payment page confirms the payment just after the cancel has read the order, still unpaid.
    vi.spyOn(service, 'find').mockImplementationOnce(async (id) => {
      const found = await find(id);
      await service.markPaid(id, { transactionId: intentIdOf(secret), testPayment: gateway === 'test' });
      return found;
    });
    const before = await stock();
    const response = await as(shop.buyer).delete(`/api/myorder/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 0 });
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    expect(await stock()).toBe(before);
  });

  it('answers "Order not found" when the order goes as its payment page opens', async () => {
    const orderId = await book();
    const { orders: service } = shop.ctx.app;
    const find = service.find.bind(service);
    // The buyer's cancel lands just after the payment page has read the order.
    vi.spyOn(service, 'find').mockImplementationOnce(async (id) => {
      const found = await find(id);
      expect(await service.remove(id, shop.buyer.id)).toBe(1);
      return found;
    });
    const response = await as(shop.buyer).post('/api/create-payment-intent', { orderId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Order not found' });
    expect(await order(orderId)).toBeUndefined();
  });

  it('answers a new visit of the payment page for a paid order with "already paid"', async () => {
    const orderId = await book();
    const secret = await clientSecret(orderId);
    await cardGoesThrough(secret);
    const response = await as(shop.buyer).post('/api/create-payment-intent', { orderId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'This order is already paid.' });
    expect(await order(orderId)).toMatchObject({ paid: true });
  });

  it('takes a card confirmed several times at once, and the shop told so several times at once, as one payment', async () => {
    const orderId = await book();
    const secret = await clientSecret(orderId);
    await cardGoesThrough(secret, 4);
    const transactionId = intentIdOf(secret);
    const told = await Promise.all(
      Array.from({ length: 4 }, () => as(shop.buyer).patch(`/api/orderPay/${orderId}`, { transactionId })),
    );
    expect(told.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(told.map((answer) => answer.json<{ modifiedCount: number }>().modifiedCount).sort()).toEqual([
      0, 0, 0, 1,
    ]);
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId });
    expect(await intentStatus(transactionId)).toBe('succeeded');
  });
});

describe('with Stripe, payments that must be given back', () => {
  let shop: Shop;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    shop = await openShop('stripe');
    stripe = shop.stripe!;
  });
  afterAll(async () => {
    await shop.ctx.close();
    await stripe.close();
  });

  const as = requestsAs(() => shop.ctx);

  async function bookWithIntent() {
    const booked = await as(shop.buyer).post('/api/order', {
      toolId: shop.toolId,
      quantity: 10,
      address: '1 Main St',
      number: '555',
    });
    const orderId = booked.json<{ insertedId: string }>().insertedId;
    const secret = (await as(shop.buyer).post('/api/create-payment-intent', { orderId })).json<{
      clientSecret: string;
    }>().clientSecret;
    return { orderId, intentId: secret.split('_secret_')[0]! };
  }

  /** Stripe's webhook, told that this intent succeeded (the shop asks Stripe for the truth). */
  async function webhookSaysSucceeded(intentId: string) {
    const { default: Stripe } = await import('stripe');
    const payload = JSON.stringify({
      id: `evt_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stripe.intents.get(intentId) },
    });
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_one_intent',
    });
    const response = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(response.statusCode).toBe(200);
  }

  const adminWasTold = (intentId: string) =>
    expect
      .poll(async () =>
        (await readOutbox(shop.ctx.config.mailOutboxDir)).some(
          (mail) => mail.to === shop.admin.email && mail.subject.includes(intentId),
        ),
      )
      .toBe(true);

  it('refuses to cancel while the payment is being processed, changing nothing', async () => {
    const { orderId, intentId } = await bookWithIntent();
    stripe.process(intentId);
    const response = await as(shop.buyer).delete(`/api/myorder/${orderId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining('payment for this order is under way'),
    });
    const admin = await as(shop.admin).delete(`/api/order/${orderId}`);
    expect(admin.statusCode).toBe(409);
    expect(
      (await shop.ctx.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0],
    ).toMatchObject({
      paid: false,
    });
  });

  it('refunds a payment for an order that no longer exists, and tells the administrators', async () => {
    const { orderId, intentId } = await bookWithIntent();
    // The order went without its intent being cancelled (as before this rule existed).
    await shop.ctx.app.database.db.delete(orders).where(eq(orders.id, orderId));
    stripe.succeed(intentId);
    await webhookSaysSucceeded(intentId);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    await adminWasTold(intentId);
    // Stripe may send the event again: the refund is not repeated.
    await webhookSaysSucceeded(intentId);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
  });

  it('refunds a second payment of a paid order, and tells the administrators', async () => {
    const { orderId, intentId } = await bookWithIntent();
    stripe.succeed(intentId);
    await webhookSaysSucceeded(intentId);
    const order = (await shop.ctx.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    expect(order).toMatchObject({ paid: true, transactionId: intentId });

    const second = stripe.add({
      amount: order.priceCents,
      metadata: { orderId, shop: shop.ctx.config.baseUrl },
    });
    stripe.succeed(second.id);
    await webhookSaysSucceeded(second.id);
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(second.id);
    expect(stripe.refunds.map((refund) => refund.payment_intent)).not.toContain(intentId);
    await adminWasTold(second.id);
    expect(
      (await shop.ctx.app.database.db.select().from(orders).where(eq(orders.id, orderId)))[0],
    ).toMatchObject({
      transactionId: intentId,
    });
  });
});
