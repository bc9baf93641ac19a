import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as contactTexts } from '#shared/schemas/contact.ts';
import { contactMessages } from '#server/db/schema.ts';
import { multipart } from '#server/testing/multipart.ts';
import { addTestTool } from '#server/testing/tools.ts';
import type { App } from '#server/app.ts';
import { createUser, type TestUser } from '#server/testing/accounts.ts';
import { snapshotDatabase } from '#server/testing/db-snapshot.ts';
import { createTestApp, type TestContext } from '#server/testing/test-app.ts';

const WRITES = 2;
const UPLOADS = 1;
const CONTACTS = 2;
/** One client address may send this many times what one account may. */
const CLIENT_FACTOR = 3;

let ctx: TestContext;
let toolId: string;
let addresses = 0;
/** A client address of its own, so that each test starts with fresh counters. */
const newAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  ctx = await createTestApp({
    WRITE_RATE_LIMIT: String(WRITES),
    UPLOAD_RATE_LIMIT: String(UPLOADS),
    CONTACT_RATE_LIMIT: String(CONTACTS),
  });
  const tool = await addTestTool(ctx.app, { availableQuantity: 100_000 });
  toolId = tool.id;
});
afterAll(() => ctx.close());

interface Request {
  method: 'POST' | 'PATCH';
  url: string;
  payload: string | Buffer | object;
  headers?: Record<string, string>;
}

/** A buyer who has ordered once (so may review) and holds an unpaid order to pay; the order is not counted. */
async function buyerWithOrder() {
  const buyer = await createUser(ctx, { name: 'Rita Rate' });
  const order = await ctx.app.orders.place(
    { id: buyer.id, name: buyer.name, email: buyer.email, role: 'user', emailVerified: true },
    { toolId, quantity: 10, address: '1 Main St', number: '555' },
  );
  return { buyer, orderId: order.id };
}

async function imageForm() {
  const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
  const { payload, contentType } = await multipart([
    { field: 'image', data, filename: 'bolt.png', type: 'image/png' },
  ]);
  return { payload, headers: { 'content-type': contentType } };
}

/** Each limited write, as a valid request of the buyer's. */
const writes: Record<string, { limit: number; request(orderId: string): Promise<Request> }> = {
  order: {
    limit: WRITES,
    request: async () => ({
      method: 'POST',
      url: '/api/order',
      payload: { toolId, quantity: 10, address: '1 Main St', number: '555' },
    }),
  },
  'payment intent': {
    limit: WRITES,
    request: async (orderId) => ({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } }),
  },
  'payment confirmation': {
    limit: WRITES,
    request: async (orderId) => ({
      method: 'PATCH',
      url: `/api/orderPay/${orderId}`,
      payload: { transactionId: 'pi_not_paid' },
    }),
  },
  'test-card payment': {
    limit: WRITES,
    request: async () => ({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: 'pi_test_x_secret_y',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        billing: { name: 'Rita', email: 'rita@example.com' },
      },
    }),
  },
  review: {
    limit: WRITES,
    request: async () => ({
      method: 'POST',
      url: '/api/review',
      payload: { customRating: 5, review: 'Good bolts' },
    }),
  },
  upload: {
    limit: UPLOADS,
    request: async () => ({ method: 'POST', url: '/api/uploads', ...(await imageForm()) }),
  },
};

function send(app: App, who: TestUser, request: Request, remoteAddress: string) {
  return app.inject({
    method: request.method,
    url: request.url,
    remoteAddress,
    headers: { ...who.headers, ...request.headers },
    payload: request.payload,
  });
}

