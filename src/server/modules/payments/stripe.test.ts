import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { StripeStandIn, type StandInIntent } from '#server/testing/stripe-stand-in.ts';
import { requestsAs } from '#server/testing/requests.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

const SECRET_KEY = 'sk_test_x';
const PUBLISHABLE_KEY = 'pk_test_x';
const WEBHOOK_SECRET = 'whsec_test_secret';

const stripe = new StripeStandIn(SECRET_KEY);
const webhooks = new Stripe(SECRET_KEY).webhooks;
const logLines: string[] = [];

let ctx: TestContext;
let buyer: TestUser;
let toolId: string;

// 10 × $19.99: an amount with cents, so dollars-for-cents mix-ups show.
const TOOL = { name: 'Torque Wrench', priceCents: 1999, availableQuantity: 1000, minOrderQuantity: 10 };
const ORDER_CENTS = 10 * 1999;

beforeAll(async () => {
  const apiUrl = await stripe.start();
  ctx = await createTestApp(
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
    },
    { logger: { level: 'info', stream: { write: (line) => logLines.push(line) } } },
  );
  buyer = await createUser(ctx, { name: 'Sam Stripe' });
  const [tool] = await ctx.app.tools.add([
    { ...TOOL, details: 'A wrench', image: '/images/tools/cordless-drill.svg' },
  ]);
  toolId = tool!.id;
});
afterAll(async () => {
  await ctx?.close();
  await stripe.server.close();
});

const as = requestsAs(() => ctx);