function expectTooMany(response: Awaited<ReturnType<App['inject']>>, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.any(String),
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe.each(Object.entries(writes))('%s', (_name, write) => {
  const windowSeconds = write.limit === UPLOADS ? 3600 : 60;

  it("refuses an account's request over its limit with 429 and Retry-After, changing nothing", async () => {
    const { buyer, orderId } = await buyerWithOrder();
    const request = await write.request(orderId);
    const address = newAddress();
    for (let i = 0; i < write.limit; i += 1) {
      expect((await send(ctx.app, buyer, request, address)).statusCode).not.toBe(429);
    }
    const before = await snapshotDatabase(ctx.app.database.db);
    expectTooMany(await send(ctx.app, buyer, request, address), windowSeconds);
    expect(await snapshotDatabase(ctx.app.database.db)).toBe(before);

    // From another address the account is still over its limit; another account is not held back.
    expectTooMany(await send(ctx.app, buyer, request, newAddress()), windowSeconds);
    const other = await buyerWithOrder();
    expect(
      (await send(ctx.app, other.buyer, await write.request(other.orderId), address)).statusCode,
    ).not.toBe(429);
  });
});

describe('one client address', () => {
  it('may send three times what one account may, however many accounts it uses', async () => {
    const address = newAddress();
    const buyers = await Promise.all(Array.from({ length: CLIENT_FACTOR + 1 }, () => buyerWithOrder()));
    const order = await writes.order!.request('');
    for (const { buyer } of buyers.slice(0, CLIENT_FACTOR)) {
      for (let i = 0; i < WRITES; i += 1)
        expect((await send(ctx.app, buyer, order, address)).statusCode).toBe(200);
    }
    expectTooMany(await send(ctx.app, buyers.at(-1)!.buyer, order, address), 60);
    expect((await send(ctx.app, buyers.at(-1)!.buyer, order, newAddress())).statusCode).toBe(200);
  });
});

describe('several server processes', () => {
  it('count together', async () => {
    const other = await ctx.startAnotherApp();
    const { buyer } = await buyerWithOrder();
    const order = await writes.order!.request('');
    const address = newAddress();
    expect((await send(ctx.app, buyer, order, address)).statusCode).toBe(200);
    expect((await send(other, buyer, order, address)).statusCode).toBe(200);
    expectTooMany(await send(ctx.app, buyer, order, address), 60);
    expectTooMany(await send(other, buyer, order, address), 60);
  });
});

describe('Get In Touch', () => {
  const message = { name: 'Carla', email: 'carla@example.com', message: 'Do you stock M12 bolts?' };
  const contact = (app: App, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/contact', remoteAddress, headers, payload: message });
  const stored = async () => (await ctx.app.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it('keeps its limit under a burst: of 20 messages at once from one client, exactly the limit is stored', async () => {
    const before = await stored();
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 20 }, () => contact(ctx.app, address)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(CONTACTS);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(20 - CONTACTS);
    expect(refused[0]!.json()).toMatchObject({ message: contactTexts.tooMany });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toBe(before + CONTACTS);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (const address of ['2001:db8:5:1::1', '2001:db8:5:1:ffff::2']) {
      expect((await contact(ctx.app, address)).statusCode).toBe(201);
    }
    expect((await contact(ctx.app, '2001:db8:5:1::3')).statusCode).toBe(429);
    expect((await contact(ctx.app, '2001:db8:5:2::1')).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For from anyone when no proxy is trusted', async () => {
    const address = newAddress();
    for (let i = 0; i < CONTACTS; i += 1) {
      expect((await contact(ctx.app, address, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(201);
    }
    expect((await contact(ctx.app, address, { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(429);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '10.0.0.1', CONTACT_RATE_LIMIT: '1', AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => proxied.close());

  const contact = (remoteAddress: string, client: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'x-forwarded-for': client },
      payload: { name: 'Carla', email: 'carla@example.com', message: 'Do you stock M12 bolts?' },
    });

  it('counts each client the trusted proxy names, not the proxy', async () => {
    expect((await contact('10.0.0.1', '203.0.113.10')).statusCode).toBe(201);
    expect((await contact('10.0.0.1', '203.0.113.10')).statusCode).toBe(429);
    expect((await contact('10.0.0.1', '203.0.113.11')).statusCode).toBe(201);
  });

  it('does not believe a forwarded address from anyone else', async () => {
    expect((await contact('10.9.9.9', '203.0.113.20')).statusCode).toBe(201);
    expect((await contact('10.9.9.9', '203.0.113.21')).statusCode).toBe(429);
  });

  it('limits sign-in attempts per client, so one abuser does not lock out everyone', async () => {
    const signIn = (client: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.0.0.1',
        headers: { origin: proxied.config.baseUrl, 'x-forwarded-for': client },
        payload: { email: 'nobody@example.com', password: 'Wrong1234' },
      });
    for (let i = 0; i < 2; i += 1) expect((await signIn('203.0.113.30')).statusCode).toBe(401);
    expect((await signIn('203.0.113.30')).statusCode).toBe(429);
    expect((await signIn('203.0.113.31')).statusCode).toBe(401);
  });

  it('takes a hop count', async () => {
    const counted = await createTestApp({ TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '1' });
    try {
      const send = (client: string) =>
        counted.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: '10.0.0.7',
          headers: { 'x-forwarded-for': client },
          payload: { name: 'Carla', email: 'carla@example.com', message: 'Do you stock M12 bolts?' },
        });
      expect((await send('203.0.113.40')).statusCode).toBe(201);
      expect((await send('203.0.113.41')).statusCode).toBe(201);
      expect((await send('203.0.113.40')).statusCode).toBe(429);
    } finally {
      await counted.close();
    }
  });
});