async function order(id: string) {
  const [row] = await ctx.app.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function book(quantity = 10) {
  const response = await as(buyer).post('/api/order', {
    toolId,
    quantity,
    address: '1 Main St',
    number: '555-0100',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Creates the intent through the shop, as the checkout page does; answers the stand-in's intent. */
async function createIntent(orderId: string) {
  const response = await as(buyer).post('/api/create-payment-intent', { orderId });
  expect(response.statusCode).toBe(200);
  const { clientSecret } = response.json<{ clientSecret: string }>();
  const id = clientSecret.split('_secret_')[0]!;
  expect(stripe.intents.get(id)?.client_secret).toBe(clientSecret);
  return stripe.intents.get(id)!;
}

/** The metadata the shop writes on its intents: the order, and the shop (its BASE_URL) that made it. */
const shopMetadata = (orderId: string) => ({ orderId, shop: ctx.config.baseUrl });

/** An intent made outside the shop's payment page (another system, or someone with the account's keys). */
const succeededElsewhere = (fields: Parameters<typeof stripe.add>[0]) =>
  stripe.succeed(stripe.add(fields).id);

const refundsOf = (intentId: string) => stripe.refunds.filter((refund) => refund.payment_intent === intentId);

function pay(orderId: string, transactionId: string) {
  return as(buyer).patch(`/api/orderPay/${orderId}`, { transactionId });
}

/** A payment_intent.succeeded event as Stripe would post it. */
function succeededEvent(intent: StandInIntent): string {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });
}

/** Posts to the webhook as Stripe does: raw JSON, a Stripe-Signature header, no cookie and no Origin. */
function postWebhook(payload: string, signature: string | undefined) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Stripe's payment_intent.succeeded event for the intent, correctly signed, posted to the webhook. */
function webhookSaysSucceeded(intent: StandInIntent) {
  const payload = succeededEvent(intent);
  return postWebhook(payload, webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
}

describe('paying through Stripe (local stand-in)', () => {
  let orderId: string;
  let intent: StandInIntent;

  it('reports the Stripe gateway and its publishable key on the payment page', async () => {
    orderId = await book();
    const response = await as(buyer).get(`/api/payment/${orderId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userName: 'Sam Stripe',
      productName: 'Torque Wrench',
      price: 199.9,
      paid: false,
      transactionId: null,
      gateway: 'stripe',
      publishableKey: PUBLISHABLE_KEY,
    });
  });

  it("creates a form-encoded intent for exactly the order's amount in cents, whatever the client says", async () => {
    const before = stripe.creates.length;
    const response = await as(buyer).post('/api/create-payment-intent', { orderId, price: 1 });
    expect(response.statusCode).toBe(200);
    const { clientSecret } = response.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    expect(stripe.creates).toHaveLength(before + 1);
    const sent = stripe.creates.at(-1)!;
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toMatchObject({
      amount: String(ORDER_CENTS),
      currency: 'usd',
      'metadata[orderId]': orderId,
      'metadata[shop]': ctx.config.baseUrl,
      receipt_email: buyer.email,
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(Object.keys(sent.form).filter((key) => key.startsWith('metadata['))).toEqual([
      'metadata[orderId]',
      'metadata[shop]',
    ]);
    intent = stripe.intents.get(clientSecret.split('_secret_')[0]!)!;
    expect(intent).toMatchObject({
      amount: ORDER_CENTS,
      currency: 'usd',
      metadata: shopMetadata(orderId),
      status: 'requires_payment_method',
      client_secret: clientSecret,
    });
  });

  it('has no built-in test confirm endpoint when Stripe is configured', async () => {
    const response = await as(buyer).post('/api/payments/test/confirm', {
      clientSecret: intent.client_secret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      billing: { name: 'Sam', email: buyer.email },
    });
    expect(response.statusCode).toBe(404);
    expect(stripe.intents.get(intent.id)?.status).toBe('requires_payment_method');
  });

  it('refuses to mark the order paid before the intent succeeded, or for an intent Stripe does not know', async () => {
    expect((await pay(orderId, intent.id)).statusCode).toBe(400);
    const unknown = await pay(orderId, 'pi_does_not_exist');
    expect(unknown.statusCode).toBe(400);
    expect(await order(orderId)).toMatchObject({ paid: false, transactionId: null });
  });

  it('marks it paid once Stripe says the intent succeeded, and only once', async () => {
    stripe.succeed(intent.id);
    expect((await pay(orderId, intent.id)).json()).toEqual({ modifiedCount: 1 });
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId: intent.id, testPayment: false });
    expect((await pay(orderId, intent.id)).json()).toEqual({ modifiedCount: 0 });
    expect(await order(orderId)).toMatchObject({ paid: true, transactionId: intent.id });
    expect((await as(buyer).get(`/api/payment/${orderId}`)).json()).toMatchObject({
      paid: true,
      transactionId: intent.id,
    });
    // A paid order gets no new intent.
    expect((await as(buyer).post('/api/create-payment-intent', { orderId })).statusCode).toBe(409);
  });

  it("refuses another order's succeeded intent, leaving the order unchanged", async () => {
    const second = await book();
    const third = await book();
    const thirdIntent = await createIntent(third);
    stripe.succeed(thirdIntent.id);
    expect((await pay(second, thirdIntent.id)).statusCode).toBe(400);
    // Even the already-used intent of the first order.
    expect((await pay(second, intent.id)).statusCode).toBe(400);
    expect(await order(second)).toMatchObject({ paid: false, transactionId: null });
    expect(await order(third)).toMatchObject({ paid: false, transactionId: null });
  });

  it('refuses a succeeded intent for this order whose amount or currency is not the order amount', async () => {
    const id = await book();
    for (const amount of [1, ORDER_CENTS - 1, Math.round(ORDER_CENTS / 100)]) {
      const forged = succeededElsewhere({ amount, metadata: shopMetadata(id) });
      expect((await pay(id, forged.id)).statusCode).toBe(400);
    }
    const inYen = succeededElsewhere({ amount: ORDER_CENTS, currency: 'jpy', metadata: shopMetadata(id) });
    expect((await pay(id, inYen.id)).statusCode).toBe(400);
    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('answers a payment confirmed by the webhook and the browser at the same moment as paid to both', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await book();
      const intent = stripe.succeed((await createIntent(id)).id);
      const [webhook, browser] = await Promise.all([webhookSaysSucceeded(intent), pay(id, intent.id)]);
      expect([webhook.statusCode, browser.statusCode]).toEqual([200, 200]);
      expect(await order(id)).toMatchObject({ paid: true, transactionId: intent.id });
    }
    expect(stripe.refunds).toEqual([]);
  });
});

describe('when Stripe refuses or fails a call', () => {
  afterEach(() => {
    stripe.failure = undefined;
  });

  it.each([
    [401, 'Invalid API Key provided: sk_live_****abcd'],
    [400, 'Your account acct_123 is restricted.'],
    [500, 'An unknown error occurred'],
  ])(
    'answers %i as 503 with Retry-After, shows the buyer none of it, and logs it as an error',
    async (status, message) => {
      const id = await book();
      await createIntent(id);
      stripe.failure = { status, message };
      const expectUnavailable = (response: Awaited<ReturnType<typeof pay>>) => {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('60');
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Card payments are unavailable just now. Please try again in a few minutes.',
        });
      };
      expectUnavailable(await as(buyer).post('/api/create-payment-intent', { orderId: id }));
      // Cancelling asks Stripe to cancel the intent first: refused alike, and the order keeps its stock.
      expectUnavailable(await as(buyer).delete(`/api/myorder/${id}`));
      const logged = logLines.map((line) => JSON.parse(line) as { level: number; err?: { message: string } });
      expect(logged.filter((line) => line.level === 50 && line.err?.message.includes(message))).toHaveLength(
        2,
      );
      stripe.failure = undefined;
      expect(await order(id)).toMatchObject({ paid: false });
      logLines.length = 0;
    },
  );
});

describe('the Stripe webhook', () => {
  it('marks the order paid on a correctly signed payment_intent.succeeded, without cookie or Origin', async () => {
    const id = await book();
    const intent = stripe.succeed((await createIntent(id)).id);
    const payload = succeededEvent(intent);
    const response = await postWebhook(
      payload,
      webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await order(id)).toMatchObject({ paid: true, transactionId: intent.id });
    // The buyer's browser coming back afterwards changes nothing.
    expect((await pay(id, intent.id)).json()).toEqual({ modifiedCount: 0 });
    // Stripe retries deliveries: the same event again is acknowledged and harmless.
    const again = await postWebhook(
      payload,
      webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(again.statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ paid: true, transactionId: intent.id });
  });

  it('refuses a bad, stale or missing signature and changes nothing', async () => {
    const id = await book();
    const intent = stripe.succeed((await createIntent(id)).id);
    const payload = succeededEvent(intent);

    const wrongSecret = webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await postWebhook(payload, wrongSecret)).statusCode).toBe(400);

    // Signed for one body, delivered with another.
    const signedOther = webhooks.generateTestHeaderString({
      payload: succeededEvent({ ...intent, metadata: { orderId: 'x' } }),
      secret: WEBHOOK_SECRET,
    });
    expect((await postWebhook(payload, signedOther)).statusCode).toBe(400);

    const stale = webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await postWebhook(payload, stale)).statusCode).toBe(400);

    expect((await postWebhook(payload, undefined)).statusCode).toBe(400);
    expect((await postWebhook(payload, 'garbage')).statusCode).toBe(400);

    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });

  it("refunds a payment of the shop's for another amount or currency than its order's, and pays nothing", async () => {
    const id = await book();
    const forged = [
      succeededElsewhere({ amount: 100, metadata: shopMetadata(id) }),
      succeededElsewhere({ amount: ORDER_CENTS, currency: 'jpy', metadata: shopMetadata(id) }),
    ];
    for (const intent of forged) {
      expect((await webhookSaysSucceeded(intent)).statusCode).toBe(200);
      expect(refundsOf(intent.id)).toHaveLength(1);
    }
    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('lets an order go whose own intent was paid for another amount, refunding that payment', async () => {
    const id = await book();
    const intent = await createIntent(id);
    intent.amount = 100;
    stripe.succeed(intent.id);
    const response = await as(buyer).delete(`/api/myorder/${id}`);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(await order(id)).toBeUndefined();
  });

  it('leaves alone the payments of the Stripe account that the shop did not make', async () => {
    const id = await book();
    const elsewhere = [
      succeededElsewhere({ amount: 5000, metadata: {} }),
      succeededElsewhere({ amount: 5000, metadata: { orderId: 'INV-2041' } }),
      succeededElsewhere({ amount: ORDER_CENTS, metadata: { orderId: id } }),
      succeededElsewhere({ amount: ORDER_CENTS, metadata: { orderId: id, shop: 'https://staging.example' } }),
    ];
    for (const intent of elsewhere) {
      expect((await webhookSaysSucceeded(intent)).statusCode).toBe(200);
      expect(refundsOf(intent.id)).toEqual([]);
    }
    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });

  it("trusts Stripe's record, not the event body: a signed event claiming success for an unpaid intent pays nothing", async () => {
    const id = await book();
    const intent = await createIntent(id);
    // The event says succeeded and the full amount, but the stand-in (Stripe) still has it unpaid.
    const payload = succeededEvent({ ...intent, status: 'succeeded', amount_received: intent.amount });
    const response = await postWebhook(
      payload,
      webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(response.statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('acknowledges other event types without changing anything', async () => {
    const id = await book();
    const intent = stripe.succeed((await createIntent(id)).id);
    const payload = JSON.stringify({
      ...JSON.parse(succeededEvent(intent)),
      type: 'payment_intent.created',
    });
    const response = await postWebhook(
      payload,
      webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await order(id)).toMatchObject({ paid: false, transactionId: null });
  });
});
